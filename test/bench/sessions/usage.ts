import { RecordedSession } from './corpus';
import { guarded, Harness, LINE_LIMIT, overLimit } from './harnesses';
import { Content, Rebuilt } from './rebuild';

/** What a session used of a file after a read: line numbers, and line texts where the numbers are not known (a read's lines without numbers, an edited string not found). */
export interface Use {
  numbers: Set<number>;
  texts: Set<string>;
  /** The texts of every line later reads show: what a withheld line with no number of its own (a tail mini-swe-agent kept) is found by. */
  shownTexts: Set<string>;
}

/** A line's text tells it apart only when it is this long, trimmed: shorter ones (`return None`, `}`) recur everywhere. */
export const DISTINCT_TEXT = 20;

/** The numbers the lines of `text` take at its first occurrence in `content`; none when it is not there. */
export function linesOf(content: Content, text: string): number[] {
  const at = content.join('\n').indexOf(text);
  if (at < 0) return [];
  const first = content.join('\n').slice(0, at).split('\n').length;
  return Array.from({ length: text.split('\n').length }, (_, i) => first + i);
}

/** The lines a numbered `sed -i` address edits: `sed -i '12,14d'`, `sed -i '99s/a/b/'`, `sed -i '7a …'`. */
export function sedLines(command: string): number[] {
  const out: number[] = [];
  for (const match of command.matchAll(/\bsed\s+-i\S*\s+(?:-e\s+)?['"]?(\d+)(?:,(\d+))?\s*[acdis]/g)) {
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let n = from; n <= Math.min(to, from + 10_000); n++) out.push(n);
  }
  return out;
}

/** The old file's lines a unified diff changes in `file` (removed, or where lines were added), from the session's final patch. */
export function patchLines(patch: string | null, file: string): number[] {
  if (!patch || patch === 'None') return [];
  const out: number[] = [];
  let inFile = false;
  let old = 0;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) {
      inFile = line.endsWith(` b/${file}`);
      continue;
    }
    if (!inFile) continue;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(line);
    if (hunk) old = Number(hunk[1]);
    else if (old === 0 || line.startsWith('---') || line.startsWith('+++')) continue;
    else if (line.startsWith('-')) out.push(old++);
    else if (line.startsWith('+')) out.push(Math.max(1, old - 1));
    else if (line.startsWith(' ')) old++;
  }
  return [...new Set(out)];
}

/**
 * What the session used of `file` after event `from`, in the same context: the lines later reads
 * show with Skim (their numbers, or their texts where they have none; a later read Skim caps shows
 * its first 200) and
 * the lines later edits changed (an edited string where it stands in the file as it was then, or
 * else in `shown`, the file as the read showed it; a numbered `sed -i`; failing both, the edited
 * string's texts); and, while the file still is as the session found it, the lines the final patch
 * changes.
 */
export function laterUse(harness: Harness, session: RecordedSession, rebuilt: Rebuilt, from: number, file: string, shown?: Content): Use {
  const ctx = session.events[from].ctx;
  const use: Use = { numbers: new Set(), texts: new Set(), shownTexts: new Set() };
  const distinct = (text: string) => text.trim().length >= DISTINCT_TEXT;
  const addText = (text: string) => {
    if (distinct(text)) use.texts.add(text);
  };
  const asFound = !session.events.slice(0, from + 1).some((event) => event.edits.some((edit) => edit.file === file));
  if (asFound) for (const n of patchLines(session.patch, file)) use.numbers.add(n);
  for (let e = from + 1; e < session.events.length; e++) {
    const event = session.events[e];
    // A subagent has a context of its own: what it reads and edits it learned itself.
    if (event.ctx !== ctx) continue;
    event.edits.forEach((edit, k) => {
      if (edit.file !== file) return;
      if (typeof edit.old === 'string' && edit.old !== '') {
        const at = linesOf(rebuilt.beforeEdit(e, k) ?? [], edit.old);
        const found = at.length ? at : linesOf(shown ?? [], edit.old);
        for (const n of found) use.numbers.add(n);
        if (!found.length) edit.old.split('\n').forEach(addText);
      }
      for (const n of sedLines(event.cmd)) use.numbers.add(n);
    });
    const way = harness.ways[event.tool];
    for (const read of event.reads) {
      if (read.file !== file) continue;
      const capped = way && guarded(way, event, read) && overLimit(read);
      const start = read.req?.[0]?.[0] ?? 1;
      for (const [n, text] of read.lines) {
        if (capped && (n < start || n >= start + LINE_LIMIT)) continue;
        use.numbers.add(n);
        if (distinct(text)) use.shownTexts.add(text);
      }
      if (!capped) read.nolines.forEach(addText);
    }
  }
  return use;
}

/** The reads that would fetch `lines` again: each from the first line not yet fetched, 200 lines or to the file's end (its `total` lines). */
export function windows(lines: Iterable<number>, total: number, size = LINE_LIMIT): [number, number][] {
  const out: [number, number][] = [];
  for (const n of [...lines].sort((a, b) => a - b)) {
    if (out.length && n <= out[out.length - 1][1]) continue;
    out.push([n, Math.min(Math.max(n, total), n + size - 1)]);
  }
  return out;
}
