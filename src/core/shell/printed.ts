import { PrintFormat } from './read';

const NEWLINE = 0x0a;
const CR = 0x0d;

/** A file's bytes and where each of its lines starts: line n (1-based) is bytes starts[n-1] up to starts[n] (or the end). */
export interface FileLines {
  bytes: Buffer;
  starts: number[];
}

/** The file's lines as `wc -l` counts them, a last line without a newline included (as every reader here counts them). */
export function fileLines(bytes: Buffer): FileLines {
  const starts: number[] = bytes.length ? [0] : [];
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) if (at + 1 < bytes.length) starts.push(at + 1);
  return { bytes, starts };
}

/** Line n's bytes, its newline (and a CR before it) included where it has one. */
export function lineBytes(file: FileLines, n: number): Buffer {
  return file.bytes.subarray(file.starts[n - 1], n < file.starts.length ? file.starts[n] : file.bytes.length);
}

/** `cat -n` and `nl -ba` number a line right-aligned in six columns (wider past 999,999), then a tab. */
const numbered = (n: number) => `${String(n).padStart(6)}\t`;

/** nl reads a line of exactly \:\:\:, \:\: or \: as the start of a logical page's header, body or footer, and numbers differently after it. */
const NL_DELIMITER = /^(?:\\:){1,3}$/;

/**
 * Why lines first..last cannot be printed here exactly as `format` prints them, or undefined when
 * they can: nl's section delimiters, and for PowerShell anything beyond ASCII (its encodings vary
 * with the version and the console) or a CR alone (Get-Content ends a line there).
 */
export function unprintable(file: FileLines, first: number, last: number, format: PrintFormat): string | undefined {
  if (format === 'nl') {
    // A delimiter anywhere up to the last line printed changes how nl numbers every line after it.
    for (let n = 1; n <= last; n++) {
      const line = lineBytes(file, n);
      if (line.length > 7) continue;
      const text = line.toString('latin1').replace(/\n$/, '');
      if (NL_DELIMITER.test(text)) return `line ${n} is "${text}", which nl reads as a section delimiter`;
    }
  }
  if (format === 'lines') {
    if (first === 1 && file.bytes[0] === 0xef) return 'the file starts with a byte order mark';
    for (let n = first; n <= last; n++) {
      const line = lineBytes(file, n);
      for (let i = 0; i < line.length; i++) {
        if (line[i] > 0x7e || (line[i] < 0x20 && line[i] !== 0x09 && line[i] !== NEWLINE && line[i] !== CR)) return `line ${n} holds more than printable ASCII`;
        if (line[i] === CR && line[i + 1] !== NEWLINE) return `line ${n} holds a CR that does not end it`;
      }
    }
  }
  return undefined;
}

/**
 * Lines first..last (1-based, inclusive, within the file) as `format` prints them, byte for byte:
 * see PrintFormat. Check `unprintable` first.
 */
export function printLines(file: FileLines, first: number, last: number, format: PrintFormat): Buffer {
  if (last < first) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  if (format === 'raw' || format === 'records') {
    parts.push(file.bytes.subarray(file.starts[first - 1], last < file.starts.length ? file.starts[last] : file.bytes.length));
  } else {
    for (let n = first; n <= last; n++) {
      const line = lineBytes(file, n);
      if (format === 'lines') parts.push(Buffer.from(`${line.toString('latin1').replace(/\r?\n$/, '')}\n`, 'latin1'));
      else parts.push(Buffer.from(numbered(n)), line);
    }
  }
  const printed = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  // awk and nl end every line they print with a newline, the file's last one included.
  const ended = printed.length === 0 || printed[printed.length - 1] === NEWLINE;
  return ended || (format !== 'records' && format !== 'nl') ? printed : Buffer.concat([printed, Buffer.from('\n')]);
}
