import { OPTIONS } from '../config/options';
import { describeFileError } from '../files/errors';
import { DECLINED_REASON, fileKindByName } from '../files/kind';
import { scanFile, ScanResult } from '../files/scan';
import { MapEntry } from '../map/types';
import type { MapSource } from '../mapping/mapSource';
import { ProjectFile } from '../files/project';
import { MAX_MODEL_CALLS } from '../summarizer/summarize';
import { nameOnOneLine } from '../map/controls';
import { cappedNotice, declinedNotice, fallbackNotice, noMapNotice } from './notice';

export interface ReadRequest {
  /** First line to return, 1-based. Default 1. */
  offset?: number;
  /** How many lines; the rest of the file when absent. */
  limit?: number;
  /** The guard's line limit. Default: skim.guard.lineLimit's, in the option table. */
  lineLimit?: number;
  /**
   * Whether to read the lines when the read goes ahead as asked (declined or unmapped). A hook
   * only decides, and the host reads; it sets this false. Default true.
   */
  returnLines?: boolean;
  signal?: AbortSignal;
}

/**
 * - untouched: the read asks for no more than the limit, and is returned as asked.
 * - capped: shortened to the limit from the caller's start, with the whole map.
 * - declined: prose, extensionless or binary; returned as asked (binary: no lines).
 * - unmapped: oversized, but no map could be had; returned as asked, saying why.
 * - unreadable: the file could not be read at all; `reason` says why.
 */
export type ReadOutcome = 'untouched' | 'capped' | 'declined' | 'unmapped' | 'unreadable';

export interface GuardedRead {
  outcome: ReadOutcome;
  path: string;
  /** The lines returned, 1-based inclusive; end = start - 1 when none. */
  start: number;
  end: number;
  /** The file's line count, or null where it was not counted. */
  total: number | null;
  /** For a capped read, the last line the read asked for (within the file). */
  askedEnd?: number;
  /** For a capped read, the bytes of the lines it asked for (start to askedEnd, newlines included): what the host alone would have read. */
  askedBytes?: number;
  capped: boolean;
  lines: string[];
  /** What the model must be told about this read; empty when the read is untouched. Names the file as `path` does. */
  notice: string;
  /** For a capped read whose map is the structural outline standing in for a model: why the model's map is not there. */
  fallback?: string;
  /** The map attached: the whole map when capped, or the prose-only summary when that is all there is. */
  entry?: MapEntry;
  modelCalls: number;
  /** Why the guard did not shorten an oversized read, or why the file could not be read. */
  reason?: string;
  /** The error code behind an unreadable file (ENOENT, EISDIR, ENOTREG, …). */
  reasonCode?: string;
}

/**
 * The read guard. Decides on the span the call would return, never on file size; caps rather
 * than blocks; never throws: every probe of the file is guarded, and when the guard cannot do
 * its part the read goes ahead as asked and says why.
 */
export async function guardedRead(maps: MapSource, file: ProjectFile, request: ReadRequest = {}): Promise<GuardedRead> {
  const start = Math.max(1, Math.trunc(request.offset ?? 1));
  const want = request.limit === undefined ? Infinity : Math.max(0, Math.trunc(request.limit));
  // Lines read only to go ahead as asked; a hook sets returnLines false and reads none.
  const asked = request.returnLines === false ? 0 : want;
  try {
    return await guard(maps, file, request, start, want, asked);
  } catch (error) {
    return unmapped(file, start, asked, `Skim failed: ${(error as Error).message}`, 0);
  }
}

