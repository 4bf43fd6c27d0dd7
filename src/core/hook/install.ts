import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Installs and removes Skim's read hook in each host's hook files. One implementation for the
 * `skim hook install` command and the extension's "Skim: Install Read Hook". Idempotent; other
 * hooks in a shared file are kept; nothing is written unless asked.
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
}

export function hookPlace(host: InstallHost, scope: InstallScope, root: string, env: NodeJS.ProcessEnv = process.env): HookPlace {
  const home = env.HOME || os.homedir();
  const claudeUser = path.join(home, '.claude', 'settings.json');
  switch (host) {
    case 'vscode':
      // VS Code reads .github/hooks/*.json in the workspace, and Claude's user settings for the user.
      return scope === 'workspace' ? { file: path.join(root, '.github', 'hooks', 'skim-vscode.json'), format: 'vscode', owned: true } : { file: claudeUser, format: 'claude-settings', owned: false };
    case 'claude':
      return { file: scope === 'workspace' ? path.join(root, '.claude', 'settings.json') : claudeUser, format: 'claude-settings', owned: false };
    case 'copilot-cli':
      return scope === 'workspace'
        ? { file: path.join(root, '.github', 'hooks', 'skim-copilot-cli.json'), format: 'copilot-cli', owned: true }
        : { file: path.join(env.COPILOT_HOME || path.join(home, '.copilot'), 'hooks', 'skim.json'), format: 'copilot-cli', owned: true };
  }
}

/** The shell command a hook file names: this Node, this `skim`, its hook mode, and the marker. */
export function hookCommand(node: string, cli: string): string {
  const quote = (s: string) => (/^[\w./:-]+$/.test(s) ? s : `"${s.replace(/(["\\$`])/g, '\\$1')}"`);
  return `${quote(node)} ${quote(cli)} hook ${HOOK_MARKER}`;
}

type Json = Record<string, unknown>;
const isSkim = (entry: unknown): boolean => JSON.stringify(entry ?? null).includes(HOOK_MARKER);

function list(object: Json, ...keys: string[]): unknown[] {
  let node = object;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Json;
  }
  const last = keys[keys.length - 1];
  if (!Array.isArray(node[last])) node[last] = [];
  return node[last] as unknown[];
}

/** Adds Skim's entry (replacing an older one of Skim's) to a parsed hook file. */
function addEntry(format: HookPlace['format'], json: Json, command: string): void {
  if (format === 'vscode') {
    const entries = list(json, 'hooks', 'PreToolUse');
    replaceSkim(entries, { type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS });
  } else if (format === 'copilot-cli') {
    json.version ??= 1;
    const entries = list(json, 'hooks', 'preToolUse');
    replaceSkim(entries, { type: 'command', bash: command, timeoutSec: HOOK_TIMEOUT_SECONDS });
  } else {
    const entries = list(json, 'hooks', 'PreToolUse');
    replaceSkim(entries, { matcher: 'Read|read_file|view', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] });
  }
}

/** Puts `entry` where Skim's first entry was (or last), and drops any other entry of Skim's. */
function replaceSkim(entries: unknown[], entry: unknown): void {
  const at = entries.findIndex(isSkim);
  const kept = entries.filter((e) => !isSkim(e));
  kept.splice(at === -1 ? kept.length : at, 0, entry);
  entries.splice(0, entries.length, ...kept);
}

/** Takes every Skim entry out of a parsed hook file, dropping containers it leaves empty. */
function removeEntries(json: Json): void {
  const hooks = json.hooks as Json | undefined;
  if (!hooks || typeof hooks !== 'object') return;
  for (const event of Object.keys(hooks)) {
    if (!Array.isArray(hooks[event])) continue;
    hooks[event] = (hooks[event] as unknown[]).filter((e) => !isSkim(e));
    if ((hooks[event] as unknown[]).length === 0) delete hooks[event];
  }
  if (Object.keys(hooks).length === 0) delete json.hooks;
}

function read(file: string): { text: string | null; json: Json } {
  if (!existsSync(file)) return { text: null, json: {} };
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') return { text, json: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) return { text, json: json as Json };
  throw new Error(`${file} is not a JSON object; Skim leaves it alone. Fix or move it, then try again.`);
}

function indentOf(text: string | null): number | string {
  const match = text ? /\n([ \t]+)"/.exec(text) : null;
  return match ? match[1] : 2;
}

/**
 * What Skim wrote and what was there before, per hook file, so that removing the hook puts a
 * file nobody has edited since back byte for byte.
 */
function recordFile(stateDir: string, file: string): string {
  return path.join(stateDir, `${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 16)}.json`);
}

/** Where Skim remembers what it wrote to hook files: `$XDG_STATE_HOME/skim/hooks`, else `~/.local/state/skim/hooks`. */
export function hookStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state');
  return path.join(base, 'skim', 'hooks');
}

export interface HookChange {
  file: string;
  changed: boolean;
}

export function installHook(place: HookPlace, command: string, stateDir: string): HookChange {
  const { text, json } = read(place.file);
  addEntry(place.format, json, command);
  const next = `${JSON.stringify(json, null, indentOf(text))}\n`;
  if (next === text) return { file: place.file, changed: false };
  mkdirSync(path.dirname(place.file), { recursive: true });
  const record = recordFile(stateDir, place.file);
  const previous = existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as { original: string | null }) : undefined;
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(record, JSON.stringify({ original: previous ? previous.original : text, written: next }));
  writeFileSync(place.file, next);
  return { file: place.file, changed: true };
}

export function removeHook(place: HookPlace, stateDir: string): HookChange {
  if (!existsSync(place.file)) return { file: place.file, changed: false };
  const { text, json } = read(place.file);
  const recordPath = recordFile(stateDir, place.file);
  const record = existsSync(recordPath) ? (JSON.parse(readFileSync(recordPath, 'utf8')) as { original: string | null; written: string }) : undefined;
  rmSync(recordPath, { force: true });
  if (record && record.written === text) {
    if (record.original === null) rmSync(place.file);
    else writeFileSync(place.file, record.original);
    return { file: place.file, changed: true };
  }
  removeEntries(json);
  if (place.owned && Object.keys(json).every((k) => k === 'version')) {
    rmSync(place.file);
    return { file: place.file, changed: true };
  }
  const next = `${JSON.stringify(json, null, indentOf(text))}\n`;
  if (next === text) return { file: place.file, changed: false };
  writeFileSync(place.file, next);
  return { file: place.file, changed: true };
}
