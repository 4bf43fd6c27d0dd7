import { RecordedEvent, RecordedRead } from './corpus';
import { ReadWay } from './harnesses';

/**
 * The observation a read of `lines` gets in this harness, in the frame the recorded read came in:
 * through a shell, Skim's notice and map (`context`) follow the lines in the output itself;
 * through a read tool they come beside it, counted apart.
 */
export function observation(way: ReadWay, event: RecordedEvent, read: RecordedRead, lines: readonly (readonly [number, string])[], context?: string): string {
  const { before, after } = way.frame(event, read);
  const rendered = lines.map(([n, text]) => way.line(n, text, read));
  if (way.path === 'shell') return `${before}${rendered.map((line) => `${line}\n`).join('')}${context ? `\n${context}\n` : ''}${after}`;
  const eol = way.path === 'view' && event.obs.includes('\r\n') ? '\r\n' : '\n';
  return before + rendered.join(eol) + after;
}

/** The text a read of lines start..end of `content` gives in the harness before its own cut: a view's and a read tool's the file's text, a shell's its output. */
export function askedText(way: ReadWay, read: RecordedRead, content: readonly string[], start: number, end: number): string {
  const lines = content.slice(start - 1, end);
  return way.path === 'shell' ? lines.map((text, i) => `${way.line(start + i, text, read)}\n`).join('') : lines.join('\n');
}

const countLines = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** The lines of start..end the harness alone shows, through its own cut: all of them, or its head's (and tail's), a line cut in the middle counted as shown. */
export function hostShown(way: ReadWay, read: RecordedRead, content: readonly string[], start: number, end: number): number[] {
  const kept = way.keeps(askedText(way, read, content, start, end));
  const all = end - start + 1;
  const head = kept.elided === 0 ? all : Math.min(all, countLines(kept.head));
  const tail = kept.elided === 0 ? 0 : Math.min(all - head, countLines(kept.tail));
  return [...Array.from({ length: head }, (_, i) => start + i), ...Array.from({ length: tail }, (_, i) => end - tail + 1 + i)];
}
