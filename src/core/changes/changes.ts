import * as path from 'node:path';
import { readSource } from '../files/readSource';
import { Project } from '../files/project';
import { innermost } from '../map/tree';
import { Region } from '../map/types';
import { RegionLookup } from '../search/regions';
import { FileChange, gitChanges } from './gitDiff';

/**
 * A git diff placed in the map: each changed file's changed lines (their text as the file holds
 * them now), each under the innermost region of the file's map that holds it, and where lines
 * were only removed, how many and after which line. The same placing a session ledger note gives
 * the lines of a changed file it shows (`core/ledger`): the map of the file as it is now.
 */

export interface ChangedLine {
  line: number;
  text: string;
}

/** Lines removed with nothing in their place: `count` of them, after line `after` (0: at the top). */
export interface Removal {
  after: number;
  count: number;
}

export interface RegionChange {
  /** The innermost region holding the lines; null: outside every region, or a file without a map. */
  region: Region | null;
  lines: ChangedLine[];
  removals: Removal[];
}

export interface FileChanges {
  /** The project key of the file. */
  path: string;
  status: FileChange['status'];
  /** Lines added or changed, and lines removed or replaced, as git counts them. */
  added: number;
  removed: number;
  regions: RegionChange[];
}

export interface ChangesResult {
  rev: string;
  files: FileChanges[];
}

/** The lines a file's hunks added or changed (new numbering), and the removals with nothing in their place. */
function changedLines(change: FileChange, total: number): { lines: number[]; removals: Removal[] } {
  if (change.status === 'added' && change.hunks.length === 0) return { lines: Array.from({ length: total }, (_, i) => i + 1), removals: [] };
  const lines: number[] = [];
  const removals: Removal[] = [];
  for (const hunk of change.hunks) {
    for (let line = hunk.newStart; line < hunk.newStart + hunk.newCount; line++) lines.push(line);
    if (hunk.newCount === 0 && hunk.oldCount > 0) removals.push({ after: hunk.newStart, count: hunk.oldCount });
  }
  return { lines, removals };
}

/** Each line and removal under the region holding it, in the order of the file. */
function byRegion(regions: readonly Region[] | null, lines: readonly ChangedLine[], removals: readonly Removal[]): RegionChange[] {
  const out: RegionChange[] = [];
  const at = (line: number) => {
    const region = regions ? innermost(regions, line) : null;
    const last = out.at(-1);
    if (last && last.region === region) return last;
    const group: RegionChange = { region, lines: [], removals: [] };
    out.push(group);
    return group;
  };
  const items = [...lines.map((l) => ({ at: l.line, line: l })), ...removals.map((r) => ({ at: r.after + 0.5, removal: r }))].sort((a, b) => a.at - b.at);
  for (const item of items) {
    const group = at(Math.max(1, Math.floor(item.at)));
    if ('line' in item && item.line) group.lines.push(item.line);
    else if ('removal' in item && item.removal) group.removals.push(item.removal);
  }
  return out;
}

/**
 * The working tree's changes against `rev`, under `scope` (a folder or file relative to the
 * project's root), each file's lines as it holds them now, placed by `regionsOf` (never a model
 * call). Deleted and binary files are named, with what git counts of them.
 */
export async function projectChanges(project: Project, regionsOf: RegionLookup, rev = 'HEAD', scope?: string, signal?: AbortSignal): Promise<ChangesResult> {
  const { top, files } = await gitChanges(project.root, rev, scope, signal);
  const out: FileChanges[] = [];
  for (const change of files) {
    const file = project.file(path.join(top, change.path));
    if (!file.inside) continue;
    const removed = change.hunks.reduce((n, h) => n + h.oldCount, 0);
    if (change.status === 'deleted' || change.status === 'binary') {
      out.push({ path: file.key, status: change.status, added: 0, removed, regions: [] });
      continue;
    }
    let source: string[];
    try {
      source = (await readSource(file)).lines;
    } catch {
      out.push({ path: file.key, status: 'binary', added: 0, removed, regions: [] });
      continue;
    }
    const { lines, removals } = changedLines(change, source.length);
    const shown = lines.filter((line) => line <= source.length).map((line) => ({ line, text: source[line - 1] }));
    const regions = await regionsOf(file, lines).catch(() => null);
    out.push({ path: file.key, status: change.status, added: lines.length, removed, regions: byRegion(regions, shown, removals) });
  }
  return { rev, files: out };
}
