import * as path from 'node:path';
import { counted } from '../map/counts';
import { regionLine } from '../map/render';
import { encodeO200k, TokenCounter } from '../savings';
import { MapSource } from '../mapping/mapSource';
import { Project } from '../files/project';
import { findingsJson, NO_FINDINGS, ScreenFindings } from '../screen/screen';
import { escapeControls } from '../map/controls';
import { lastPart } from '../facts/facts';
import { firstSentence, MAX_DECLARATIONS_PER_FILE, MAX_NAMES_USED, OverviewDeclaration, OverviewFile, RankedFile, RankedOverview } from './survey';

/**
 * An overview as a model reads it, fitted to a token budget: a headline saying what was ranked
 * and how, the folder's README line, then the files most referred-to first (path, lines, what it
 * does), each with its most named declarations (`2912-2990 method Server.ServeHTTP (41)`), and a
 * last line saying what was left out and which folder to look at next.
 */

export const DEFAULT_TOKENS = 1_000;
export const MIN_TOKENS = 200;
export const MAX_TOKENS = 50_000;

/** What a host calls an overview of one folder, for the line that says how to narrow: `skim overview src/net`. */
export type NarrowHint = (folder: string) => string;

export interface OverviewAnswer extends Omit<RankedOverview, 'files'> {
  /** The budget, and the tokens the text takes, counted by `counter`. */
  tokens: number;
  used: number;
  counter: string;
  /** The files shown, most referred-to first, each with the declarations shown, in line order. */
  files: OverviewFile[];
  /** How many ranked files there were in all. */
  ranked: number;
  omitted: { files: number; reason: string };
  /** The folder holding the most ranked files not shown, when one holds several. */
  narrow?: string;
}

/** 12,345: thousands marked (without Intl, which costs more than the rest of a line). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

function omittedReason(a: Omit<OverviewAnswer, 'omitted' | 'used'> & { shown: number }): string {
  const parts: string[] = [];
  const unshown = a.ranked - a.shown;
  if (unshown > 0) parts.push(`${counted(unshown, 'ranked file', count)} not shown within ${count(a.tokens)} tokens`);
  if (a.notReached) parts.push(`${counted(a.notReached, 'file', count)} not reached within the time limit`);
  if (a.overCap) parts.push(`${counted(a.overCap, 'file', count)} past the limit of files ranked`);
  if (a.pastTotals)
    parts.push(
      `${counted(a.pastTotals, 'file', count)} past the most declarations (${count(a.maxDeclarations)}) and names used (${count(MAX_NAMES_USED)}) one overview keeps`,
    );
  if (a.tooLarge) parts.push(`${counted(a.tooLarge, 'file', count)} too large to outline or unreadable`);
  if (a.binary) parts.push(`${counted(a.binary, 'binary file', count)} with a source file's name`);
  if (a.unoutlinable) parts.push(`${counted(a.unoutlinable, 'file', count)} tree-sitter cannot outline`);
  if (a.declined) parts.push(`${counted(a.declined, 'file', count)} of prose, data or generated code`);
  return parts.join('; ');
}

/** The answer as text; paths are escaped here, so that the fit counts what is drawn. */
export function renderOverview(answer: OverviewAnswer, narrow: NarrowHint): string {
  const where = answer.scope === '.' ? `The project (${path.basename(answer.root)})` : escapeControls(answer.scope);
  const lines = [
    `${where}: ${answer.files.length} of ${counted(answer.ranked, 'file', count)} ranked by how often the rest of the code names their declarations (tree-sitter outlines; no model was asked). Each declaration: its lines, then how many times other files name it.`,
  ];
  if (answer.description) lines.push(`Its README: ${answer.description}`);
  if (answer.listingCut)
    lines.push(`Listing the files stopped at ${counted(answer.listed, 'file', count)} (its limit, or the time limit): only those were looked at.`);
  if (answer.stoppedAfterMs !== undefined && answer.notReached > 0)
    lines.push(
      `The overview stopped after ${answer.stoppedAfterMs / 1000} s with ${counted(answer.notReached, 'file', count)} not yet outlined (the shallowest were first); the outlines made are kept, so the next overview covers more.`,
    );
  if (!answer.settled)
    lines.push(`The time limit (${(answer.stoppedAfterMs ?? 0) / 1000} s) came while ranking: the ranks are those of its last round, not settled.`);
  if (answer.declarationsCut.files > 0)
    lines.push(
      `${counted(answer.declarationsCut.files, 'file', count)} declared more than take part (the first ${count(MAX_DECLARATIONS_PER_FILE)} of a file in line order, ${count(answer.maxDeclarations)} in all): ${counted(answer.declarationsCut.declarations, 'declaration', count)} left out.`,
    );
  for (const file of answer.files) {
    lines.push('', `${escapeControls(file.path)} (${counted(file.lines, 'line', count)})${file.prose ? ` — ${file.prose}` : ''}`);
    for (const d of file.declarations)
      lines.push(`  ${regionLine({ ...d, note: '' })} (${d.references}${d.more ? `; ${count(d.more)} more of this name` : ''})`);
  }
  if (answer.omitted.files > 0) {
    const next = answer.narrow ? ` ${narrow(escapeControls(answer.narrow))} narrows.` : '';
    lines.push('', `… ${counted(answer.omitted.files, 'more file', count)}: ${answer.omitted.reason}.${next}`);
  }
  return lines.join('\n');
}

