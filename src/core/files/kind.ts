import * as path from 'node:path';

/**
 * Prose is written to be read in order and a map of it says nothing a skim does not, so the
 * guard leaves these alone. The summarizer still accepts them when asked by name.
 */
const PROSE_EXTENSIONS = new Set([
  '.md',
  '.markdown',
  '.mdx',
  '.txt',
  '.text',
  '.rst',
  '.adoc',
  '.asciidoc',
  '.org',
  '.tex',
  '.rtf',
  '.textile',
  '.pod',
  '.wiki',
  '.log',
]);

/** Not text at all: no line limit means anything for these. */
const BINARY_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.bmp',
  '.ico',
  '.webp',
  '.tiff',
  '.pdf',
  '.zip',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
  '.7z',
  '.rar',
  '.jar',
  '.class',
  '.exe',
  '.dll',
  '.so',
  '.dylib',
  '.o',
  '.a',
  '.wasm',
  '.bin',
  '.dat',
  '.sqlite',
  '.db',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.mp3',
  '.mp4',
  '.wav',
  '.ogg',
  '.mov',
  '.avi',
  '.pyc',
  '.vsix',
]);

/**
 * Written by tools, not people: lockfiles, minified code, source maps and test snapshots. A map
 * of them helps no one, and a model would be paid to summarize them.
 */
const LOCKFILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'deno.lock',
  'cargo.lock',
  'gemfile.lock',
  'poetry.lock',
  'pipfile.lock',
  'uv.lock',
  'pdm.lock',
  'composer.lock',
  'go.sum',
  'mix.lock',
  'pubspec.lock',
  'podfile.lock',
  'package.resolved',
  'flake.lock',
  'packages.lock.json',
  'gradle.lockfile',
  'paket.lock',
  'cabal.project.freeze',
  'conan.lock',
]);

function generated(file: string): boolean {
  const name = path.basename(file).toLowerCase();
  return (
    LOCKFILES.has(name) || /\.min\.[a-z0-9]+$/.test(name) || name.endsWith('.map') || name.endsWith('.snap') || file.split(/[\\/]/).includes('__snapshots__')
  );
}

/** From this size on, a file whose lines average MINIFIED_LINE_BYTES or more is minified, whatever its name. */
const MINIFIED_FROM_BYTES = 16 * 1024;
const MINIFIED_LINE_BYTES = 1_000;

/**
 * Whether a file is minified code: named so (`app.min.js`), or of 16 KB or more on lines that
 * average 1,000 bytes or more (a bundle on one line). Its outline names one-letter functions on a
 * line or two, and a model's map of it says no more: it has no useful map.
 */
export function isMinified(file: string, size: number, lines: number): boolean {
  return /\.min\.[a-z0-9]+$/.test(path.basename(file).toLowerCase()) || (size >= MINIFIED_FROM_BYTES && size >= MINIFIED_LINE_BYTES * Math.max(1, lines));
}

export type FileKind = 'source' | 'prose' | 'extensionless' | 'binary' | 'generated';

/** What the guard makes of a path by its name alone; content can still prove it binary. */
export function fileKindByName(file: string): FileKind {
  const ext = path.extname(file).toLowerCase();
  if (generated(file)) return 'generated';
  if (ext === '' || ext === '.') return 'extensionless';
  if (PROSE_EXTENSIONS.has(ext)) return 'prose';
  if (BINARY_EXTENSIONS.has(ext)) return 'binary';
  return 'source';
}

export const DECLINED_REASON: Record<Exclude<FileKind, 'source'>, string> = {
  prose: 'prose is read in order, so Skim does not shorten it',
  extensionless: 'files without an extension are not guarded',
  binary: 'binary files are not guarded',
  generated: 'generated files (lockfiles, minified code, source maps, snapshots) are not guarded',
};
