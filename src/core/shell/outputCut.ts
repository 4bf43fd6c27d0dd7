/**
 * Where a host cuts a tool's output by itself: past any of these bounds it keeps the start
 * (`head`) or the start and the end (`ends`), and the model sees no more than that.
 */
export interface OutputCut {
  lines?: number;
  chars?: number;
  /** UTF-8 bytes: what Claude Code's Bash and the Copilot CLI's bash count. */
  bytes?: number;
  /** o200k tokens, as the host counts them or near enough. */
  tokens?: number;
  keeps: 'head' | 'ends';
}

/** A text's size in each unit a cut counts; tokens as UTF-8 bytes, which no token count exceeds. */
export interface OutputSize {
  lines: number;
  chars: number;
  bytes: number;
}

export function sizeOf(text: string | Buffer): OutputSize {
  const string = typeof text === 'string' ? text : text.toString('utf8');
  const bytes = typeof text === 'string' ? Buffer.byteLength(text) : text.length;
  const newlines = string.split('\n').length - 1;
  return { lines: newlines + (string.length && !string.endsWith('\n') ? 1 : 0), chars: string.length, bytes };
}

export const addSizes = (a: OutputSize, b: OutputSize): OutputSize => ({ lines: a.lines + b.lines, chars: a.chars + b.chars, bytes: a.bytes + b.bytes });

/** The most of each unit the host shows of an output of `size`: all of it within the cut, else the cut's bound (tokens counted as bytes). */
export function shownOf(size: OutputSize, cut: OutputCut | undefined): OutputSize {
  const bytes = Math.min(size.bytes, cut?.bytes ?? Infinity, cut?.tokens ?? Infinity);
  return { lines: Math.min(size.lines, cut?.lines ?? Infinity), chars: Math.min(size.chars, cut?.chars ?? Infinity), bytes };
}

/** Whether an output of `size` fits within `room` in every unit. */
export const fits = (size: OutputSize, room: OutputSize): boolean => size.lines <= room.lines && size.chars <= room.chars && size.bytes <= room.bytes;

/** Whether the host shows all of an output of `size`. */
export const shownWhole = (size: OutputSize, cut: OutputCut | undefined): boolean => fits(size, shownOf(size, cut));

/** The cut's bound in words: "30,000 bytes". */
export function cutWords(cut: OutputCut): string {
  const bounds = [
    cut.lines && `${cut.lines.toLocaleString('en-US')} lines`,
    cut.chars && `${cut.chars.toLocaleString('en-US')} characters`,
    cut.bytes && `${cut.bytes.toLocaleString('en-US')} bytes`,
    cut.tokens && `${cut.tokens.toLocaleString('en-US')} tokens`,
  ].filter(Boolean);
  return bounds.join(' or ');
}

/** The cut no output passes unless it passes each of `cuts`: the least of every bound (none: the host shows it all). */
export function strictestCut(cuts: readonly (OutputCut | undefined)[]): OutputCut | undefined {
  const given = cuts.filter((c): c is OutputCut => c !== undefined);
  if (!given.length) return undefined;
  const least = (unit: 'lines' | 'chars' | 'bytes' | 'tokens') => {
    const bounds = given.flatMap((c) => (c[unit] === undefined ? [] : [c[unit] as number]));
    return bounds.length ? { [unit]: Math.min(...bounds) } : {};
  };
  return { ...least('lines'), ...least('chars'), ...least('bytes'), ...least('tokens'), keeps: given.some((c) => c.keeps === 'head') ? 'head' : 'ends' };
}