/** What an answer is returned as: the text a model reads, or the JSON `--json` prints. */
export type OverviewFormat = 'text' | 'json';

/** The answer as returned in `format`. */
export function overviewOutput(answer: OverviewAnswer, narrow: NarrowHint, format: OverviewFormat): string {
  return format === 'json' ? JSON.stringify(overviewJson(answer)) : renderOverview(answer, narrow);
}

/** The answer laid out for the line-by-line estimate: the JSON a field a line, so that lines repeat across files and sizes. */
const estimated = (answer: OverviewAnswer, narrow: NarrowHint, format: OverviewFormat) =>
  format === 'json' ? JSON.stringify(overviewJson(answer), null, 1) : renderOverview(answer, narrow);

/** The most declarations of one file an overview shows: a file's most named, so that more files fit. */
const DECLARATIONS_PER_FILE = 6;

/** What a repeated declaration is one of: a function or method by its name as code calls it, anything else by its name and kind. */
const sameNameKey = (d: OverviewDeclaration) => (CALLABLE_KINDS.has(d.kind) ? `call ${lastPart(d.name)}` : `${d.kind} ${d.name}`);
const CALLABLE_KINDS = new Set(['function', 'method', 'constructor', 'macro']);

/**
 * The declarations an answer chooses from, the most referred-to first: each name once (the one
 * with the most rank flowing to it, the others counted in its `more`), at most
 * DECLARATIONS_PER_FILE of a file.
 */
function onePerName(files: readonly RankedFile[]): { f: number; d: number; more: number }[] {
  const all = files.flatMap((file, f) => file.declarations.map((declaration, d) => ({ f, d, score: file.scores[d], declaration })));
  all.sort((a, b) => b.score - a.score || b.declaration.references - a.declaration.references || a.f - b.f || a.d - b.d);
  const first = new Map<string, { f: number; d: number; more: number }>();
  const perFile = new Map<number, number>();
  const order: { f: number; d: number; more: number }[] = [];
  for (const { f, d, declaration } of all) {
    const key = sameNameKey(declaration);
    const taken = first.get(key);
    if (taken) {
      taken.more++;
      continue;
    }
    const entry = { f, d, more: 0 };
    first.set(key, entry);
    if ((perFile.get(f) ?? 0) >= DECLARATIONS_PER_FILE) continue;
    perFile.set(f, (perFile.get(f) ?? 0) + 1);
    order.push(entry);
  }
  return order;
}

