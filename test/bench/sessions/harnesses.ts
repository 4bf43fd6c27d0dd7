import { ReadLimits } from '../../../src/core/hook/readAnswer';
import { claudeCode } from '../../../src/core/hook/hosts/claudeCode';
import { copilotCli } from '../../../src/core/hook/hosts/copilotCli';
import { shellWord } from '../../../src/core/hook/shellWord';
import { ShellRead } from '../../../src/core/shell/read';
import { recognizeShellRead } from '../../../src/core/shell/recognize';
import { RecordedEvent, RecordedRead } from './corpus';

/**
 * How Skim reaches a harness's read: Claude Code's Read through its hook (the `claude` host
 * record itself), a view tool with a line range (SWE-agent's and OpenHands' `str_replace_editor
 * view`, as the Copilot CLI's `view` is hooked), or a plain read through the shell (`cat`,
 * `sed -n`, `nl | sed -n`, `head`), whose output carries the notice and the map itself.
 */
export type ReadPath = 'hook' | 'view' | 'shell';

/** What a harness's own cut keeps of a text: all of it, or its head (and tail), with how many characters it left out. */
export interface Kept {
  head: string;
  tail: string;
  elided: number;
}

/** One way a harness reads: the tool, how Skim reaches it, the host's limits (its own cut is the baseline) and how it shows lines. */
export interface ReadWay {
  path: ReadPath;
  limits: ReadLimits;
  /** What the harness alone shows of a read's text (for a view, the file's text; for a shell, the command's output). */
  keeps(text: string): Kept;
  /** One line of a read as the harness shows it. */
  line(n: number, text: string, read: RecordedRead): string;
  /** The text around a read's lines in the observation: what a read of other lines of the same file comes in. */
  frame(event: RecordedEvent, read: RecordedRead): { before: string; after: string };
}

/** A recorded harness: its corpus file, its name, and how each of its tools reads. */
export interface Harness {
  file: string;
  name: string;
  ways: Readonly<Record<string, ReadWay>>;
}

/** The lines Claude Code 2.0.21's Read, the recorded sessions' version, returned when asked for no limit (later versions have no line cap). */
const RECORDED_CLAUDE_READ_LINES = 2000;

/** Claude Code's Read arguments, as the recording's command gives them ("Read path off=180 lim=120"). */
export function claudeInput(command: string, file: string): Record<string, unknown> {
  const args = /off=(\d+|None) lim=(\d+|None)/.exec(command);
  const number = (value: string | undefined) => (value && value !== 'None' ? Number(value) : undefined);
  const [offset, limit] = [number(args?.[1]), number(args?.[2]) ?? RECORDED_CLAUDE_READ_LINES];
  return { file_path: file, ...(offset !== undefined && { offset }), limit };
}

/** Python's len(): code points, not UTF-16 units. */
const codePoints = (text: string) => [...text];

const numbered = (n: number, text: string, mark: string) => `${String(n).padStart(6)}${mark}${text}`;

/** Keeps all of a text within `chars` code points, else its first `chars` (SWE-agent's and OpenHands' view). */
function head(chars: number): (text: string) => Kept {
  return (text) => {
    const all = codePoints(text);
    return all.length <= chars ? { head: text, tail: '', elided: 0 } : { head: all.slice(0, chars).join(''), tail: '', elided: all.length - chars };
  };
}

/** mini-swe-agent's observation template: output of `under` characters or more keeps its first and last `under / 2`. */
export function headAndTail(under: number): (text: string) => Kept {
  return (text) => {
    const all = codePoints(text);
    const half = under / 2;
    return all.length < under
      ? { head: text, tail: '', elided: 0 }
      : { head: all.slice(0, half).join(''), tail: all.slice(-half).join(''), elided: all.length - under };
  };
}

/** Claude Code's Read: its first `lines` lines. */
function firstLines(lines: number): (text: string) => Kept {
  return (text) => {
    const all = text.split('\n');
    if (all.length <= lines) return { head: text, tail: '', elided: 0 };
    const kept = all.slice(0, lines).join('\n');
    return { head: kept, tail: '', elided: codePoints(text).length - codePoints(kept).length };
  };
}

/** A shell read shows numbers when `nl` made them. */
const shellLine = (n: number, text: string, read: RecordedRead) => (read.mode.startsWith('nl') ? numbered(n, text, '\t') : text);

/** A shell command's output, framed as mini-swe-agent frames it: its return code, then the output. */
function miniFrame(event: RecordedEvent): { before: string; after: string } {
  const code = /^<returncode>-?\d+<\/returncode>\n/.exec(event.obs)?.[0] ?? '<returncode>0</returncode>\n';
  return { before: `${code}<output>\n`, after: '</output>' };
}

