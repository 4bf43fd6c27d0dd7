import { statSync } from 'node:fs';
import * as path from 'node:path';
import { readSettingsFile } from '../files/settingsFile';

/**
 * Keeps a per-person hook file out of the project's commits through `.git/info/exclude`, which
 * is the person's own and never committed (unlike .gitignore). One line per file, added once;
 * removal takes out only a line Skim added (the installer records that), never one the person
 * already had. Nothing happens outside a git work tree with a .git folder. Each step is planned
 * (the file read and checked) before anything is written, so a refusal leaves every file as it was.
 */
function excludeFile(root: string): string | undefined {
  const git = path.join(root, '.git');
  try {
    return statSync(git).isDirectory() ? path.join(git, 'info', 'exclude') : undefined;
  } catch {
    return undefined;
  }
}

const patternFor = (root: string, file: string) => `/${path.relative(root, file).split(path.sep).join('/')}`;

/** A new text for the exclude file; `newline`: Skim ended the person's last line before adding its own (installs before Skim put its line above an unended last line). */
export interface ExcludeEdit {
  file: string;
  text: string;
  newline?: boolean;
}

/**
 * The exclude file with a line for `file` added, or undefined when there is no git folder or the
 * line is there already. A last line the person left without a newline stays last and unended:
 * Skim's line goes above it, so that taking Skim's lines out again, in any order, gives back the
 * person's bytes.
 */
export function excludeFromGit(root: string, file: string): ExcludeEdit | undefined {
  const exclude = excludeFile(root);
  if (!exclude) return undefined;
  const { text } = readSettingsFile(exclude);
  const pattern = patternFor(root, file);
  if (text.split(/\r?\n/).includes(pattern)) return undefined;
  const at = text === '' || text.endsWith('\n') ? text.length : text.lastIndexOf('\n') + 1;
  return { file: exclude, text: `${text.slice(0, at)}${pattern}\n${text.slice(at)}` };
}

/**
 * The exclude file without the last line naming `file` (the one Skim added), and, where an earlier
 * Skim ended the person's last line before appending its own (`newline`), without that newline
 * while Skim's line is still the last; undefined when it has none.
 */
export function includeInGit(root: string, file: string, newline = false): ExcludeEdit | undefined {
  const exclude = excludeFile(root);
  if (!exclude) return undefined;
  const { exists, text } = readSettingsFile(exclude);
  if (!exists) return undefined;
  const pattern = patternFor(root, file);
  const lines = text.split('\n');
  const at = lines.map((line) => line.replace(/\r$/, '')).lastIndexOf(pattern);
  if (at === -1) return undefined;
  const last = at === lines.length - 2 && lines[lines.length - 1] === '';
  lines.splice(at, 1);
  const kept = lines.join('\n');
  return { file: exclude, text: newline && last ? kept.slice(0, -1) : kept };
}
