import { lstatSync } from 'node:fs';
import { getNodeValue, JSONPath, Node } from 'jsonc-parser';
import { JsonText } from '../files/jsonEdit';
import { stateDir } from '../files/stateDir';
import { HOOK_MARKER, HookCommands } from './command';
import { HOOK_HOSTS, HookHost, hostOf } from './hosts';
import { HookEvent, HookFileFormat, HookPlace, InstallScope } from './hosts/host';
import { excludeFromGit } from './gitExclude';
import { holding, keepAdded, readAdded, readJsonDocument, said, SettingsFileError, writeBoth, writeRemoval } from './settingsDocument';

/**
 * Installs and removes Skim's read hook in each host's hook files. One implementation for the
 * `skim hook install` command and the extension's "Skim Setup: Install Read Hook". Files are a
 * person's own: Skim edits only its own hook (comments, order and formatting kept; in a matcher
 * group the person shares with it, only its own command), writes atomically keeping owner and
 * mode, and refuses with a clear message whatever it cannot edit safely, before writing anything.
 */
export const INSTALL_HOSTS = HOOK_HOSTS;
export { INSTALL_SCOPES } from './hosts/host';
export type { HookPlace, InstallScope } from './hosts/host';
export type InstallHost = HookHost;

export const HOOK_TIMEOUT_SECONDS = 30;

/** The hook file for a host and scope (each host's record in `hosts/` says where). */
export const hookPlace = (host: InstallHost, scope: InstallScope, root: string, env: NodeJS.ProcessEnv = process.env): HookPlace =>
  hostOf(host).place(scope, root, env);

const EVENTS: HookEvent[] = ['pre', 'post'];

/** Where an event's entry list lives in a format. */
const eventPath = (format: HookFileFormat, event: HookEvent): JSONPath => ['hooks', format.events[event]];

/** Skim's hook object in a format: the command itself, without a matcher. */
const skimHook = (format: HookFileFormat, command: string): Record<string, unknown> => format.hook(command, HOOK_TIMEOUT_SECONDS);

/** Skim's entry in an event's list: its hook object, or in a grouped format a matcher group (naming its tools) holding it alone. */
function skimEntry(format: HookFileFormat, commands: HookCommands, event: HookEvent): unknown {
  const hook = skimHook(format, commands[event]);
  return format.grouped ? { matcher: commands.tools[event].join('|'), hooks: [hook] } : hook;
}

/** The fields of a hook object that hold its command, in the hosts' formats (VS Code's per-OS overrides, the Copilot CLI's shells). */
const COMMAND_FIELDS = ['command', 'bash', 'powershell', 'linux', 'osx', 'windows'];

/** Whether a hook object runs a command Skim wrote: one that ends with the marker. */
function isSkimHook(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return COMMAND_FIELDS.some((field) => {
    const command = (value as Record<string, unknown>)[field];
    return typeof command === 'string' && command.trimEnd().endsWith(HOOK_MARKER);
  });
}

/** Where Skim stands in an event's list: entries that are its own, and its hook objects inside a group the person shares with it. */
interface Standing {
  own: number[];
  shared: { entry: number; hooks: number[] }[];
}

function standing(list: Node | undefined): Standing {
  const found: Standing = { own: [], shared: [] };
  (list?.children ?? []).forEach((child, entry) => {
    const value = getNodeValue(child) as unknown;
    const inner = (value as { hooks?: unknown } | null)?.hooks;
    const hooks = Array.isArray(inner) ? inner.map((hook, i) => (isSkimHook(hook) ? i : -1)).filter((i) => i !== -1) : [];
    if (isSkimHook(value) || (hooks.length > 0 && hooks.length === (inner as unknown[]).length)) found.own.push(entry);
    else if (hooks.length > 0) found.shared.push({ entry, hooks });
  });
  return found;
}

/** The hook file's text, checked to be JSON Skim can edit: "hooks" (and "version") once. */
const readDocument = (file: string) => readJsonDocument(file, ['hooks', 'version']);

/** The entry list, checked to be one Skim can edit: absent, or an array inside an object. */
function entries(json: JsonText, file: string, at: JSONPath): Node | undefined {
  const hooks = json.node(at.slice(0, 1));
  if (hooks && hooks.type !== 'object')
    throw new SettingsFileError(`${file}: "${at[0]}" is not an object, so Skim cannot add its entry safely. Fix it by hand, then try again.`);
  const list = json.node(at);
  if (list && list.type !== 'array')
    throw new SettingsFileError(`${file}: "${at.join('.')}" is not a list, so Skim cannot add its entry safely. Fix it by hand, then try again.`);
  return list;
}

/** Where Skim remembers which hook files it created: `$XDG_STATE_HOME/skim/hooks`, else `~/.local/state/skim/hooks`. */
export const hookStateDir = (env: NodeJS.ProcessEnv = process.env) => stateDir(env, 'hooks');

export interface HookChange {
  file: string;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Skim's hook object inside a group the person shares with it, brought up to date field by field:
 * the group, its matcher and the person's hooks stay as they are.
 */
function updateSharedHook(json: JsonText, at: JSONPath, wanted: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(wanted)) {
    const current = json.node([...at, key]);
    if (!current) json.addProperty(at, key, value);
    else if (!same(getNodeValue(current), value)) json.replace([...at, key], value);
  }
}

