import type { SkimContext } from '../context';
import { scanFile } from '../files/scan';
import { mayBeKeyLine } from './privateKeys';
import { redactLines, screenLines, ScreenFindings } from './screen';
import { findSecrets } from './secrets';

/**
 * A private key's block is longer than this many lines only past 8192 bits: the lines a window
 * of a file is first screened with on each side when it may have cut a block at both ends.
 */
const KEY_CONTEXT_LINES = 128;
/** The widest those lines grow, doubled while their own edge is still a key's line (a PGP key with a photo runs to thousands). */
const MAX_KEY_CONTEXT_LINES = 16_384;

/**
 * The file's lines from `from` to past `last`, reaching further while the lines at their edge are
 * still a key's; undefined when the file can no longer be read.
 */
async function linesAround(real: string, first: number, last: number): Promise<{ from: number; around: string[] } | undefined> {
  for (let reach = KEY_CONTEXT_LINES; ; reach *= 2) {
    const from = Math.max(1, first - reach);
    const take = last + reach - from + 1;
    let around: string[];
    try {
      around = (await scanFile(real, { start: from, take, stopAt: last + reach })).lines;
    } catch {
      return undefined;
    }
    const cutBefore = from > 1 && mayBeKeyLine(around[0] ?? '');
    const cutAfter = around.length === take && mayBeKeyLine(around[around.length - 1]);
    if ((!cutBefore && !cutAfter) || reach >= MAX_KEY_CONTEXT_LINES) return { from, around };
  }
}

/**
 * A window of a file (lines `first` on, as read), screened like `screenLines`, and also against
 * the lines around it when its first or last line could be a key's: a window that holds only the
 * middle of a private key block has no marker in it to find the block by. The file is read again
 * for those lines alone; a file that is no longer there, or no longer a regular file, leaves the
 * window screened on its own.
 */
export async function screenWindow(
  ctx: SkimContext,
  real: string,
  lines: readonly string[],
  first: number,
  judge = true,
): Promise<{ lines: string[]; findings: ScreenFindings }> {
  const edge = lines.length > 0 && (mayBeKeyLine(lines[0]) || mayBeKeyLine(lines[lines.length - 1]));
  if (!ctx.options.redactSecrets || !edge) return screenLines(ctx, lines, first, judge);
  const last = first + lines.length - 1;
  const context = await linesAround(real, first, last);
  if (!context) return screenLines(ctx, lines, first, judge);
  const { from, around } = context;
  const before = around.slice(0, first - from);
  const after = around.slice(last - from + 1);
  const whole = [...before, ...lines, ...after];
  const redacted = redactLines(whole, await findSecrets(whole.join('\n')));
  const inWindow = redacted.redacted.filter((r) => r.index >= before.length && r.index < before.length + lines.length);
  const window = redacted.lines.slice(before.length, before.length + lines.length);
  // The window's own screen flags and judges its lines; its redactions are the wider text's, found once.
  const screened = await screenLines({ ...ctx, options: { ...ctx.options, redactSecrets: false } }, window, first, judge);
  const redactions = inWindow.map((r) => ({ line: r.index - before.length + first, kind: r.kind }));
  return { lines: screened.lines, findings: { ...screened.findings, redactions } };
}
