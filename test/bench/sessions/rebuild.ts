import { RecordedEdit, RecordedRead, RecordedSession } from './corpus';

/** A file's lines, without their newlines. */
export type Content = readonly string[];

export const linesOfText = (text: string): string[] => {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
};

/** A read that returned its whole file, every line with its number and none cut: the file as it stood. */
export function wholeContent(read: RecordedRead): Content | undefined {
  if (!read.whole || read.truncated || read.clipped || read.abbrev || read.nolines.length > 0 || read.lines.length === 0) return undefined;
  return read.lines.every(([n], i) => n === i + 1) ? read.lines.map(([, text]) => text) : undefined;
}

/** The content after an edit whose text is known: a string replaced where it stands exactly once, or a file written whole. */
export function applyEdit(content: Content | undefined, edit: RecordedEdit): Content | undefined {
  if (edit.kind === 'create' && typeof edit.new === 'string') return linesOfText(edit.new);
  if (edit.kind !== 'str_replace' || !content || typeof edit.old !== 'string' || edit.old === '') return undefined;
  const text = content.join('\n');
  const at = text.indexOf(edit.old);
  if (at < 0 || text.indexOf(edit.old, at + 1) >= 0) return undefined;
  return (text.slice(0, at) + (edit.new ?? '') + text.slice(at + edit.old.length)).split('\n');
}

/** What a session shows of its files: their content at each read, and before each edit, where it can be known. */
export interface Rebuilt {
  atRead(event: number, read: number): Content | undefined;
  beforeEdit(event: number, edit: number): Content | undefined;
}

/**
 * Rebuilds a session's files from its own reads. A complete whole read gives the file's content
 * for every read and edit between the edits around it (before or after it); an edit whose text is
 * known carries a known content past it. Within an event, its edits come before its reads (a
 * command that edits then shows the file). Events are counted by position.
 */
export function rebuild(session: RecordedSession): Rebuilt {
  interface Seen {
    file: string;
    segment: number;
    carried?: Content;
  }
  const carried = new Map<string, { content?: Content; segment: number }>();
  const wholeIn = new Map<string, Content>();
  const key = (file: string, segment: number) => `${segment}\u0000${file}`;
  const state = (file: string) => carried.get(file) ?? { segment: 0 };
  const edits: Seen[][] = [];
  const reads: Seen[][] = [];
  session.events.forEach((event, e) => {
    edits[e] = event.edits.map((edit) => {
      const before = state(edit.file);
      const content = before.content ?? wholeIn.get(key(edit.file, before.segment));
      carried.set(edit.file, { content: applyEdit(content, edit), segment: before.segment + 1 });
      return { file: edit.file, segment: before.segment, carried: before.content };
    });
    reads[e] = event.reads.map((read) => {
      const now = state(read.file);
      const whole = wholeContent(read);
      if (whole) {
        if (!wholeIn.has(key(read.file, now.segment))) wholeIn.set(key(read.file, now.segment), whole);
        carried.set(read.file, { content: whole, segment: now.segment });
      }
      return { file: read.file, segment: now.segment, carried: whole ?? now.content };
    });
  });
  const known = (seen: Seen | undefined) => seen && (wholeIn.get(key(seen.file, seen.segment)) ?? seen.carried);
  return {
    atRead: (event, read) => known(reads[event]?.[read]),
    beforeEdit: (event, edit) => known(edits[event]?.[edit]),
  };
}
