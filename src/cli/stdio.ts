import { read, writeSync } from 'node:fs';
import type { Io } from './io';

/**
 * Standard input and output for a process that lives for one answer (the hook): read and written on
 * the descriptors themselves. `process.stdin` and `process.stdout` are Node streams over a socket
 * class; creating them loads Node's stream and network modules, a quarter of what a hook that lets
 * a read through costs over Node's own start. A descriptor Node cannot use this way (a non-blocking
 * pipe answers EAGAIN) is handed to the streams for the rest, so nothing is lost either way.
 */

const CHUNK = 64 * 1024;

const wouldBlock = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EAGAIN';

/** One read of up to CHUNK bytes from `fd` on the thread pool (the event loop stays free for the caller's deadline). */
const readChunk = (fd: number, buffer: Buffer) =>
  new Promise<number>((resolve, reject) => read(fd, buffer, 0, buffer.length, null, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));

/** Standard input's bytes as they arrive, to its end; from `process.stdin` once the descriptor would block. */
export async function* stdinChunks(fd = 0, stream: () => AsyncIterable<Buffer> = () => process.stdin): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    let bytesRead: number;
    try {
      bytesRead = await readChunk(fd, buffer);
    } catch (error) {
      if (!wouldBlock(error)) throw error;
      yield* stream();
      return;
    }
    if (bytesRead === 0) return;
    yield Buffer.from(buffer.subarray(0, bytesRead));
  }
}

/** Writes to one descriptor, whole and in order; the rest goes through `stream` once the descriptor would block (or always, after that). */
class DescriptorWriter {
  private streamed = false;

  constructor(
    private readonly fd: number,
    private readonly stream: () => NodeJS.WritableStream,
  ) {}

  write(text: string): void {
    let bytes = Buffer.from(text, 'utf8');
    while (!this.streamed && bytes.length > 0) {
      try {
        bytes = bytes.subarray(writeSync(this.fd, bytes));
      } catch (error) {
        if (!wouldBlock(error)) throw error;
        this.streamed = true;
      }
    }
    if (bytes.length > 0) this.stream().write(bytes);
  }

  /** Resolves once everything written has left the process. */
  flushed(): Promise<void> {
    return this.streamed ? new Promise((resolve) => this.stream().write('', () => resolve())) : Promise.resolve();
  }
}

/** The hook's Io on the standard descriptors, and how to wait until its output has left. */
export function descriptorIo(readStdin: (chunks: AsyncIterable<Buffer>) => Promise<string>): { io: Io; flushed(): Promise<void> } {
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
    flushed: () => Promise.all([out.flushed(), err.flushed()]).then(() => undefined),
  };
}
