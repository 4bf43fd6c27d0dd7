import type { SkimContext } from '../context';
import { nameOnOneLine } from '../map/controls';
import { screenFields } from './fields';
import { NO_FINDINGS, ScreenFindings } from './screen';

/** What Skim prints for a file whose name the screen flagged as addressed to the agent. */
export const UNSHOWN_NAME = 'a file whose name Skim does not show';
/** The same, for a folder. */
export const UNSHOWN_FOLDER = 'a folder whose name Skim does not show';

/**
 * A name as the screen reads it: on one line, its last extension set apart by a tab (which nameOnOneLine never leaves in a name)
 * (`PAYMENTS_API_KEY=j0im….js` is an assignment's value and a suffix, not a path); `shownName` joins it again.
 */
export const screenedName = (name: string) => nameOnOneLine(name).replace(/(\.\w{1,10})$/, '\t$1');
export const shownName = (screened: string) => screened.replace(/\t(\.\w{1,10})$/, '$1');

/**
 * File and folder names (paths) as they may be shown, in order: each on one line
 * (nameOnOneLine), a credential in it redacted, and a name the screen flags as addressed to the
 * agent replaced by `unshown`. Findings count names (`line` is the name's index, 1-based).
 */
export async function screenNames(ctx: SkimContext, names: readonly string[], unshown = UNSHOWN_NAME): Promise<{ shown: string[]; findings: ScreenFindings }> {
  if (!names.length) return { shown: [], findings: NO_FINDINGS };
  const { shown, flagged, findings } = await screenFields(ctx, names.map(screenedName));
  return { shown: shown.map((name, i) => (flagged.has(i) ? unshown : shownName(name))), findings };
}

/** One name as it may be shown (screenNames). */
export async function screenName(ctx: SkimContext, name: string): Promise<string> {
  return (await screenNames(ctx, [name])).shown[0];
}
