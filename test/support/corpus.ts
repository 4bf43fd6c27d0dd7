import { existsSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Where scripts/setup-bench-corpus.sh unpacks the npm packages the tests and the bench read as real
 * third-party files: $SKIM_CORPUS, else ~/.cache/skim-corpus (from HOME, which the VS Code test host
 * keeps, not XDG_CACHE_HOME, which it points at a scratch folder).
 */
export const CORPUS_DIR = process.env.SKIM_CORPUS ?? path.join(os.homedir(), '.cache', 'skim-corpus');

/** The exact version of each corpus package (test/corpus.json, which the set-up script reads too). */
export const CORPUS_VERSIONS: Readonly<Record<string, string>> = JSON.parse(readFileSync(path.join(ROOT, 'test/corpus.json'), 'utf8'));

/** Where a file of a corpus package is once set up, not checked: for the bench's tables, built at load (the bench leaves out, and names, a file that is not there). */
export function corpusPath(pkg: string, file = ''): string {
  const version = CORPUS_VERSIONS[pkg];
  if (!version)
    throw new Error(`${pkg} is not a corpus package: add it to test/corpus.json with its exact version, then run bash scripts/setup-bench-corpus.sh`);
  return path.join(CORPUS_DIR, `${pkg}@${version}`, file);
}

/**
 * A file of a corpus package at its pinned version, such as corpusFile('express', 'lib/response.js');
 * throws a one-line error naming the set-up command when the package is not unpacked.
 */
export function corpusFile(pkg: string, file = ''): string {
  if (!existsSync(corpusPath(pkg, 'package.json')))
    throw new Error(`the test corpus lacks ${pkg}@${CORPUS_VERSIONS[pkg]} in ${CORPUS_DIR}: run bash scripts/setup-bench-corpus.sh`);
  return corpusPath(pkg, file);
}