/** Skim's entry for one event, added or updated in place. */
function putEntry(json: JsonText, place: HookPlace, commands: HookCommands, event: HookEvent, containers: Set<string>): void {
  const at = eventPath(place.format, event);
  const list = entries(json, place.file, at);
  const wanted = skimEntry(place.format, commands, event);
  const { own, shared } = standing(list);
  if (!json.node(at.slice(0, 1))) containers.add(String(at[0]));
  if (!json.node(at)) containers.add(at.join('.'));
  // Inside a shared group only Skim's own hook object changes; a second one of Skim's there goes.
  for (const { entry, hooks } of [...shared].reverse()) {
    for (const i of hooks.slice(1).reverse()) json.remove([...at, entry, 'hooks', i]);
    updateSharedHook(json, [...at, entry, 'hooks', hooks[0]], skimHook(place.format, commands[event]));
  }
  if (own.length > 0) {
    // Skim's entry is updated where it stands; any second one of Skim's goes.
    for (const i of own.slice(1).reverse()) json.remove([...at, i]);
    if (!same(getNodeValue(json.node([...at, own[0]]) as Node), wanted)) json.replace([...at, own[0]], wanted);
  } else if (shared.length > 0) {
    return;
  } else if (json.node(at)) {
    json.append(at, wanted);
  } else if (json.node(at.slice(0, 1))) {
    json.addProperty(at.slice(0, 1), String(at[1]), [wanted]);
  } else {
    json.addProperty([], String(at[0]), { [at[1]]: [wanted] });
  }
}

/** Whether Skim's hook is in the place's file; false for a file Skim cannot read safely (a FIFO would hang the caller). */
export function hasSkimHook(place: HookPlace): boolean {
  try {
    const json = JsonText.of(readDocument(place.file).text);
    return EVENTS.some((event) => {
      const { own, shared } = standing(json.node(eventPath(place.format, event)));
      return own.length + shared.length > 0;
    });
  } catch {
    return false;
  }
}

function install(place: HookPlace, commands: HookCommands, stateDir: string): HookChange {
  const doc = readDocument(place.file);
  const json = JsonText.of(doc.text.trim() === '' ? '{}' : doc.text);
  const added = readAdded(stateDir, place.file);
  const containers = new Set(added.containers ?? []);
  const original = json.text;
  for (const event of EVENTS) putEntry(json, place, commands, event, containers);
  if (json.text === original) return { file: place.file, changed: false };
  if (!doc.exists) added.created = true;
  else if (doc.text.trim() === '') added.blank = true;
  added.containers = [...containers];
  if (place.format.version !== undefined && !json.node(['version'])) json.addProperty([], 'version', place.format.version);
  const text = doc.exists && doc.text.trim() !== '' ? json.text : `${json.text}\n`;
  const exclude = place.personalIn ? excludeFromGit(place.personalIn, place.file) : undefined;
  if (exclude) added.excluded = { newline: exclude.newline === true };

  writeBoth(place.file, text, doc, exclude, false);
  keepAdded(stateDir, place.file, holding(added, 'hook'));
  return { file: place.file, changed: true };
}

function remove(place: HookPlace, stateDir: string): HookChange {
  const doc = readDocument(place.file);
  if (!doc.exists) return { file: place.file, changed: false };
  const json = JsonText.of(doc.text);
  const added = readAdded(stateDir, place.file);
  const original = json.text;
  for (const event of EVENTS) {
    const at = eventPath(place.format, event);
    const { own, shared } = standing(entries(json, place.file, at));
    if (own.length === 0 && shared.length === 0) continue;
    // From the end, so that each index still points where it did.
    const removals = [...own.map((entry) => [...at, entry]), ...shared.flatMap(({ entry, hooks }) => hooks.map((i) => [...at, entry, 'hooks', i]))];
    removals.sort((a, b) => Number(b[2]) - Number(a[2]) || Number(b[4] ?? 0) - Number(a[4] ?? 0));
    for (const removal of removals) json.remove(removal);
    // Containers Skim created (all of them, in a file of its own) go with its entry once nothing else is in them; a person's stay.
    for (let depth = at.length; depth > 0; depth--) {
      const container = at.slice(0, depth);
      const skims = place.owned || added.containers?.includes(container.join('.'));
      if (skims && (json.node(container)?.children?.length ?? 1) === 0) {
        json.remove(container);
        added.containers = added.containers?.filter((name) => name !== container.join('.'));
      }
    }
  }
  if (json.text === original) return { file: place.file, changed: false };
  const left = Object.keys(getNodeValue(json.node([]) as Node) as object);
  const empty = left.every((key) => key === 'version' && place.format.version !== undefined);
  // A file Skim made goes away when nothing else is left in it; a link to a person's file stays a link.
  const remove = empty && (place.owned || added.created === true) && !lstatSync(place.file).isSymbolicLink();
  writeRemoval(stateDir, place.file, doc, empty && added.blank ? '' : json.text, added, 'hook', remove, place.personalIn);
  return { file: place.file, changed: true };
}

export function installHook(place: HookPlace, commands: HookCommands, stateDir: string): HookChange {
  return said('install its hook', () => install(place, commands, stateDir));
}

export function removeHook(place: HookPlace, stateDir: string): HookChange {
  return said('remove its hook', () => remove(place, stateDir));
}
