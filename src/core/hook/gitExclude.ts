import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';

/**
 * Keeps a per-person hook file out of the project's commits through `.git/info/exclude`, which
 * is the person's own and never committed (unlike .gitignore). One line per file, added once
 * and taken out exactly; nothing happens outside a git work tree with a .git folder.
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

export function excludeFromGit(root: string, file: string): void {
  const exclude = excludeFile(root);
  if (!exclude) return;
  const text = existsSync(exclude) ? readFileSync(exclude, 'utf8') : '';
  const pattern = patternFor(root, file);
  if (text.split(/\r?\n/).includes(pattern)) return;
  mkdirSync(path.dirname(exclude), { recursive: true });
  writeFileAtomic(exclude, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${pattern}\n`);
}

export function includeInGit(root: string, file: string): void {
  const exclude = excludeFile(root);
  if (!exclude || !existsSync(exclude)) return;
  const text = readFileSync(exclude, 'utf8');
  const pattern = patternFor(root, file);
  const lines = text.split('\n');
  const kept = lines.filter((line) => line.replace(/\r$/, '') !== pattern);
  if (kept.length !== lines.length) writeFileAtomic(exclude, kept.join('\n'));
}
