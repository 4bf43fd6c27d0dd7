import { linkSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { checksum } from '../core/files/checksum';
import { readRegularFileSync } from '../core/files/open';
import { isAbandonedTemp, processAlive, replaceFileSync } from '../core/files/replaceFile';
import { cacheDir } from '../core/files/stateDir';
import { untrustedDirectory, untrustedPath } from '../core/files/trust';
import { makeFolder } from '../core/files/makeFolder';

/**
 * Loading Skim's bundles with V8's code cache: what V8 compiled of a bundle is kept in the user's
 * cache folder and handed back to V8 the next time, so that a process does not parse the bundle
 * again (the hook's own bundle: 5 ms of a read it lets through; the engine: 90 ms of every `skim`
 * command). Node 22 and later do this themselves (`module.enableCompileCache`), and then it is
 * theirs. A cache is only ever a saving: one that is missing, foreign, stale, torn or in a folder
 * that is not the user's own is not used, and the bundle is compiled from its source as `require`
 * would.
 */

/** The largest cache file read: the engine's is about 2 MB. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** What a load did with the cache. */
export type CacheUse = 'used' | 'written' | 'none';

/** V8 takes a cache only from a process with the same flags: the flags this process set (`useV8Flags`) name its caches. */
const flagsSet: string[] = [];

/** Sets V8 flags for the rest of this process (once), and keeps the caches of code compiled under them apart from the others. */
export function useV8Flags(flags: string): void {
  if (flagsSet.includes(flags)) return;
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);
  flagsSet.push(flags);
}

const enableCompileCache = (require('node:module') as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
let nodeCachesChecked = false;

/**
 * `require(file)` for one of Skim's own bundles, through the code cache unless `cached` is false (a
 * run that must write nothing: help). On Node 22 and later, Node's own compile cache is switched
 * on (once) and the bundle required.
 */
export function requireBundle(file: string, cached: boolean, env: NodeJS.ProcessEnv = process.env): unknown {
  if (!cached) return require(file);
  if (enableCompileCache) {
    if (!nodeCachesChecked) {
      const dir = codeCacheFolder(env);
      if (dir) enableCompileCache(dir);
      nodeCachesChecked = true;
    }
    return require(file);
  }
  return loadBundle(file, codeCacheFolder(env)).exports;
}

/**
 * The folder this user's caches of compiled code live in, `$XDG_CACHE_HOME/skim/code` (made
 * private if new), when it is a real folder only this user can enter and no other user can change
 * a folder above it; else undefined, and no cache is kept: code another user could put there would
 * run as this user's.
 */
export function codeCacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = cacheDir(env, 'code');
  try {
    makeFolder(dir, 0o700);
  } catch {
    return undefined;
  }
  return untrustedDirectory(dir) || untrustedPath(dir) ? undefined : dir;
}

/**
 * A CommonJS bundle compiled and run as Node's loader would (its own `require`, `module`,
 * `__filename` and `__dirname`), with its code cache in `dir` when one is given. The cache's name
 * says which bundle file it was made from (its folder; its inode, size, change and modification
 * times: a rebuilt bundle is a new one, even at the same length, which is all V8 checks) and by
 * which Node, architecture and flags; the caches of a bundle's earlier builds in the same folder
 * are removed when a new one is written.
 */
export function loadBundle(file: string, dir: string | undefined): { exports: unknown; cache: CacheUse } {
  const stat = statSync(file);
  const folder = statSync(dirname(file));
  // Each installed copy of Skim (its folder) keeps its own caches; a new build of a bundle replaces the old one's.
  const stem = `${basename(file)}-${folder.dev}-${folder.ino}-`;
  const build = `${stem}${stat.ino}-${stat.size}-${stat.mtimeMs}-${stat.ctimeMs}-`;
  const cacheFile = dir && join(dir, `${build}${process.version}-${process.arch}${flagsSet.length ? `-${flagsSet.join(' ').replace(/\W+/g, '_')}` : ''}.v8`);
  const taken = cacheFile ? takeCache(cacheFile) : undefined;
  const cachedData = taken?.data;
  // A `#!` line becomes a comment of the same length, so that line and column numbers stay the file's.
  const source = readFileSync(file, 'utf8').replace(/^#!/, '//');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  if (taken && cacheFile && !script.cachedDataRejected) {
    process.once('exit', () => putBack(taken.held, cacheFile));
    return { exports: module.exports, cache: 'used' };
  }
  if (taken) remove(taken.held);
  if (cacheFile === undefined) return { exports: module.exports, cache: 'none' };
  // Made now, once the bundle's top level has run, and again as the process exits with every function that ran since,
  // unless V8's flags changed meanwhile: a cache holds the flags of the process that made it, and is refused under others.
  const flags = flagsSet.length;
  const written = writeCache(cacheFile, stem, build, script.createCachedData());
  process.once('exit', () => {
    if (flagsSet.length === flags) writeCache(cacheFile, stem, build, script.createCachedData());
  });
  return { exports: module.exports, cache: written ? 'written' : 'none' };
}

