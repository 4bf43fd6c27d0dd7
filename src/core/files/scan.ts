import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

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
  /** A NUL byte in the first chunk: not a text file. */
  binary: boolean;
  /** Size or modification time moved while it was being read. */
  changed: boolean;
}

/** The content hash freshness rests on: SHA-256 of the raw bytes, hex. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Counts lines the way editors number them: a final line without a newline still counts. */
export function countLines(bytes: Uint8Array): number {
  let n = 0;
  let at = -1;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while ((at = buf.indexOf(NEWLINE, at + 1)) !== -1) n++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== NEWLINE ? n + 1 : n;
}

function decodeLine(parts: Buffer[]): string {
  const text = (parts.length === 1 ? parts[0] : Buffer.concat(parts)).toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * Streams a file once: collects the wanted lines, counts lines and hashes the bytes as it goes,
 * and stops early when asked. Memory stays at one chunk plus the collected lines.
 */
export async function scanFile(file: string, request: ScanRequest): Promise<ScanResult> {
  const handle = await fs.open(file, 'r');
  try {
    const before = await handle.stat();
    const hasher = createHash('sha256');
    const buffer = Buffer.allocUnsafe(CHUNK);
    const lastWanted = request.start + request.take - 1;
    const lines: string[] = [];
    let partial: Buffer[] = [];
    let line = 1; // the line the next byte belongs to
    let endedOnNewline = true;
    let binary = false;
    let first = true;
    let stopped = false;
    let bytesRead = 0;

    for (;;) {
      const { bytesRead: n } = await handle.read(buffer, 0, CHUNK, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      const chunk = buffer.subarray(0, n);
      if (first) {
        binary = chunk.indexOf(0) !== -1;
        first = false;
      }
      hasher.update(chunk);
      endedOnNewline = chunk[n - 1] === NEWLINE;
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(NEWLINE, from);
        const wanted = line >= request.start && line <= lastWanted;
        if (nl === -1) {
          if (wanted && from < n) partial.push(Buffer.from(chunk.subarray(from, n)));
          break;
        }
        if (wanted) {
          partial.push(chunk.subarray(from, nl));
          lines.push(decodeLine(partial));
        }
        partial = [];
        from = nl + 1;
        if (request.stopAt !== undefined && line >= request.stopAt) {
          stopped = true;
          break;
        }
        line++;
      }
      if (stopped) break;
    }

    if (!stopped && partial.length && line >= request.start && line <= lastWanted) lines.push(decodeLine(partial));
    const seen = stopped ? line : bytesRead === 0 ? 0 : endedOnNewline ? line - 1 : line;
    const after = await handle.stat();
    return {
      lines,
      seen,
      complete: !stopped,
      hash: stopped ? undefined : hasher.digest('hex'),
      size: after.size,
      binary,
      changed: after.size !== before.size || after.mtimeMs !== before.mtimeMs || (!stopped && bytesRead !== after.size),
    };
  } finally {
    await handle.close();
  }
}
