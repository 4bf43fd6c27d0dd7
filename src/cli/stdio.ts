import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import type { Io } from './io';

/**
 * Standard input and output for a process that lives for one answer (the hook): read and written on
 * the descriptors themselves. `process.stdin` and `process.stdout` are Node streams over a socket
 * class; creating them loads Node's stream and network modules, a quarter of what a hook that lets
 * a read through costs over Node's own start. Where the descriptors cannot be used that way, the
 * streams take over, so nothing is lost either way.
 */

const CHUNK = 64 * 1024;

/** The longest wait between two looks at a pipe with nothing in it yet. */
const MOST_POLL_MS = 10;

const wouldBlock = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EAGAIN';

/** The reader of a pipe closed its end (`skim read BIG | head -2`): nothing written there is read any more. */
const readerGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EPIPE';

/** How a command whose reader closed the pipe exits: as cat and git do, killed by SIGPIPE (128 + 13). */
export const CLOSED_PIPE_EXIT = 141;

/**
 * Calls `gone` once the reader of `stream`'s pipe has closed it: a write to such a pipe fails with
 * EPIPE (Node ignores SIGPIPE), said on the stream as an error event, which unheard would end the
 * process with a stack trace. Any other error is still thrown. Returns the stream.
 */
export function whenReaderGone<S extends NodeJS.WritableStream>(stream: S, gone: () => void): S {
  stream.on('error', (error) => {
    if (!readerGone(error)) throw error;
    gone();
  });
  return stream;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Standard input's bytes as they arrive, to its end. Never a read the process could not leave: a
 * blocking read on Node's thread pool that no writer ends would hold the process after its answer
 * (Node waits for the pool as it exits), so stdin is never read that way. A regular file is read at
 * once; a pipe (what the installed command's filter hands Skim) is opened again without blocking
 * (Linux's /proc/self/fd/0) and read as its bytes arrive, looking again after at most 10 ms;
 * anything else (a socket, a terminal, a device, a system without /proc) goes through
 * `process.stdin`.
 */
export async function* stdinChunks(): AsyncGenerator<Buffer> {
  let kind: 'file' | 'pipe' | 'other' = 'other';
  try {
    const stat = fstatSync(0);
    kind = stat.isFile() ? 'file' : stat.isFIFO() ? 'pipe' : 'other';
  } catch {
    // No stdin at all: the stream says so its own way.
  }
  if (kind === 'file') return yield* chunks(0);
  let pipe: number | undefined;
  try {
    if (kind === 'pipe' && readable(0)) pipe = openSync('/proc/self/fd/0', constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    pipe = undefined;
  }
  if (pipe === undefined) return yield* process.stdin;
  try {
    yield* chunks(pipe);
  } finally {
    closeSync(pipe);
  }
}

/** Whether descriptor `fd` was opened for reading (Linux's fdinfo): a pipe's write end handed in as stdin must not be read from through a new descriptor. */
function readable(fd: number): boolean {
  const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'))?.[1];
  return flags !== undefined && (parseInt(flags, 8) & 0o3) !== constants.O_WRONLY; // 0o3: the access mode's bits (O_ACCMODE)
}

/** A descriptor's bytes to its end; a non-blocking one with nothing in it yet is looked at again a little later. */
async function* chunks(fd: number): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (let wait = 1; ;) {
    let bytesRead: number;
    try {
      bytesRead = readSync(fd, buffer);
    } catch (error) {
      if (!wouldBlock(error)) throw error;
      await sleep(wait);
      wait = Math.min(MOST_POLL_MS, wait * 2);
      continue;
    }
    if (bytesRead === 0) return;
    wait = 1;
    yield Buffer.from(buffer.subarray(0, bytesRead));
  }
}

/**
 * Writes to one descriptor, whole and in order; the rest goes through `stream` once the descriptor would block (or always,
 * after that). Once its reader has closed the pipe, nothing more is written, and nothing is said of it.
 */
class DescriptorWriter {
  private streamed = false;
  private gone = false;

  private opened: NodeJS.WritableStream | undefined;

  constructor(
    private readonly fd: number,
    private readonly open: () => NodeJS.WritableStream,
  ) {}

  /** The descriptor's stream, made only when first needed (it loads Node's stream and network modules), quiet once its reader is gone. */
  private stream(): NodeJS.WritableStream {
    this.opened ??= whenReaderGone(this.open(), () => (this.gone = true));
    return this.opened;
  }

  write(data: string | Buffer): void {
    let bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    while (!this.gone && !this.streamed && bytes.length > 0) {
      try {
        bytes = bytes.subarray(writeSync(this.fd, bytes));
      } catch (error) {
        if (readerGone(error)) this.gone = true;
        else if (!wouldBlock(error)) throw error;
        else this.streamed = true;
      }
    }
    if (bytes.length > 0 && !this.gone) this.stream().write(bytes);
  }

  /** Resolves once everything written has left the process. */
  flushed(): Promise<void> {
    return this.streamed ? new Promise((resolve) => this.stream().write('', () => resolve())) : Promise.resolve();
  }

  /** Once everything written has left the process (or could not): whether all of it did, none lost to a reader gone. */
  async delivered(): Promise<boolean> {
    const flushed = this.streamed ? await new Promise<boolean>((resolve) => this.stream().write('', (error) => resolve(!error))) : true;
    return flushed && !this.gone;
  }
}

/** The hook's Io on the standard descriptors, a writer of stdout's bytes as they are, and how to wait until its output has left. */
export function descriptorIo(readStdin: (chunks: AsyncIterable<Buffer>) => Promise<string>): {
  io: Io;
  write(data: string | Buffer): void;
  flushed(): Promise<void>;
  /** Writes stdout's bytes and says, once they have left the process, whether all of them did: false when its reader was gone or the write failed. */
  delivered(data: Buffer): Promise<boolean>;
} {
  const out = new DescriptorWriter(1, () => process.stdout);
  const err = new DescriptorWriter(2, () => process.stderr);
  return {
    io: {
      out: (text) => out.write(`${text}\n`),
      warn: (text) => {
        try {
          err.write(`skim: ${text}\n`);
        } catch {
          // Nobody reads stderr any more (a closed pipe): a warning is not worth failing the answer for.
        }
      },
      stdin: () => readStdin(stdinChunks()),
    },
    write: (data) => out.write(data),
    delivered: (data) => {
      try {
        out.write(data);
      } catch {
        // Not written (stdout closed, a full disk): whatever was said of it did not reach the reader.
        return Promise.resolve(false);
      }
      return out.delivered();
    },
    flushed: () => Promise.all([out.flushed(), err.flushed()]).then(() => undefined),
  };
}
