import { statSync } from 'node:fs';
import { describeFileError } from '../files/errors';
import { fileKindByName } from '../files/kind';
import { readRegularFile } from '../files/open';
import { ProjectFile } from '../files/project';
import { hashBytes, looksBinary } from '../files/scan';
import { MapEntry } from '../map/types';
import type { MapSource } from '../mapping/mapSource';
import { within } from '../time/deadline';
import { askedLines, guardedPrint, Printed } from './guardedPrint';
import { OutputCut } from './outputCut';
import { fileLines } from './printed';
import { LineSpan, PrintFormat } from './read';

/** The largest file printed here: past it, the command itself runs. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface ShellPrintRequest extends LineSpan {
  format: PrintFormat;
  lineLimit: number;
  cut?: OutputCut;
  wholeMap?: string;
  /** The most milliseconds the map may take: past it the lines are printed as asked, and the notice says why. */
  budgetMs: number;
}

/** The name the notice gives the file and the map as shown, both screened (the map when one is given). */
export type PrintScreen = (key: string, entry: MapEntry | undefined) => Promise<{ name: string; entry?: MapEntry }>;

/**
 * A file's lines as a shell read prints them, guarded (guardedPrint): the file read once, its
 * map looked up by the hash of exactly those bytes (made when missing), the name and map
 * screened. Never throws: whatever cannot be done exactly is `unprintable`, and the command runs instead.
 */
export async function printShellRead(maps: MapSource, file: ProjectFile, request: ShellPrintRequest, screen: PrintScreen): Promise<Printed> {
  try {
    // Looked at before it is opened: even a moment's open of a FIFO would let a writer waiting for the read go ahead without it.
    if (!statSync(file.real).isFile()) return { outcome: 'unprintable', reason: `${file.key} is not a regular file` };
    const { bytes, size } = await readRegularFile(file.real, MAX_FILE_BYTES);
    if (!bytes) return { outcome: 'unprintable', reason: `${file.key} is ${size} bytes, more than Skim prints` };
    if (looksBinary(bytes)) return { outcome: 'unprintable', reason: `${file.key} is a binary file` };
    const lines = fileLines(bytes);
    const input = { file: lines, span: request, format: request.format, lineLimit: request.lineLimit, cut: request.cut, wholeMap: request.wholeMap };
    const guarded = fileKindByName(file.absolute) === 'source';
    if (!guarded || !askedLines(lines, request, request.lineLimit).over) return guardedPrint({ ...input, name: file.key, guarded });
    const found = await within(mapOf(maps, file, hashBytes(bytes), bytes.length), request.budgetMs);
    const map = found ?? { unmapped: `Skim could not make one within its ${request.budgetMs} ms deadline (SKIM_HOOK_BUDGET_MS)` };
    if ('changed' in map) return { outcome: 'unprintable', reason: `${file.key} changed while Skim read it` };
    const shown = await screen(file.key, 'entry' in map ? map.entry : undefined);
    const told = 'entry' in map ? { entry: shown.entry, fallback: map.fallback } : { unmapped: map.unmapped };
    return guardedPrint({ ...input, ...told, name: shown.name, guarded });
  } catch (error) {
    return { outcome: 'unprintable', reason: describeFileError(error, file.key) };
  }
}

/** The map of exactly these bytes: from the cache, else made now; or why there is none. */
async function mapOf(
  maps: MapSource,
  file: ProjectFile,
  hash: string,
  size: number,
): Promise<{ entry: MapEntry; fallback?: string } | { unmapped: string } | { changed: true }> {
  try {
    const cached = await maps.cached(file, hash, size);
    const made = cached ? { entry: cached } : await maps.ensure(file);
    if (made.entry.hash !== hash) return { changed: true };
    if (made.entry.status === 'prose-only') return { unmapped: 'the model never gave a usable map, only prose' };
    return 'fallback' in made && made.fallback ? { entry: made.entry, fallback: made.fallback } : { entry: made.entry };
  } catch (error) {
    return { unmapped: (error as Error).message };
  }
}
