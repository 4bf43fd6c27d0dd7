import type { SkimContext } from '../context';
import { screenFields } from './fields';
import { ScreenFindings } from './screen';

/** What is shown in place of a name the screen flags as addressed to the agent. */
export const UNSHOWN_NAME = 'a name Skim does not show';

/**
 * Control characters (a line break, ESC, NUL, DEL, the C1 controls) and the marks that reverse or
 * isolate text direction: in a name, each can make one line look like two or show another name.
 */
// eslint-disable-next-line no-control-regex -- these control characters are what it escapes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name on one line, its unsafe characters written as escapes (`a\nb.ts`, `\u202e`) rather than taken out, so that two names stay apart. */
export const escapeName = (name: string) =>
  name.replace(UNSAFE, (c) => (c <= '\u001f' ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

/**
 * Names Skim shows (a file's path, a workspace folder's, a declaration's), to a model or to a
 * person, screened as any text it returns: escaped, a credential redacted, and one the screen
 * flags as addressed to the agent shown as `unshown`. Findings count names (`line` is the index, 1-based).
 */
export async function screenNames(ctx: SkimContext, names: readonly string[], unshown = UNSHOWN_NAME): Promise<{ shown: string[]; findings: ScreenFindings }> {
  const { shown, flagged, findings } = await screenFields(ctx, names.map(escapeName));
  return { shown: shown.map((name, i) => (flagged.has(i) ? unshown : name)), findings };
}
