import { readRegularFile } from './files/open';
import { splitLines } from './files/readSource';

/**
 * What one shortened read saved, measured where it can be and estimated where it cannot, and
 * said which: the lines and bytes withheld are counted from the file; the tokens of the lines
 * shown and of the map attached are counted by a tokenizer; the tokens withheld are estimated
 * from the bytes withheld at the shown lines' tokens per byte (the withheld lines are never
 * tokenized: that would cost what the read saved).
 */
export interface ShortenedRead {
  at: number;
  path: string;
  /** The lines shown, and the last line the read asked for. */
  shown: [number, number];
  askedEnd: number;
  withheldLines: number;
  withheldBytes: number;
  shownTokens: number;
  shownBytes: number;
  mapTokens: number;
}

/** Tokens of a text: a model's own counter where the host has one, else o200k (gpt-tokenizer). */
export type TokenCounter = { name: string; count: (text: string) => Promise<number> };

export const O200K: TokenCounter = { name: 'o200k (gpt-tokenizer)', count: async (text) => encodeO200k(text).length };

/**
 * o200k tokens of a text. gpt-tokenizer is loaded at the first count, from a bundle of its own
 * (tokenizerBundle.ts, dist/tokenizer.js): its tables are 2 MB and take a quarter of a second to
 * build, which a process that counts nothing (the extension in most windows, a command served
 * whole from its cache) never reads, parses or pays.
 */
export function encodeO200k(text: string): number[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle of its own, required when first needed
  return (require('./tokenizerBundle') as typeof import('./tokenizerBundle')).encode(text);
}

export async function measureShortenedRead(
  real: string,
  key: string,
  shown: [number, number],
  askedEnd: number,
  mapText: string,
  tokens: TokenCounter,
): Promise<ShortenedRead | undefined> {
  const { bytes } = await readRegularFile(real, 64 * 1024 * 1024).catch(() => ({ bytes: undefined }));
  if (!bytes) return undefined;
  const lines = splitLines(bytes.toString('utf8'));
  const last = Math.min(askedEnd, lines.length);
  const byteLength = (from: number, to: number) => lines.slice(from - 1, to).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  const shownText = lines.slice(shown[0] - 1, shown[1]).join('\n');
  return {
    at: Date.now(),
    path: key,
    shown,
    askedEnd: last,
    withheldLines: Math.max(0, last - shown[1]),
    withheldBytes: byteLength(shown[1] + 1, last),
    shownTokens: await tokens.count(shownText),
    shownBytes: Buffer.byteLength(shownText),
    mapTokens: await tokens.count(mapText),
  };
}

/** The tokens withheld, estimated at the shown lines' tokens per byte. */
export const estimatedWithheldTokens = (read: ShortenedRead) => Math.round((read.withheldBytes * read.shownTokens) / Math.max(1, read.shownBytes));
