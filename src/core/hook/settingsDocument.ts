import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { Node, parseTree, ParseError } from 'jsonc-parser';
import { makeFoldersKeepingOwner, UnsafeFileError, writeFileAtomic } from '../files/atomicWrite';
import { sha256Hex } from '../files/sha256';
import { readSettingsFile } from '../files/settingsFile';
import { ExcludeEdit, includeInGit } from './gitExclude';

/**
 * A person's settings file as Skim edits it (a hook entry, an MCP server): read and checked
 * before anything is written, written back atomically with git's exclude list, and a record of
 * what Skim added beside its entries, so that removal takes out exactly that.
 */

/** A settings file Skim cannot edit safely: the message says what to do. */
export class SettingsFileError extends UnsafeFileError {}

/** A settings file's text, and what it held exactly (a byte-order mark before the JSON, which parsers reject, is kept aside). */
export interface Document {
  text: string;
  exists: boolean;
  bom: string;
}

/** The file's text, with a byte-order mark kept aside. */
export function readText(file: string): Document {
  const read = readSettingsFile(file);
  const bom = read.text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return { text: read.text.slice(bom.length), exists: read.exists, bom };
}

/** The first key that appears twice in one object at or below `node`, with where it is. */
function duplicateKey(node: Node, at: string): { key: string; at: string } | undefined {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const member of node.children ?? []) {
      const key = String(member.children?.[0]?.value);
      if (seen.has(key)) return { key, at };
      seen.add(key);
      const value = member.children?.[1];
      const found = value && duplicateKey(value, `${at}.${key}`);
      if (found) return found;
    }
  } else if (node.type === 'array') {
    for (const [i, item] of (node.children ?? []).entries()) {
      const found = duplicateKey(item, `${at}[${i}]`);
      if (found) return found;
    }
  }
  return undefined;
}

/** A key Skim reads or writes that appears twice: one of `keys` at the top level, or any key inside the first of them. */
function skimKeyTwice(root: Node, keys: readonly string[]): { key: string; at: string } | undefined {
  const names = (root.children ?? []).map((member) => String(member.children?.[0]?.value));
  for (const key of keys) if (names.indexOf(key) !== names.lastIndexOf(key)) return { key, at: '' };
  const inner = root.children?.find((member) => member.children?.[0]?.value === keys[0])?.children?.[1];
  return inner && duplicateKey(inner, keys[0]);
}

/** The JSON settings text, parsed and checked to be one Skim can edit under `keys` (the first is the object it edits inside). */
export function readJsonDocument(file: string, keys: readonly string[]): Document {
  const doc = readText(file);
  const errors: ParseError[] = [];
  const root = doc.text.trim() === '' ? undefined : parseTree(doc.text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || (root && root.type !== 'object')) {
    throw new SettingsFileError(`${file} is not a JSON object; Skim leaves it alone. Fix or move it, then try again.`);
  }
  // A host reads one of two same-named keys; which one is its own business, so Skim edits neither.
  const twice = root && skimKeyTwice(root, keys);
  if (twice) {
    const where = twice.at === '' ? 'at the top level' : `in "${twice.at}"`;
    throw new SettingsFileError(
      `${file} has the key "${twice.key}" twice ${where}; hosts read only one of them, so Skim cannot tell which to edit. Merge them into one by hand, then try again.`,
    );
  }
  return doc;
}

/**
 * What Skim added to a file beyond its entries, so that removing them takes out exactly that:
 * whether it created the file (or found it blank), which containers (`hooks`,
 * `hooks.PreToolUse`, `mcpServers`) it created, whether it added the file's line to git's
 * exclude list, and (TOML) whether it ended the person's last line and set its table apart with
 * a blank line. One record per file, whatever Skim put in it (`holds`: its hook, its MCP
 * server); kept under `stateDir`. An unreadable record counts as none, and then nothing but
 * Skim's entries is removed.
 */
export interface Added {
  holds?: SkimEntry[];
  created?: boolean;
  blank?: boolean;
  containers?: string[];
  excluded?: { newline: boolean };
  tomlNewline?: boolean;
  tomlGap?: boolean;
}

/** What of Skim's a settings file can hold. */
export type SkimEntry = 'hook' | 'mcp';

/** The record, saying the file now holds `entry` too. */
export const holding = (added: Added, entry: SkimEntry): Added => ({ ...added, holds: [...new Set([...(added.holds ?? []), entry])] });

/** Takes `entry` out of the record; whether it was the last of Skim's in the file (then its exclude line and its record go too). */
function releasing(added: Added, entry: SkimEntry): boolean {
  added.holds = (added.holds ?? []).filter((held) => held !== entry);
  return added.holds.length === 0;
}

function recordFile(stateDir: string, file: string): string {
  return path.join(stateDir, `${sha256Hex(path.resolve(file)).slice(0, 16)}.json`);
}

export function readAdded(stateDir: string, file: string): Added {
  try {
    const value = JSON.parse(readSettingsFile(recordFile(stateDir, file)).text) as Added;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Records what Skim added, once the files are written: a missing record only leaves Skim's containers behind on removal. */
export function keepAdded(stateDir: string, file: string, added: Added): void {
  makeFoldersKeepingOwner(stateDir);
  writeFileAtomic(recordFile(stateDir, file), JSON.stringify(added));
}

export function forgetAdded(stateDir: string, file: string): void {
  rmSync(recordFile(stateDir, file), { force: true });
}

/**
 * Writes the settings file (or removes it), then git's exclude list; if the second write fails,
 * the settings file is put back as it was, so that the two never disagree.
 */
export function writeBoth(file: string, text: string, before: Document, exclude: ExcludeEdit | undefined, remove: boolean): void {
  if (remove) rmSync(file);
  else {
    makeFoldersKeepingOwner(path.dirname(file));
    writeFileAtomic(file, before.bom + text);
  }
  if (!exclude) return;
  try {
    makeFoldersKeepingOwner(path.dirname(exclude.file));
    writeFileAtomic(exclude.file, exclude.text);
  } catch (error) {
    if (before.exists) writeFileAtomic(file, before.bom + before.text);
    else rmSync(file, { force: true });
    throw error;
  }
}

/**
 * Writes a file Skim took its `entry` out of: `text`, or no file at all when `gone`. The line Skim
 * added to git's exclude list for it goes once nothing of Skim's is left in it, and the record
 * with it; else the record keeps what is left.
 */
export function writeRemoval(
  stateDir: string,
  file: string,
  doc: Document,
  text: string,
  added: Added,
  entry: SkimEntry,
  gone: boolean,
  personalIn?: string,
): void {
  const last = releasing(added, entry);
  const exclude = (gone || last) && personalIn && added.excluded ? includeInGit(personalIn, file, added.excluded.newline) : undefined;
  writeBoth(file, text, doc, exclude, gone);
  if (gone || last) forgetAdded(stateDir, file);
  else keepAdded(stateDir, file, added);
}

const FAILURES: Record<string, string> = {
  ENOTDIR: 'a file stands where a folder should be on the way to it',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** A file system failure on the way, said for the person installing: which path, and what stood in the way. */
export function said<T>(action: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    const { code, path: where, message } = error as NodeJS.ErrnoException;
    if (error instanceof UnsafeFileError || !code || !where) throw error;
    throw new SettingsFileError(`${where}: ${FAILURES[code] ?? message}, so Skim could not ${action}. Fix that, then try again.`);
  }
}
