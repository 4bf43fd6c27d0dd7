import * as path from 'node:path';
import { Question } from './question';

/**
 * The source files a question points at, with how surely: a path it writes (`lib/http.js`) or a
 * stack frame's file, whole or as the end of a listed path, surely; a file name alone
 * (`http.js`), a little less, less again where several files have it; a conventional commit's
 * scope (`fix(cli):`) as a folder's or file's name, a share of that, less the more files it holds.
 * The file comes first, then its functions (locate/withHistory lifts them).
 */

/** Past this many files, a name or scope points at no file in particular. */
const MAX_NAMED = 12;
const NAME_SHARE = 0.8;
const SCOPE_SHARE = 0.5;

export function namedFiles(question: Pick<Question, 'paths' | 'scopes'>, listed: readonly string[]): Map<string, number> {
  const named = new Map<string, number>();
  if (!question.paths.length && !question.scopes.length) return named;
  const lower = listed.map((file) => file.toLowerCase());
  const lift = (files: number[], share: number) => {
    if (!files.length || files.length > MAX_NAMED) return;
    const each = share / Math.sqrt(files.length);
    for (const i of files) named.set(listed[i], Math.max(named.get(listed[i]) ?? 0, each));
  };
  for (const written of question.paths) {
    if (written.includes('/')) {
      const exact = lower.flatMap((file, i) => (file === written || file.endsWith(`/${written}`) ? [i] : []));
      // A path written from another root (`/home/ci/src/app/cli.py`, `src/cli.py` of a project rooted at src) still ends in the listed one's: the longest such.
      const ending = lower.flatMap((file, i) => (written.endsWith(`/${file}`) ? [i] : []));
      const longest = ending.reduce((most, i) => Math.max(most, lower[i].length), 0);
      lift(exact.length ? exact : ending.filter((i) => lower[i].length === longest), 1);
    } else
      lift(
        lower.flatMap((file, i) => (path.posix.basename(file) === written ? [i] : [])),
        NAME_SHARE,
      );
  }
  for (const scope of question.scopes) {
    const inScope = lower.flatMap((file, i) => {
      const segments = file.split('/');
      const stem = (segments.at(-1) as string).replace(/\.[^.]+$/, '');
      return stem === scope || segments.slice(0, -1).includes(scope) || file.startsWith(`${scope}/`) || file.includes(`/${scope}/`) ? [i] : [];
    });
    lift(inScope, SCOPE_SHARE);
  }
  return named;
}
