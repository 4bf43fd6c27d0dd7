import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { getNodeValue, JSONPath, Node, parseTree, ParseError } from 'jsonc-parser';
import { writeFileAtomic } from '../files/atomicWrite';
import { stateDir } from '../files/stateDir';
import { JsonText } from '../files/jsonEdit';
import { excludeFromGit, includeInGit } from './gitExclude';
import { shellWord } from './shellWord';
import { Options } from '../config/options';

type EditGateMode = Options['editGate'];

/**
 * Installs and removes Skim's read hook in each host's hook files. One implementation for the
 * `skim hook install` command and the extension's "Skim: Install Read Hook". Files are a
 * person's own: Skim edits only its own entry (comments, order and formatting kept), writes
 * atomically, and refuses with a clear message whatever it cannot edit safely.
 */
export const INSTALL_HOSTS = ['vscode', 'claude', 'copilot-cli'] as const;
export const INSTALL_SCOPES = ['workspace', 'user'] as const;
export type InstallHost = (typeof INSTALL_HOSTS)[number];
export type InstallScope = (typeof INSTALL_SCOPES)[number];

/** Ends every command Skim writes: a shell comment that says whose hook it is, and how Skim recognizes it. */
export const HOOK_MARKER = '# skim read guard';
export const HOOK_TIMEOUT_SECONDS = 30;

export interface HookPlace {
  file: string;
  format: 'vscode' | 'claude-settings' | 'copilot-cli';
  /** The file is Skim's alone (removal deletes it when nothing else is left in it). */
  owned: boolean;
  /**
   * The project whose git must not pick the file up: the command in it names this machine's
   * paths, so a workspace install stays with the person who made it.
   */
  personalIn?: string;
}

export function hookPlace(host: InstallHost, scope: InstallScope, root: string, env: NodeJS.ProcessEnv = process.env): HookPlace {
  const home = env.HOME || os.homedir();
  const claudeUser = path.join(home, '.claude', 'settings.json');
  const workspace = scope === 'workspace';
  switch (host) {
    case 'vscode':
      // VS Code reads .github/hooks/*.json in the workspace, and Claude's user settings for the user.
      return workspace
        ? { file: path.join(root, '.github', 'hooks', 'skim-vscode.json'), format: 'vscode', owned: true, personalIn: root }
        : { file: claudeUser, format: 'claude-settings', owned: false };
    case 'claude':
      // Claude Code's per-person project settings: .claude/settings.json is the team's.
      return workspace
        ? { file: path.join(root, '.claude', 'settings.local.json'), format: 'claude-settings', owned: false, personalIn: root }
        : { file: claudeUser, format: 'claude-settings', owned: false };
    case 'copilot-cli':
      return workspace
        ? { file: path.join(root, '.github', 'hooks', 'skim-copilot-cli.json'), format: 'copilot-cli', owned: true, personalIn: root }
        : { file: path.join(env.COPILOT_HOME || path.join(home, '.copilot'), 'hooks', 'skim.json'), format: 'copilot-cli', owned: true };
  }
}

/** The shell command a hook file names: this Node, this `skim`, its hook mode (and edit gate, when not the default), and the marker. */
export function hookCommand(node: string, cli: string, editGate: EditGateMode = 'drift'): string {
  return `${shellWord(node)} ${shellWord(cli)} hook ${editGate === 'drift' ? '' : `--edit-gate ${editGate} `}${HOOK_MARKER}`;
}

type HookEvent = 'pre' | 'post';
const EVENTS: HookEvent[] = ['pre', 'post'];

/** Where an event's entry list lives in each format. */
function eventPath(format: HookPlace['format'], event: HookEvent): JSONPath {
  if (format === 'copilot-cli') return ['hooks', event === 'pre' ? 'preToolUse' : 'postToolUse'];
  return ['hooks', event === 'pre' ? 'PreToolUse' : 'PostToolUse'];
}

/**
 * The tools Skim's entries match in Claude's format (VS Code's user hooks use it too, and the
 * Copilot CLI runs it with its own tool names mapped to Claude's): before a read (the guard, and
 * the gate's stamp), before an edit (the gate), after an edit (the gate's new stamp).
 */
const READS = 'Read|read_file|view|mcp__skim__skim_read_file|mcp__skim__skim_find_symbol';
const EDITS =
  'Edit|MultiEdit|Write|NotebookEdit|edit|create|replace_string_in_file|multi_replace_string_in_file|insert_edit_into_file|create_file|apply_patch|edit_notebook_file';

function skimEntry(format: HookPlace['format'], command: string, event: HookEvent): unknown {
  if (format === 'vscode') return { type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS };
  if (format === 'copilot-cli') return { type: 'command', bash: command, timeoutSec: HOOK_TIMEOUT_SECONDS };
  return { matcher: event === 'pre' ? `${READS}|${EDITS}` : EDITS, hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] };
}

const isSkim = (value: unknown): boolean => JSON.stringify(value ?? null).includes(HOOK_MARKER);

/** A settings file that Skim cannot edit safely: the message says what to do. */
class HookFileError extends Error {}

interface Document {
  text: string;
  exists: boolean;
}

function readDocument(file: string): Document {
  const exists = existsSync(file);
  const text = exists ? readFileSync(file, 'utf8') : '';
  const errors: ParseError[] = [];
  const root = text.trim() === '' ? undefined : parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || (root && root.type !== 'object')) {
    throw new HookFileError(`${file} is not a JSON object; Skim leaves it alone. Fix or move it, then try again.`);
  }
  return { text, exists };
}

