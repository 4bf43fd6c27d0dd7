import { Sha256, sha256Hex } from './sha256';
import { closeSync, fstatSync, read, Stats } from 'node:fs';
import { promisify } from 'node:util';
import { openRegularFile } from './open';
import { readWhole } from './readWhole';

const readAsync = promisify(read);

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;
/** A NUL byte within this many leading bytes makes a file binary, for every reader alike. */
const BINARY_PROBE_BYTES = 64 * 1024;

/** Whether bytes that start a file show it is not text. */
export function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, BINARY_PROBE_BYTES).includes(0);
}
/**
 * Files up to this size are read in one synchronous call: a few round trips through the thread
 * pool cost more than the read itself. Larger files stream, so memory stays at one chunk.
 */
const WHOLE_READ_MAX = 1024 * 1024;

export interface ScanRequest {
  /** First line to collect, 1-based. */
  start: number;
  /** How many lines to collect at most. */
  take: number;
  /**
   * Stop reading once line `stopAt` is complete, without counting or hashing the rest.
   * Omit to read to the end (the total and the hash are then known).
   */
  stopAt?: number;
  /** Count the bytes of lines `start` to this one (to the end of the file when it has fewer), collected or not: `rangeBytes`. */
  measureTo?: number;
}

export interface ScanResult {
  /** The collected lines, without their line terminators (a trailing CR is dropped too). */
  lines: string[];
  /** Lines seen up to where reading stopped; the file's line count when `complete`. */
  seen: number;
  /** The whole file was read: `seen` is the total and `hash` is set. */
  complete: boolean;
  hash?: string;
  size: number;
  /** A NUL byte in the first BINARY_PROBE_BYTES: not a text file. */
  binary: boolean;
  /** Size or modification time moved while it was being read. */
  changed: boolean;
  /** With `measureTo`: the bytes of lines `start` to `measureTo` that were read, newlines included. */
  rangeBytes?: number;
}

/** The content hash freshness rests on: SHA-256 of the raw bytes, hex. */
export function hashBytes(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/** Splits bytes fed in chunks into lines, counting them, hashing them and keeping the wanted ones. */
class LineCollector {
  private readonly hasher = new Sha256();
  private readonly lastWanted: number;
  /** Copies of the wanted bytes, each line with its newline; decoded once at the end. */
  private readonly wanted: Buffer[] = [];
  private line = 1; // the line the next byte belongs to
  private endedOnNewline = true;
  private bytes = 0;
  /** Where line `start` begins and where line `measureTo` ends, as offsets in the file, once read. */
  private rangeFrom?: number;
  private rangeTo?: number;
  binary = false;
  stopped = false;

  constructor(private readonly request: ScanRequest) {
    this.lastWanted = request.start + request.take - 1;
  }

  /** Takes the next chunk (which the caller may reuse afterwards); returns false once it has stopped. */
  feed(chunk: Buffer): boolean {
    if (this.bytes === 0 && looksBinary(chunk)) {
      // A binary file's lines and hash serve no one: reading on (3 GB of a sparse file took 42 s) only costs time.
      this.binary = true;
      this.stopped = true;
      return false;
    }
    const base = this.bytes;
    this.bytes += chunk.length;
    this.hasher.update(chunk);
    this.endedOnNewline = chunk[chunk.length - 1] === NEWLINE;
    const { start, stopAt, measureTo } = this.request;
    if (this.line === start) this.rangeFrom ??= base;
    let from = 0;
    let keepFrom = this.line >= start && this.line <= this.lastWanted ? 0 : -1;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl === -1) break;
      from = nl + 1;
      const done = stopAt !== undefined && this.line >= stopAt;
      if (this.line === measureTo) this.rangeTo = base + from;
      if (this.line === this.lastWanted || done) {
        if (keepFrom !== -1) this.wanted.push(Buffer.from(chunk.subarray(keepFrom, from)));
        keepFrom = -1;
      }
      if (done) {
        this.stopped = true;
        return false;
      }
      this.line++;
      if (this.line === start) {
        this.rangeFrom = base + from;
        if (this.line <= this.lastWanted) keepFrom = from;
      }
    }
    if (keepFrom !== -1 && keepFrom < chunk.length) this.wanted.push(Buffer.from(chunk.subarray(keepFrom)));
    return true;
  }

  /** The bytes of lines start..measureTo read so far; undefined without `measureTo`. */
  private range(): number | undefined {
    if (this.request.measureTo === undefined) return undefined;
    return this.rangeFrom === undefined ? 0 : (this.rangeTo ?? this.bytes) - this.rangeFrom;
  }

  finish(): { lines: string[]; seen: number; hash?: string; bytes: number; rangeBytes?: number } {
    const text = this.wanted.length === 1 ? this.wanted[0].toString('utf8') : Buffer.concat(this.wanted).toString('utf8');
    const lines = text === '' ? [] : text.split('\n');
    if (text.endsWith('\n')) lines.pop();
    for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
    if (this.stopped) return { lines, seen: this.line, bytes: this.bytes, rangeBytes: this.range() };
    const seen = this.bytes === 0 ? 0 : this.endedOnNewline ? this.line - 1 : this.line;
    return { lines, seen, hash: this.hasher.digest(), bytes: this.bytes, rangeBytes: this.range() };
  }
}

function moved(before: Stats, after: Stats, bytes: number, complete: boolean): boolean {
  return after.size !== before.size || after.mtimeMs !== before.mtimeMs || (complete && bytes !== after.size);
}

function result(collector: LineCollector, before: Stats, after: Stats): ScanResult {
  const { lines, seen, hash, bytes, rangeBytes } = collector.finish();
  const complete = !collector.stopped;
  return { lines, seen, complete, hash, size: after.size, binary: collector.binary, changed: moved(before, after, bytes, complete), rangeBytes };
}

/**
 * Reads a regular file once: collects the wanted lines, counts lines and hashes the bytes as it
 * goes, and stops early when asked. Memory stays at one chunk plus the collected lines, and it
 * never reads more than the file held when it was opened: a file that grows meanwhile is marked
 * changed rather than followed.
 */
export async function scanFile(file: string, request: ScanRequest): Promise<ScanResult> {
  const { fd, stat: before } = openRegularFile(file);
  try {
    return before.size <= WHOLE_READ_MAX ? scanWhole(fd, request, before) : await stream(fd, request, before);
  } finally {
    closeSync(fd);
  }
}

function scanWhole(fd: number, request: ScanRequest, before: Stats): ScanResult {
  // One byte more than it held: a file that grew while being read fills it, and the size check marks it changed.
  const buffer = Buffer.allocUnsafe(before.size + 1);
  const length = readWhole(fd, buffer);
  const collector = new LineCollector(request);
  if (length > 0) collector.feed(buffer.subarray(0, Math.min(length, before.size)));
  return result(collector, before, fstatSync(fd));
}

async function stream(fd: number, request: ScanRequest, before: Stats): Promise<ScanResult> {
  const collector = new LineCollector(request);
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (let position = 0; position < before.size;) {
    const { bytesRead } = await readAsync(fd, buffer, 0, Math.min(CHUNK, before.size - position), position);
    if (bytesRead === 0 || !collector.feed(buffer.subarray(0, bytesRead))) break;
    position += bytesRead;
  }
  return result(collector, before, fstatSync(fd));
}