/** What a shown file says it does: the first sentence of its fresh cached map's prose where it has one (a cache read, never a model call), else its own. */
export async function proseShown(
  project: Project,
  file: { path: string; hash: string; size: number; prose: string | null },
  maps?: MapSource,
): Promise<string | null> {
  const map = await maps?.cached(project.file(file.path), file.hash, file.size).catch(() => undefined);
  // A prose-only entry may be Skim's own word on a map it refused; only a model's map lends its prose.
  return map?.status === 'model' ? firstSentence(map.prose) : file.prose;
}

/** The largest n in [0, max] for which `fits` holds, where it holds up to some n and not after (and for 0): doubling, then halving. */
async function largest(max: number, fits: (n: number) => Promise<boolean>): Promise<number> {
  let low = 0;
  let high = 1;
  while (high <= max && (await fits(high))) {
    low = high;
    high *= 2;
  }
  high = Math.min(high, max + 1);
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (await fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/**
 * The most referred-to declarations (at most DECLARATIONS_PER_FILE a file, and with them their
 * files) that fit `tokens`, then as many further files, by rank, as still fit. A file shown takes
 * the first sentence of its fresh cached map's prose where it has one (a cache read, never a model
 * call). Sizes are estimated line by line with o200k while searching, scaled by the text's count
 * from `counter` (the model's own where the host has one), and the final text counted by `counter`.
 */
export async function fitOverview(
  ranked: RankedOverview,
  tokens: number,
  counter: TokenCounter,
  narrow: NarrowHint,
  maps?: MapSource,
  format: OverviewFormat = 'text',
): Promise<OverviewAnswer> {
  const budget = Math.max(MIN_TOKENS, Math.min(MAX_TOKENS, Math.trunc(tokens)));
  const order = onePerName(ranked.files);

  const project = new Project(ranked.root);
  const prose = new Map<number, string | null>();
  const proseOf = async (f: number) => {
    if (!prose.has(f)) prose.set(f, await proseShown(project, ranked.files[f], maps));
    return prose.get(f) ?? null;
  };
  // Folders below the scope, for the line that says where to narrow: each file's, and how many ranked files each holds and their rank (a folder of test data holds many files nothing names).
  const folderOf = ranked.files.map((file) => {
    const below = ranked.scope === '.' ? file.path : file.path.slice(ranked.scope.length + 1);
    const first = below.split('/')[0];
    return first === below ? undefined : ranked.scope === '.' ? first : `${ranked.scope}/${first}`;
  });
  const inFolder = new Map<string, { files: number; rank: number }>();
  folderOf.forEach((folder, f) => {
    if (!folder) return;
    const held = inFolder.get(folder) ?? { files: 0, rank: 0 };
    inFolder.set(folder, { files: held.files + 1, rank: held.rank + ranked.files[f].rank });
  });

  const answerWith = async (declarations: number, extraFiles: number): Promise<OverviewAnswer> => {
    const chosen = new Map<number, { d: number; more: number }[]>();
    for (const { f, d, more } of order.slice(0, declarations)) chosen.set(f, [...(chosen.get(f) ?? []), { d, more }]);
    for (let f = 0, extra = 0; f < ranked.files.length && extra < extraFiles; f++)
      if (!chosen.has(f)) {
        chosen.set(f, []);
        extra++;
      }
    const indexes = [...chosen.keys()].sort((a, b) => a - b);
    const files: OverviewFile[] = [];
    for (const f of indexes) {
      const { path: filePath, lines, rank, declarations: all } = ranked.files[f];
      const shown = (chosen.get(f) ?? []).map(({ d, more }) => (more ? { ...all[d], more } : all[d])).sort((a, b) => a.start - b.start);
      files.push({ path: filePath, lines, prose: await proseOf(f), rank, declarations: shown });
    }
    const unshown = new Map(inFolder);
    for (const f of indexes) {
      const folder = folderOf[f];
      const held = folder && unshown.get(folder);
      if (held) unshown.set(folder, { files: held.files - 1, rank: held.rank - ranked.files[f].rank });
    }
    const [best] = [...unshown].filter(([, held]) => held.files >= 2).sort((a, b) => b[1].rank - a[1].rank || (a[0] < b[0] ? -1 : 1));
    const { files: _all, ...rest } = ranked;
    const base = { ...rest, files, tokens: budget, counter: counter.name, ranked: ranked.files.length, shown: files.length };
    return {
      ...base,
      used: 0,
      omitted: { files: Math.max(0, ranked.listed - files.length), reason: omittedReason(base) },
      narrow: best?.[0],
    };
  };

  const lineTokens = new Map<string, number>();
  const estimate = (text: string) =>
    text.split('\n').reduce((sum, line) => {
      let n = lineTokens.get(line);
      if (n === undefined) lineTokens.set(line, (n = encodeO200k(line).length + 1));
      return sum + n;
    }, 0);
  const search = async (scale: number) => {
    const fits = async (d: number, e: number) => estimate(estimated(await answerWith(d, e), narrow, format)) * scale <= budget;
    const declarations = await largest(order.length, (n) => fits(n, 0));
    const shownFiles = (await answerWith(declarations, 0)).files.length;
    return { declarations, extra: await largest(ranked.files.length - shownFiles, (n) => fits(declarations, n)) };
  };
  const count = async (choice: { declarations: number; extra: number }) => {
    const answer = await answerWith(choice.declarations, choice.extra);
    const estimateOf = estimated(answer, narrow, format);
    let text = overviewOutput(answer, narrow, format);
    let used = await counter.count(text);
    // The JSON holds `used`: counted again with its own count in place, until the count it says is the count it has.
    for (let round = 0; format === 'json' && round < 3; round++) {
      text = overviewOutput({ ...answer, used }, narrow, format);
      const again = await counter.count(text);
      if (again === used) break;
      used = again;
    }
    return { answer, text, estimateOf, used };
  };
  // Line-by-line estimates run high (a blank line and its newline are one token): scaled by the real count of the text they
  // chose, a few times, keeping the fullest text within the budget; past it, cut down until it fits.
  let scale = 1;
  let choice = await search(scale);
  let counted = await count(choice);
  let best = counted.used <= budget ? { choice, counted } : undefined;
  for (let round = 0; round < 3 && counted.used > 0 && performance.now() < ranked.until; round++) {
    const next = counted.used / estimate(counted.estimateOf);
    if (Math.abs(next - scale) < 0.002) break;
    scale = next;
    choice = await search(scale);
    counted = await count(choice);
    if (counted.used <= budget && (!best || counted.used > best.counted.used)) best = { choice, counted };
  }
  if (best) ({ choice, counted } = best);
  while (counted.used > budget && (choice.declarations > 0 || choice.extra > 0)) {
    choice = choice.extra > 0 ? { ...choice, extra: Math.floor(choice.extra * 0.9) } : { ...choice, declarations: Math.floor(choice.declarations * 0.9) };
    counted = await count(choice);
  }
  return { ...counted.answer, used: counted.used };
}

/** The JSON `skim overview --json` prints: `{root, tokens, files, omitted}`, the counts behind it, and what the screen found. */
export function overviewJson(answer: OverviewAnswer, findings: ScreenFindings = NO_FINDINGS) {
  return {
    root: answer.root,
    scope: answer.scope,
    tokens: answer.tokens,
    used: answer.used,
    counter: answer.counter,
    description: answer.description,
    files: answer.files,
    omitted: answer.omitted,
    ranked: answer.ranked,
    stoppedAfterMs: answer.stoppedAfterMs ?? null,
    settled: answer.settled,
    declarationsCut: answer.declarationsCut,
    screen: findingsJson(findings),
  };
}