/** The entry list, checked to be one Skim can edit: absent, or an array inside an object. */
function entries(json: JsonText, file: string, at: JSONPath): Node | undefined {
  const hooks = json.node(at.slice(0, 1));
  if (hooks && hooks.type !== 'object')
    throw new HookFileError(`${file}: "${at[0]}" is not an object, so Skim cannot add its entry safely. Fix it by hand, then try again.`);
  const list = json.node(at);
  if (list && list.type !== 'array')
    throw new HookFileError(`${file}: "${at.join('.')}" is not a list, so Skim cannot add its entry safely. Fix it by hand, then try again.`);
  return list;
}

/** The indexes of Skim's entries in the list. */
const skimIndexes = (list: Node | undefined): number[] =>
  (list?.children ?? []).map((child, i) => (isSkim(getNodeValue(child)) ? i : -1)).filter((i) => i !== -1);

/**
 * What Skim added to a file beyond its entry, so that removing the hook takes out exactly that:
 * whether it created the file (or found it blank), and which containers (`hooks`,
 * `hooks.PreToolUse`) it created. Kept under `stateDir`; an unreadable record counts as none,
 * and then nothing but Skim's entry is removed.
 */
interface Added {
  created?: boolean;
  blank?: boolean;
  containers?: string[];
}

function recordFile(stateDir: string, file: string): string {
  return path.join(stateDir, `${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 16)}.json`);
}

function readAdded(stateDir: string, file: string): Added {
  try {
    const value = JSON.parse(readFileSync(recordFile(stateDir, file), 'utf8')) as Added;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Where Skim remembers which hook files it created: `$XDG_STATE_HOME/skim/hooks`, else `~/.local/state/skim/hooks`. */
export const hookStateDir = (env: NodeJS.ProcessEnv = process.env) => stateDir(env, 'hooks');

export interface HookChange {
  file: string;
  changed: boolean;
}

/** Skim's entry for one event, added or updated in place; whether anything changed. */
function putEntry(json: JsonText, place: HookPlace, command: string, event: HookEvent, containers: Set<string>): boolean {
  const at = eventPath(place.format, event);
  const list = entries(json, place.file, at);
  const wanted = skimEntry(place.format, command, event);
  const ours = skimIndexes(list);
  if (ours.length === 1 && JSON.stringify(getNodeValue((list?.children as Node[])[ours[0]])) === JSON.stringify(wanted)) return false;
  if (!json.node(at.slice(0, 1))) containers.add(String(at[0]));
  if (!json.node(at)) containers.add(at.join('.'));
  if (ours.length > 0) {
    // Skim's entry is updated where it stands; any second one of Skim's goes.
    for (const i of ours.slice(1).reverse()) json.remove([...at, i]);
    json.replace([...at, ours[0]], wanted);
  } else if (json.node(at)) {
    json.append(at, wanted);
  } else if (json.node(at.slice(0, 1))) {
    json.addProperty(at.slice(0, 1), String(at[1]), [wanted]);
  } else {
    json.addProperty([], String(at[0]), { [at[1]]: [wanted] });
  }
  return true;
}

export function installHook(place: HookPlace, command: string, stateDir: string): HookChange {
  const doc = readDocument(place.file);
  const json = JsonText.of(doc.text.trim() === '' ? '{}' : doc.text);
  const added = readAdded(stateDir, place.file);
  const containers = new Set(added.containers ?? []);
  let changed = false;
  for (const event of EVENTS) changed = putEntry(json, place, command, event, containers) || changed;
  if (!changed) return { file: place.file, changed: false };
  if (!doc.exists) added.created = true;
  else if (doc.text.trim() === '') added.blank = true;
  added.containers = [...containers];
  if (place.format === 'copilot-cli' && !json.node(['version'])) json.addProperty([], 'version', 1);
  const text = doc.exists && doc.text.trim() !== '' ? json.text : `${json.text}\n`;

  mkdirSync(path.dirname(place.file), { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(recordFile(stateDir, place.file), JSON.stringify(added));
  writeFileAtomic(place.file, text);
  if (place.personalIn) excludeFromGit(place.personalIn, place.file);
  return { file: place.file, changed: true };
}

export function removeHook(place: HookPlace, stateDir: string): HookChange {
  if (!existsSync(place.file)) return { file: place.file, changed: false };
  const doc = readDocument(place.file);
  const json = JsonText.of(doc.text);
  const added = readAdded(stateDir, place.file);
  let changed = false;
  for (const event of EVENTS) {
    const at = eventPath(place.format, event);
    const ours = skimIndexes(entries(json, place.file, at));
    if (ours.length === 0) continue;
    changed = true;
    for (const i of [...ours].reverse()) json.remove([...at, i]);
    // Containers Skim created (all of them, in a file of its own) go with its entry once nothing else is in them; a person's stay.
    for (let depth = at.length; depth > 0; depth--) {
      const container = at.slice(0, depth);
      const skims = place.owned || added.containers?.includes(container.join('.'));
      if (skims && (json.node(container)?.children?.length ?? 1) === 0) json.remove(container);
    }
  }
  if (!changed) return { file: place.file, changed: false };
  const left = Object.keys(getNodeValue(json.node([]) as Node) as object);
  const empty = left.every((key) => key === 'version' && place.format === 'copilot-cli');
  if (empty && (place.owned || added.created)) {
    rmSync(place.file);
    if (place.personalIn) includeInGit(place.personalIn, place.file);
  } else {
    writeFileAtomic(place.file, empty && added.blank ? '' : json.text);
  }
  rmSync(recordFile(stateDir, place.file), { force: true });
  return { file: place.file, changed: true };
}
