import { spawn } from 'node:child_process';
import { Listing } from './listing';
import { ListingTally } from './listingTally';
import { OutputSize } from './outputCut';

/** What a listing printed, as far as it was read: its first lines byte for byte, all of it while small, its size, its counts by folder. */
export interface ListingOutput {
  /** The first `limit` lines, each with its newline (the output's last line may have none). */
  head: Buffer[];
  /** Every byte it printed, while that is at most `keepBytes`. */
  whole?: Buffer;
  size: OutputSize;
  tally: ListingTally;
  /** Skim stopped it at a bound before it ended (`ms`: how long it had run): what it printed by then is what is counted. */
  stopped?: { ms: number };
}

/** The listing as it ran, or why its output cannot stand for the command's (it failed, wrote to stderr, could not start). */
export type ListingRun = { ran: ListingOutput } | { failed: string };

export interface ListingBounds {
  /** Lines kept byte for byte. */
  limit: number;
  /** How long it may run, and how many bytes it may print, before it is stopped. */
  ms: number;
  maxBytes: number;
  /** The most bytes kept whole, to print it as it is where shortening it would not do. */
  keepBytes: number;
}

const NEWLINE = 0x0a;

/**
 * Runs the listing itself (the program found on PATH as the shell finds it, in `cwd`, with this
 * process's environment: the same locale, so the same order and bytes) with no terminal, reading
 * its output line by line: the first lines kept as printed, every line counted by folder. It is
 * stopped at the bounds; anything on stderr, a status other than 0, or a program that cannot start
 * is a failure, and then the command itself must run instead.
 */
export function runListing(listing: Listing, cwd: string, env: NodeJS.ProcessEnv, bounds: ListingBounds): Promise<ListingRun> {
  const tally = new ListingTally(listing.program, listing.shape, listing.folder ?? '.', bounds.limit);
  const head: Buffer[] = [];
  const chunks: Buffer[] = [];
  const size: OutputSize = { lines: 0, chars: 0, bytes: 0 };
  let partial: Buffer[] = [];
  let failed: string | undefined;
  let stopped: { ms: number } | undefined;
  const started = Date.now();

  const take = (line: Buffer) => {
    const text = line.toString('utf8');
    size.lines++;
    size.chars += text.length;
    if (head.length < bounds.limit) head.push(line);
    tally.line(line[line.length - 1] === NEWLINE ? text.slice(0, -1) : text);
  };

  return new Promise<ListingRun>((resolve) => {
    let child;
    try {
      child = spawn(listing.program, listing.args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      resolve({ failed: `${listing.program} could not run: ${(error as Error).message}` });
      return;
    }
    const stop = (why: 'failed' | 'bound') => {
      if (why === 'bound' && !failed) stopped ??= { ms: Date.now() - started };
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('bound'), bounds.ms);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped || failed) return;
      size.bytes += chunk.length;
      if (size.bytes <= bounds.keepBytes) chunks.push(chunk);
      let from = 0;
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
        const piece = chunk.subarray(from, at + 1);
        take(partial.length ? Buffer.concat([...partial, piece]) : piece);
        partial = [];
        from = at + 1;
      }
      if (from < chunk.length) partial.push(chunk.subarray(from));
      if (size.bytes > bounds.maxBytes) stop('bound');
    });
    // Anything on stderr: its first line (read to its end, or its first kilobyte) says why, and the listing is stopped there.
    let stderr = Buffer.alloc(0);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]).subarray(0, 1024);
      failed = `${listing.program} wrote to stderr: ${stderr.toString('utf8').split('\n')[0]}`;
      if (stderr.includes(NEWLINE) || stderr.length >= 1024) stop('failed');
    });
    // A program that cannot start reports 'error', and may or may not report 'close' after it: the first settles.
    const settle = (run: ListingRun) => {
      clearTimeout(timer);
      resolve(run);
    };
    child.on('error', (error) => settle({ failed: failed ?? `${listing.program} could not run: ${error.message}` }));
    child.on('close', (code, signal) => {
      if (!failed && !stopped && (code !== 0 || signal)) failed = `${listing.program} ended with ${signal ?? `status ${code}`}`;
      if (failed) return settle({ failed });
      // A line cut off by the stop is not a line the listing printed.
      if (partial.length && !stopped) take(Buffer.concat(partial));
      const whole = size.bytes <= bounds.keepBytes && !stopped ? Buffer.concat(chunks) : undefined;
      settle({ ran: { head, ...(whole ? { whole } : {}), size, tally, ...(stopped ? { stopped } : {}) } });
    });
  });
}
