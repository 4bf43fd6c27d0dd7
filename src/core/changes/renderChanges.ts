import { counted } from '../map/counts';
import { placedLines } from '../map/render';
import type { TokenCounter } from '../savings';
import type { ChangesResult, FileChanges, RegionChange } from './changes';

/**
 * The changes as a model reads them, fitted to a token budget: a line saying what was compared
 * and how much changed, then each file with its changed lines under the region of its map that
 * holds them. Past the budget, each region shows fewer of its lines (then only which lines
 * changed), and last the files at the end are only named: whatever is left out is said, with how
 * to see it.
 */

export const DEFAULT_CHANGES_TOKENS = 2_000;
export const MIN_CHANGES_TOKENS = 200;
export const MAX_CHANGES_TOKENS = 50_000;

/** How many of a region's changed lines are shown, from the fullest answer down to none (then only their numbers). */
const LINE_CAPS = [Infinity, 24, 8, 3, 1, 0];

const spanOf = (lines: readonly { line: number }[]) => {
  const [first, last] = [lines[0].line, (lines.at(-1) as { line: number }).line];
  return first === last ? `line ${first}` : `lines ${first}-${last}`;
};

function regionItems(change: RegionChange, cap: number): { region: RegionChange['region']; text: string }[] {
  const items = change.lines.slice(0, cap).map((l) => ({ region: change.region, text: `${l.line}\t${l.text}` }));
  const left = change.lines.length - Math.min(cap, change.lines.length);
  if (left > 0 && cap === 0) items.push({ region: change.region, text: `(${counted(left, 'line')} changed: ${spanOf(change.lines)})` });
  else if (left > 0)
    items.push({ region: change.region, text: `(${counted(left, 'more line')} changed, to line ${(change.lines.at(-1) as { line: number }).line})` });
  for (const r of change.removals)
    items.push({ region: change.region, text: `(${counted(r.count, 'line')} removed ${r.after === 0 ? 'at the top' : `after line ${r.after}`})` });
  return items;
}

function fileHead(file: FileChanges): string {
  if (file.status === 'deleted') return `${file.path} (deleted, -${file.removed})`;
  if (file.status === 'binary') return `${file.path} (binary, not shown)`;
  return `${file.path} (${file.status === 'added' ? 'new' : 'modified'}, +${file.added} -${file.removed})`;
}

function fileLines(file: FileChanges, cap: number): string[] {
  return ['', fileHead(file), ...placedLines(file.regions.flatMap((change) => regionItems(change, cap)))];
}

function headline(result: ChangesResult): string {
  if (!result.files.length) return `No changes against ${result.rev}: the working tree holds what it does.`;
  const added = result.files.reduce((n, f) => n + f.added, 0);
  const removed = result.files.reduce((n, f) => n + f.removed, 0);
  return `Changes against ${result.rev}: ${counted(result.files.length, 'file')}, +${added} -${removed} lines, each changed line under the function or class that holds it.`;
}

export interface FittedChanges {
  text: string;
  /** How many of each region's lines were shown (Infinity: all). */
  cap: number;
  /** The files only named, past the budget. */
  omitted: string[];
}

/** The answer within `tokens`: every file with as many of its lines as fit, then, if even their numbers do not, the last files named only. */
export async function fitChanges(result: ChangesResult, tokens: number, counter: TokenCounter): Promise<FittedChanges> {
  const head = headline(result);
  for (const cap of LINE_CAPS) {
    const text = [head, ...result.files.flatMap((f) => fileLines(f, cap))].join('\n');
    if ((await counter.count(text)) <= tokens) return { text, cap, omitted: [] };
  }
  const shown: string[] = [head];
  let kept = 0;
  for (const file of result.files) {
    const next = [...shown, ...fileLines(file, 0)];
    if ((await counter.count(next.join('\n'))) > tokens * 0.9) break;
    shown.push(...fileLines(file, 0));
    kept++;
  }
  const omitted = result.files.slice(kept).map((f) => f.path);
  const more = `\n${counted(omitted.length, 'more file')} changed, past the budget: ${omitted.slice(0, 20).join(', ')}${omitted.length > 20 ? ', …' : ''}. Narrow to a folder or file, or give more tokens.`;
  return { text: shown.join('\n') + more, cap: 0, omitted };
}

/** The JSON `skim changes --json` prints: every file and line found, whatever the budget. */
export function changesJson(result: ChangesResult) {
  return {
    rev: result.rev,
    files: result.files.map((f) => ({
      path: f.path,
      status: f.status,
      added: f.added,
      removed: f.removed,
      regions: f.regions.map((r) => ({
        region: r.region ? { start: r.region.start, end: r.region.end, kind: r.region.kind, name: r.region.name } : null,
        lines: r.lines,
        removals: r.removals,
      })),
    })),
  };
}
