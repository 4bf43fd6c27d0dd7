import type { SkimContext } from '../context';
import { nameOnOneLine } from '../map/controls';
import { screenFields } from './fields';
import { screenNames } from './names';

/** What stands for a line of a message that the screen flags: a name or an argument quoted in it reads as an order to the agent. */
export const UNSHOWN_MESSAGE_LINE = '[skim] This line of the message is not shown: a name or argument it quotes reads as addressed to an AI agent.';

/**
 * A message Skim writes (an error, a refusal, a warning) as it may be shown: it quotes file names
 * and the caller's arguments, so it is output like any other. Each line is put on one line as a
 * name is (control characters escaped, Skim's own markers taken out), a credential in it is
 * redacted, and a line the screen flags as addressed to the agent is replaced by a line that says
 * so. A message that holds only one line should be given as one (`nameOnOneLine` it first): a
 * line break in a quoted name would otherwise start a line of its own.
 */
export async function screenMessage(ctx: SkimContext, message: string): Promise<string> {
  const lines = message.split('\n').map(nameOnOneLine);
  const { shown, flagged } = await screenFields(ctx, lines);
  return shown.map((line, i) => (flagged.has(i) ? UNSHOWN_MESSAGE_LINE : line)).join('\n');
}

/** What Skim shows for an argument of the caller's (a pattern, a query, a name looked for) that the screen flags. */
export const UNSHOWN_ARGUMENT = 'an argument Skim does not show';

/**
 * The caller's own arguments as an answer quotes them back (a search's pattern, a query, the name
 * a symbol was looked for by): each on one line, a credential in it redacted, and one the screen
 * flags as addressed to the agent shown as `unshown`.
 */
export async function screenArguments(ctx: SkimContext, args: readonly string[], unshown = UNSHOWN_ARGUMENT): Promise<string[]> {
  if (!args.length) return [];
  const { shown, flagged } = await screenFields(ctx, args.map(nameOnOneLine));
  return shown.map((arg, i) => (flagged.has(i) ? unshown : arg));
}

/**
 * A message that quotes names (paths) Skim knows it quotes (an edit gate's refusal names the file
 * and the real path it leads to): each is shown as every channel shows names (screenNames: a
 * credential redacted, a flagged one as "a file whose name Skim does not show"), so that the rest
 * of the message still says what to do; then the whole is screened as a message.
 */
export async function screenNamedMessage(ctx: SkimContext, message: string, names: readonly string[]): Promise<string> {
  const distinct = [...new Set(names)].filter((name) => name !== '').sort((a, b) => b.length - a.length);
  const { shown } = await screenNames(ctx, distinct);
  const named = distinct.reduce((text, name, i) => text.split(name).join(shown[i]), message);
  return screenMessage(ctx, named);
}

/**
 * What a read says of itself beside its lines (why no map was made, why the outline stands in for a
 * model's map) screened as messages: a reason quotes the file's paths (`names`) and what failed
 * (a parser's or a model endpoint's own words).
 */
export async function screenReasons(
  ctx: SkimContext,
  read: { reason?: string; fallback?: string },
  names: readonly string[],
): Promise<{ reason?: string; fallback?: string }> {
  const [reason, fallback] = await Promise.all(
    [read.reason, read.fallback].map((text) => (text === undefined ? undefined : screenNamedMessage(ctx, text, names))),
  );
  return { ...(reason !== undefined && { reason }), ...(fallback !== undefined && { fallback }) };
}