/** A view's header line ("Here's the result of running `cat -n` on …"), then its lines, each ended by the observation's own line ending. */
function viewFrame(event: RecordedEvent): { before: string; after: string } {
  const eol = event.obs.includes('\r\n') ? '\r\n' : '\n';
  const header = event.obs.indexOf('\n', event.obs.indexOf('cat -n` on'));
  return { before: header < 0 ? '' : event.obs.slice(0, header + 1), after: eol };
}

/** Claude Code's Read: its lines, then what it appends (a system reminder) after them. */
function readFrame(event: RecordedEvent, read: RecordedRead): { before: string; after: string } {
  const body = read.lines.map(([n, text]) => numbered(n, text, '→')).join('\n');
  return { before: '', after: event.obs.startsWith(body) ? event.obs.slice(body.length) : '' };
}

/** mini-swe-agent 1.15 cuts output of 10,000 characters or more to its first and last 5,000; Skim's own output stays under it. */
export const MINI_UNDER = 10_000;
/** Claude Code 2.0.21's Read, as recorded, returns at most 2,000 lines (the `claude` record's default limit; 2.1.332 caps bytes instead). */
const CLAUDE_READ_LINES = 2_000;

/** SWE-agent's and OpenHands' `str_replace_editor view` clips a file's text past 16,000 characters (about 20,000 once numbered). */
export const VIEW_CHARS = 16_000;

/** The guard's line limit: a read of more lines is what Skim shortens. */
export const LINE_LIMIT = 200;

/** How the hook names the command that prints a file's whole map, as an installed `skim` writes it. */
export const wholeMapCommand = (file: string) => `run /usr/bin/node /usr/lib/skim/dist/cli.js map ${shellWord(file)}`;

const view: ReadWay = {
  path: 'view',
  // The Copilot CLI's view is how Skim hooks a view tool; the harness's own clip is the cut.
  limits: { contextLimit: copilotCli.contextLimit, cut: { chars: VIEW_CHARS, keeps: 'head' } },
  keeps: head(VIEW_CHARS),
  line: (n, text) => numbered(n, text, '\t'),
  frame: viewFrame,
};

export const HARNESSES: readonly Harness[] = [
  {
    file: 'mini.jsonl.gz',
    name: 'mini-swe-agent',
    ways: {
      bash: {
        path: 'shell',
        // The notice and the map travel in the command's output, which must stay under the harness's cut.
        limits: { contextLimit: Infinity, cut: { chars: MINI_UNDER - 1, keeps: 'ends' } },
        keeps: headAndTail(MINI_UNDER),
        line: shellLine,
        frame: miniFrame,
      },
    },
  },
  { file: 'swea.jsonl.gz', name: 'SWE-agent', ways: { str_replace_editor: view } },
  { file: 'oh.jsonl.gz', name: 'OpenHands', ways: { str_replace_editor: view } },
  {
    file: 'cc.jsonl.gz',
    name: 'Claude Code',
    ways: {
      Read: {
        path: 'hook',
        limits: { contextLimit: claudeCode.contextLimit, cut: claudeCode.cuts?.read },
        keeps: firstLines(CLAUDE_READ_LINES),
        line: (n, text) => numbered(n, text, '→'),
        frame: readFrame,
      },
      Bash: {
        path: 'shell',
        limits: { contextLimit: Infinity, cut: claudeCode.cuts?.shell },
        keeps: head(claudeCode.cuts?.shell?.chars ?? Infinity),
        line: shellLine,
        frame: () => ({ before: '', after: '' }),
      },
    },
  },
];

export const harnessOf = (file: string): Harness | undefined => HARNESSES.find((h) => h.file === file);

/** Whether the recording shows the read returned more lines than the limit, or was cut by the host: only such a read can Skim change. */
export const overLimit = (read: RecordedRead): boolean =>
  Boolean(read.truncated || read.clipped || read.abbrev) || read.lines.length + read.nolines.length > LINE_LIMIT;

/** The plain read of one file a shell command provably is, as the shell-read hook recognizes it; undefined for any other command. */
export const shellReadOf = (event: RecordedEvent): ShellRead | undefined => recognizeShellRead(event.cmd, 'posix');

/** Whether Skim's path would see this read at all: its tool's own read by line numbers, or a shell command the hook recognizes as a plain read of one file. */
export function guarded(way: ReadWay, event: RecordedEvent, read: RecordedRead): boolean {
  if (event.reads.length !== 1) return false;
  return way.path === 'shell' ? shellReadOf(event) !== undefined : typeof read.req?.[0]?.[0] === 'number';
}
