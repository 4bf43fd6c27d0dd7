import { readRegularFile } from './open';
import { looksBinary } from './scan';
import { ProjectFile } from './project';

/** Files larger than this are not read whole for mapping by any producer. */
export const MAP_MAX_BYTES = 32 * 1024 * 1024;

/** Larger files are not parsed by tree-sitter (the outline, the tree tools, search placement). */
export const STRUCTURAL_MAX_BYTES = 8 * 1024 * 1024;

/** A file that is there but is not source text Skim reads whole: too large, or binary. The message says which. */
export class NotSourceError extends Error {}
/** A file whose bytes are binary (a NUL, or mostly not text), whatever its name says. */
export class BinaryFileError extends NotSourceError {}

/**
 * A source file's bytes, read whole for a producer: refused when it is not a regular file (a
 * FIFO would never end), larger than `maxBytes`, or binary. Reads no more than the file held
 * when it was opened.
 */
export async function readForMapping(file: string, maxBytes = MAP_MAX_BYTES, purpose = 'mapping'): Promise<Buffer> {
  const { bytes, size } = await readRegularFile(file, maxBytes);
  if (!bytes) throw new NotSourceError(`the file is ${(size / 1048576).toFixed(0)} MB, over Skim's ${maxBytes / 1048576} MB limit for ${purpose}`);
  if (looksBinary(bytes)) throw new BinaryFileError('it is a binary file');
  return bytes;
}

/** A source file for the structural tools: its bytes (at most what tree-sitter outlines), its text and its lines. */
export async function readSource(file: ProjectFile): Promise<{ bytes: Buffer; text: string; lines: string[] }> {
  const bytes = await readForMapping(file.real, STRUCTURAL_MAX_BYTES, 'outlining');
  const text = bytes.toString('utf8');
  return { bytes, text, lines: splitLines(text) };
}

/** Splits text into lines as editors number them (CRLF and LF alike; no phantom last line). */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}