async function guard(maps: MapSource, file: ProjectFile, request: ReadRequest, start: number, want: number, asked: number): Promise<GuardedRead> {
  const limit = request.lineLimit && request.lineLimit > 0 ? request.lineLimit : OPTIONS.lineLimit.default;
  const kind = fileKindByName(file.absolute);
  if (kind !== 'source') {
    const read = await readAsAsked(file, start, asked);
    // A file that cannot be read is unreadable whatever its name says (a missing notes.md, a folder named docs.md).
    if (read.outcome !== 'untouched') return read;
    const declined: GuardedRead = { ...read, outcome: 'declined', reason: DECLINED_REASON[kind] };
    // Asked for more than the limit, the read says why it was not shortened; within it, there was nothing to shorten.
    return want > limit ? { ...declined, notice: declinedNotice(declined.path, DECLINED_REASON[kind]) } : declined;
  }
  // Within the limit the guard has nothing to add: the read goes ahead as asked (a hook reads nothing at all).
  if (want <= limit) return readAsAsked(file, start, asked);

  let scan: ScanResult;
  try {
    scan = await scanFile(file.real, { start, take: limit, measureTo: start + want - 1 });
  } catch (error) {
    return unreadable(file, start, error);
  }
  if (scan.binary) return declinedBinary(file, start, 0);
  const askedEnd = want === Infinity ? scan.seen : Math.min(scan.seen, start + want - 1);
  if (askedEnd - start + 1 <= limit) return { ...result(file, start, scan.lines, scan.seen), outcome: 'untouched' };

  // Oversized: find the map for exactly the bytes just read. If the file changes under us, read once more.
  let modelCalls = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    let entry: MapEntry | undefined;
    let fallback: string | undefined;
    try {
      entry = await maps.cached(file, scan.hash as string, scan.size);
      if (!entry) {
        // One read spends at most three model calls, however often the file changes under it.
        const made = await maps.ensure(file, { signal: request.signal, maxModelCalls: MAX_MODEL_CALLS - modelCalls });
        modelCalls += made.modelCalls;
        entry = made.entry;
        fallback = made.fallback;
      }
    } catch (error) {
      modelCalls += (error as { modelCalls?: number }).modelCalls ?? 0;
      return unmapped(file, start, asked, (error as Error).message, modelCalls);
    }
    if (entry.hash === scan.hash && !scan.changed) {
      if (entry.status === 'prose-only') {
        return { ...(await unmapped(file, start, asked, 'the model never gave a usable map, only prose', modelCalls)), entry };
      }
      const capped: GuardedRead = {
        ...result(file, start, scan.lines, scan.seen),
        outcome: 'capped',
        capped: true,
        entry,
        modelCalls,
        askedEnd,
        askedBytes: scan.rangeBytes,
        fallback,
      };
      return { ...capped, notice: noticeOf(capped) };
    }
    try {
      scan = await scanFile(file.real, { start, take: limit, measureTo: start + want - 1 });
    } catch (error) {
      return unreadable(file, start, error);
    }
    if (scan.binary) return declinedBinary(file, start, modelCalls);
  }
  return unmapped(file, start, asked, 'the file kept changing while it was being read, so no map matched its lines', modelCalls);
}

/** An oversized read that goes ahead as asked because no map could be had, known without reading the file (a hook's answer past its deadline). */
export function notMapped(file: ProjectFile, start: number, reason: string, modelCalls = 0): GuardedRead {
  const read: GuardedRead = { ...result(file, start, [], null), outcome: 'unmapped', reason, modelCalls };
  return { ...read, notice: noticeOf(read) };
}

/** What a capped or unmapped read tells the model, naming the file as `read.path` does. */
function noticeOf(read: GuardedRead): string {
  if (read.outcome === 'capped')
    return (
      // A capped read shows as many lines as the limit.
      cappedNotice(read.path, read.start, read.end, read.total ?? read.end, read.askedEnd ?? read.end, read.end - read.start + 1) +
      (read.fallback ? `\n${fallbackNotice(read.fallback)}` : '')
    );
  if (read.outcome === 'unmapped') return noMapNotice(read.path, read.reason ?? 'no reason was given');
  return read.outcome === 'declined' && read.notice ? declinedNotice(read.path, read.reason ?? 'Skim does not guard this file') : read.notice;
}

/**
 * The read as it may be shown, its file named `name` (its key as screen/names shows it) in its
 * path and its notice. Until a caller names it so, a read names its file on one line
 * (nameOnOneLine), its credentials not yet screened.
 */
export function shownAs(read: GuardedRead, name: string): GuardedRead {
  const named = { ...read, path: name };
  return { ...named, notice: noticeOf(named) };
}

/** No map to offer: the read goes ahead exactly as asked, and says why it was not shortened. */
async function unmapped(file: ProjectFile, start: number, want: number, reason: string, modelCalls: number): Promise<GuardedRead> {
  const read = await readAsAsked(file, start, want);
  if (read.outcome !== 'untouched') return { ...read, modelCalls };
  return { ...notMapped(file, start, reason, modelCalls), lines: read.lines, end: read.end, total: read.total };
}

function declinedBinary(file: ProjectFile, start: number, modelCalls: number): GuardedRead {
  return { ...result(file, start, [], null), outcome: 'declined', reason: DECLINED_REASON.binary, modelCalls };
}

function result(file: ProjectFile, start: number, lines: string[], total: number | null): Omit<GuardedRead, 'outcome'> {
  return { path: nameOnOneLine(file.key), start, end: start + lines.length - 1, total, capped: false, lines, notice: '', modelCalls: 0 };
}

function unreadable(file: ProjectFile, start: number, error: unknown): GuardedRead {
  const reasonCode = (error as NodeJS.ErrnoException).code;
  return { ...result(file, start, [], null), outcome: 'unreadable', reason: describeFileError(error, file.key), reasonCode };
}

/** The read exactly as the caller asked, streamed once; no I/O at all when no lines are wanted. */
async function readAsAsked(file: ProjectFile, start: number, want: number): Promise<GuardedRead> {
  if (want === 0) return { ...result(file, start, [], null), outcome: 'untouched' };
  try {
    const scan = await scanFile(file.real, want === Infinity ? { start, take: Infinity } : { start, take: want, stopAt: start + want - 1 });
    if (scan.binary) return declinedBinary(file, start, 0);
    return { ...result(file, start, scan.lines, scan.complete ? scan.seen : null), outcome: 'untouched' };
  } catch (error) {
    return unreadable(file, start, error);
  }
}