/**
 * A cache file: this header, the checksum of what follows (16 hex digits), then V8's data. V8 checks
 * the data's header but not its body, and runs a damaged body as code (a power loss that left zeros,
 * a bad disk): a file whose checksum does not match is not used, and is written again.
 */
const MAGIC = 'skim-v8\n';
const HEADER_BYTES = MAGIC.length + 16;

/**
 * A cache is taken out of its place while this process runs the code it holds, and put back as the
 * process exits. V8 runs what a cache holds as it stands; one damaged before its checksum was taken
 * (memory that flipped a bit, a hand that wrote it) can crash the process on every run. Taken out,
 * it is not found by the next process, which compiles from source and writes a new one; what a
 * crash leaves (`.in-use-<pid>` of a process no longer running) is swept. Undefined when there is no whole cache.
 */
function takeCache(file: string): { data: Buffer; held: string } | undefined {
  const held = `${file}.in-use-${process.pid}`;
  try {
    renameSync(file, held);
  } catch {
    return undefined;
  }
  const data = readCache(held);
  if (data) return { data, held };
  remove(held);
  return undefined;
}

/** Puts a cache back as its process exits, unless another process has put a new one there meanwhile. Never throws. */
function putBack(held: string, file: string): void {
  try {
    linkSync(held, file);
  } catch (error) {
    // EEXIST: another process wrote one, and this copy is not needed; else a file system without hard links.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return void tryRename(held, file);
  }
  remove(held);
}

function tryRename(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    remove(from);
  }
}

/** Removes a file (not a folder) if it is there; never throws. */
function remove(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // A folder someone put there: left alone, and never taken for a cache.
  }
}

/** V8's data from a cache file, or undefined when there is none, it is not a regular file of a sane size (a FIFO is never waited on), or it is damaged. Never throws. */
function readCache(file: string): Buffer | undefined {
  let bytes;
  try {
    bytes = readRegularFileSync(file, MAX_CACHE_BYTES).bytes;
  } catch {
    return undefined;
  }
  if (!bytes || bytes.length <= HEADER_BYTES || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  return checksum(data) === bytes.toString('latin1', MAGIC.length, HEADER_BYTES) ? data : undefined;
}

/**
 * Writes a cache new beside its place and renames it there (processes that start together each
 * write whole files; the last rename wins), then sweeps the folder. Whether it was written; never
 * throws.
 */
function writeCache(file: string, stem: string, build: string, data: Buffer): boolean {
  const sum = checksum(data);
  if (!sum) return false;
  const bytes = Buffer.concat([Buffer.from(`${MAGIC}${sum}`, 'latin1'), data]);
  try {
    replaceFileSync(file, bytes);
  } catch {
    return false;
  }
  sweep(dirname(file), stem, build);
  return true;
}

/** How long a cache no process has read or written stays: a copy of Skim removed (an updated extension's old folder) leaves its caches. */
const UNUSED_MS = 30 * 24 * 3600_000;

/** Removes the caches of the bundle's other builds in its folder, any cache unused for UNUSED_MS (by its access time where the file system keeps one), the caches held by processes that died (killed before they put theirs back) and the temp files of writers that died. */
function sweep(dir: string, stem: string, build: string): void {
  const now = Date.now();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      const stat = statSync(file);
      const unused = now - Math.max(stat.atimeMs, stat.mtimeMs) > UNUSED_MS;
      const held = /\.in-use-(\d+)$/.exec(name);
      const orphan = held !== null && !processAlive(Number(held[1]));
      if ((name.startsWith(stem) && !name.startsWith(build)) || unused || orphan || isAbandonedTemp(name)) rmSync(file, { force: true });
    } catch {
      // Another process swept first.
    }
  }
}
