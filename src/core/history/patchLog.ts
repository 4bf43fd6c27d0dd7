import { definedName } from './definitions';

/**
 * A history as locate learns from it: each commit's message, time and the functions it changed,
 * named per file (history/definitions), read from `git log -p -U0` one line at a time, so that a
 * history of tens of thousands of commits is never held as text.
 */

export interface ChangedFile {
  /** The path after the commit (before it, for a deletion), relative to the project root. */
  path: string;
  /** The path before the commit, where the commit renamed the file. */
  from?: string;
  /** The functions changed, by name, each once: the hunks' enclosing functions and the ones a changed line declares. */
  names: string[];
}

export interface CommitRecord {
  sha: string;
  /** Commit time, seconds since the epoch. */
  time: number;
  /** The message, cut at MESSAGE_CHARS. */
  message: string;
  files: ChangedFile[];
}

/** What of a message is kept: a subject and the first paragraphs say what a commit is about; a pasted log does not. */
export const MESSAGE_CHARS = 1_000;
/** The most names kept for one file of one commit: a rewrite names every function, and says little of any. */
const NAMES_PER_FILE = 40;

/** The marks the log's format puts around each commit's head: `\x01sha time` then the message, then a line `\x02`. */
export const COMMIT_FORMAT = '%x01%H %ct%n%B%n%x02';

/** A path as `+++ b/…` or `rename to …` writes it: C-quoted when it holds a quote, backslash or control character. */
function unquote(text: string): string {
  if (!text.startsWith('"')) return text;
  const bytes: number[] = [];
  const inner = text.slice(1, text.lastIndexOf('"'));
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = inner[++i];
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(inner.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(({ n: 10, t: 9, r: 13, b: 8, f: 12, a: 7, v: 11 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Reads the log line by line; `take` each line in order, then `end` for the records of whatever commits came whole. */
export class PatchLogReader {
  private current?: CommitRecord & { inMessage: boolean; lines: string[] };
  private file?: { path: string; from?: string; names: Set<string>; inHunk: boolean; deleted: boolean };
  /** The hunk being read: the function its header names, whether it only adds lines, whether one of them declares a function. */
  private hunk?: { header?: string; insertion: boolean; declares: boolean };
  constructor(private readonly onCommit: (commit: CommitRecord) => void) {}

  take(line: string): void {
    if (line.startsWith('\x01')) {
      this.finish();
      const [sha, time] = line.slice(1).split(' ');
      this.current = { sha, time: Number(time) || 0, message: '', files: [], inMessage: true, lines: [] };
      return;
    }
    const commit = this.current;
    if (!commit) return;
    if (commit.inMessage) {
      if (line === '\x02') {
        commit.inMessage = false;
        commit.message = commit.lines.join('\n').trim().slice(0, MESSAGE_CHARS);
        commit.lines = [];
      } else if (commit.lines.length < 200) commit.lines.push(line);
      return;
    }
    if (line.startsWith('diff --git ')) {
      this.finishFile();
      this.file = { path: '', names: new Set(), inHunk: false, deleted: false };
      return;
    }
    const file = this.file;
    if (!file) return;
    if (!file.inHunk) {
      if (line.startsWith('rename from ')) file.from = unquote(line.slice(12));
      else if (line.startsWith('rename to ')) file.path = unquote(line.slice(10));
      else if (line.startsWith('--- ')) {
        if (line !== '--- /dev/null' && !file.path) file.path = unquote(line.slice(4)).replace(/^a\//, '');
      } else if (line.startsWith('+++ ')) {
        if (line === '+++ /dev/null') file.deleted = true;
        else file.path = unquote(line.slice(4)).replace(/^b\//, '');
      }
    }
    if (line.startsWith('@@ ')) {
      this.finishHunk();
      file.inHunk = true;
      const match = /^@@ -\d+(?:,(\d+))? \+\S+ @@ ?(.*)$/.exec(line);
      this.hunk = { header: match?.[2] ? definedName(match[2]) : undefined, insertion: match?.[1] === '0', declares: false };
      return;
    }
    if (file.inHunk && (line.startsWith('+') || line.startsWith('-'))) {
      const name = definedName(line.slice(1));
      if (name) file.names.add(name);
      if (name && this.hunk) this.hunk.declares = true;
    }
  }

  /**
   * The header's function counts as changed unless the hunk only adds lines and declares a
   * function in them: a new function put after another (whose line the header names) leaves
   * that one as it was.
   */
  private finishHunk(): void {
    const hunk = this.hunk;
    this.hunk = undefined;
    if (hunk?.header && !(hunk.insertion && hunk.declares)) this.file?.names.add(hunk.header);
  }

  private finishFile(): void {
    this.finishHunk();
    const file = this.file;
    this.file = undefined;
    if (!file?.path || !this.current) return;
    this.current.files.push({ path: file.path, ...(file.from ? { from: file.from } : {}), names: [...file.names].slice(0, NAMES_PER_FILE) });
  }

  private finish(): void {
    this.finishFile();
    const commit = this.current;
    this.current = undefined;
    if (!commit || commit.inMessage) return;
    this.onCommit({ sha: commit.sha, time: commit.time, message: commit.message, files: commit.files });
  }

  /** The last commit, once the log has ended whole. */
  end(): void {
    this.finish();
  }
}
