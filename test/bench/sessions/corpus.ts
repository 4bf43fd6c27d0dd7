import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The repository's root, from out/test/bench/sessions. */
export const ROOT = path.resolve(__dirname, '../../../..');

/** Where the recorded sessions are kept beside the repository (../shared/sessions/README.md says what they are). */
export const DEFAULT_CORPUS = path.resolve(ROOT, '../shared/sessions');

/** One read as the recording normalized it: the lines it returned with their numbers, those without, what was asked and how. */
export interface RecordedRead {
  file: string;
  lines: [number, string][];
  nolines: string[];
  whole: boolean;
  /** What was asked: [start, end], end null for the rest of the file. */
  req: [number | null, number | null][] | null;
  mode: string;
  /** mini-swe-agent's output over its limit, cut to head and tail. */
  truncated?: boolean;
  /** SWE-agent's and OpenHands' view past its limit, clipped. */
  clipped?: boolean;
  /** SWE-agent's abbreviated view of a large Python file. */
  abbrev?: boolean;
}

export interface RecordedEdit {
  file: string;
  kind: string;
  old?: string | null;
  new?: string | null;
}

export interface RecordedEvent {
  i: number;
  /** "main", or a subagent's context. */
  ctx: string;
  tool: string;
  cmd: string;
  /** read, search, listing, edit, run or other. */
  cls: string;
  /** What the model was shown. */
  obs: string;
  reads: RecordedRead[];
  edits: RecordedEdit[];
}

export interface RecordedSession {
  session: string;
  agent: string;
  model: string;
  /** The final diff, or "None". */
  patch: string | null;
  cwd?: string;
  events: RecordedEvent[];
}

/** The sessions of one corpus file (gzipped JSON lines, one session a line). */
export function loadSessions(file: string): RecordedSession[] {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedSession);
}

/** The corpus files of a folder, by name. */
export function corpusFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.jsonl.gz'))
        .sort()
    : [];
}
