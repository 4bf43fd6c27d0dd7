import { counted } from '../map/counts';
import { regionLabel } from '../map/render';
import { TokenCounter } from '../savings';
import { findingsJson, NO_FINDINGS, ScreenFindings } from '../screen/screen';
import { WrappedPassage } from '../screen/wrapPassages';

/**
 * A locate answer as a model reads it, fitted to a token budget: a headline saying what was
 * searched and outlined, the regions ranked (path, lines, kind, name, the question's words each
 * matched, its note), and the numbered lines of the first region or two where they fit, so that
 * one call can already hold the answer; a last line says what was left out.
 */

export const DEFAULT_LOCATE_TOKENS = 1_000;
export const MIN_LOCATE_TOKENS = 200;
export const MAX_LOCATE_TOKENS = 50_000;
/** Regions whose numbered lines may be shown: the first two. */
const REGIONS_WITH_LINES = 2;
/** The share of the budget the numbered lines may take: the ranked list is what the answer is for. */
const LINES_SHARE = 0.6;
const QUESTION_CHARS = 100;

export interface LocateResult {
  path: string;
  start: number;
  end: number;
  kind: string;
  name: string;
  note: string;
  score: number;
  matched: string[];
}

/** A region's numbered lines as they may be shown (screened), from `start`. */
export interface RegionLines {
  start: number;
  lines: string[];
  wrapped: WrappedPassage[];
}

/** Source files listed, reached by the question's words, and outlined (made now or read from the store); files reached but not outlined (past the files cap, or the time cap); the time cap, when it was reached. */
/** What of the project's git history the ranking weighed: the past commits it holds and how many were like the question; or that it is still being read (words alone this time); none outside git. */
export type HistoryUse = { commits: number; similar: number } | 'reading' | 'none';

export interface LocateCoverage {
  listed: number;
  reached: number;
  outlined: number;
  outlinedNow: number;
  notOutlined: number;
  stoppedAfterMs?: number;
  history?: HistoryUse;
}

export interface LocateAnswer extends LocateCoverage {
  question: string;
  root: string;
  scope: string;
  tokens: number;
  used: number;
  counter: string;
  results: LocateResult[];
  /** The numbered lines shown, by the index of their result. */
  shownLines: { result: number; start: number; end: number; text: string }[];
  /** How many ranked regions there were, and why the rest are not shown. */
  ranked: number;
  /** Whether the judge re-ranked the first regions (locate/rerankRegions): its one call, where it is enforcing. */
  judged: boolean;
  /** Whether the judge was asked at all (advisory asks and keeps locate's order): a call, so the answer does not say "no model call". */
  judgeAsked: boolean;
  omitted: { results: number; reason: string };
}

const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
const clipQuestion = (q: string) => (q.length > QUESTION_CHARS ? `${q.slice(0, QUESTION_CHARS).replace(/\s+\S*$/, '')}…` : q);

function headline(a: Omit<LocateAnswer, 'used' | 'omitted'>): string {
  const scope = a.scope === '.' ? '' : ` in ${a.scope}`;
  const covered = `${counted(a.outlined, 'file', count)} outlined of the ${count(a.reached)} its words reach among ${counted(a.listed, 'source file', count)}${scope}`;
  const stopped =
    a.stoppedAfterMs === undefined
      ? ''
      : `; stopped at the ${count(a.stoppedAfterMs)} ms time limit, ${counted(a.notOutlined, 'reached file', count)} not outlined`;
  const history =
    a.history === 'reading'
      ? "; the project's history is being read, words alone this time"
      : a.history && a.history !== 'none'
        ? `; ${counted(a.history.commits, 'past commit', count)} weighed, ${count(a.history.similar)} like the question`
        : '';
  return `Locate "${clipQuestion(a.question)}": ${counted(a.ranked, 'region', count)} ranked (${covered}${stopped}${history}; ${a.judged ? 'the first re-ranked by the judge' : a.judgeAsked ? "the judge asked, advisory: locate's order kept" : 'no model call'}).`;
}

const resultLine = (r: LocateResult, i: number) =>
  `${i + 1}. ${r.path}:${r.start}-${r.end} ${regionLabel(r)}${r.matched.length ? ` [${r.matched.join(', ')}]` : ''}${r.note ? ` — ${r.note}` : ''}`;

export function renderLocate(answer: Omit<LocateAnswer, 'used'>): string {
  const out = [headline(answer)];
  answer.results.forEach((r, i) => {
    out.push(resultLine(r, i));
    for (const shown of answer.shownLines.filter((s) => s.result === i)) out.push(shown.text);
  });
  if (answer.omitted.reason) out.push(`[skim] ${answer.omitted.reason}.`);
  return out.join('\n');
}

/** The answer as `--json` gives it: the question as the headline quotes it (the caller has it whole), so that the answer keeps to its budget whatever its length. */
export function locateJson(answer: LocateAnswer, findings: ScreenFindings = NO_FINDINGS) {
  return {
    question: clipQuestion(answer.question),
    root: answer.root,
    scope: answer.scope,
    tokens: answer.tokens,
    used: answer.used,
    counter: answer.counter,
    results: answer.results,
    lines: answer.shownLines.map(({ result, start, end }) => ({ result, start, end })),
    omitted: answer.omitted,
    ranked: answer.ranked,
    judged: answer.judged,
    judgeAsked: answer.judgeAsked,
    covered: { listed: answer.listed, reached: answer.reached, outlined: answer.outlined, outlinedNow: answer.outlinedNow, notOutlined: answer.notOutlined },
    stoppedAfterMs: answer.stoppedAfterMs ?? null,
    // Said only where there is one to say: the least budget's answer has no room for a field that says nothing.
    ...(answer.history && answer.history !== 'none' ? { history: answer.history } : {}),
    screen: findingsJson(findings),
  };
}

export type LocateFormat = 'text' | 'json';

const output = (answer: Omit<LocateAnswer, 'used'>, format: LocateFormat, findings: ScreenFindings) =>
  format === 'json' ? JSON.stringify(locateJson({ ...answer, used: answer.tokens }, findings)) : renderLocate(answer);

/**
 * The most results that fit the budget (at least one, without its note where it does not fit with it), then the numbered lines of the first
 * regions: each whole where it fits, else as many of its first lines as fit, within LINES_SHARE of
 * the budget; what is left out is said.
 */
export async function fitLocate(
  base: Omit<LocateAnswer, 'used' | 'results' | 'shownLines' | 'omitted' | 'tokens' | 'counter'>,
  results: readonly LocateResult[],
  lines: readonly (RegionLines | undefined)[],
  tokens: number,
  counter: TokenCounter,
  format: LocateFormat,
  /** How the host numbers lines (tools/read's `cat -n` form). */
  numberedLines: (start: number, lines: readonly string[], wrapped: readonly WrappedPassage[]) => string,
  /** What the screen found, which the JSON answer carries and so counts. */
  findings: ScreenFindings = NO_FINDINGS,
): Promise<LocateAnswer> {
  const budget = Math.max(MIN_LOCATE_TOKENS, Math.min(MAX_LOCATE_TOKENS, Math.trunc(tokens)));
  let list = results;
  const draft = (shown: number, shownLines: LocateAnswer['shownLines']): Omit<LocateAnswer, 'used'> => {
    const left = base.ranked - shown;
    return {
      ...base,
      tokens: budget,
      counter: counter.name,
      results: list.slice(0, shown),
      shownLines,
      omitted: {
        results: left,
        reason: left > 0 ? `${counted(left, 'more ranked region', count)} not shown within ${count(budget)} tokens; read one by its path and lines` : '',
      },
    };
  };
  // A text answer's lines are counted one by one, each once (a newline between lines is at most one token more): fitting tries many drafts.
  const lineTokens = new Map<string, number>();
  const size = async (a: Omit<LocateAnswer, 'used'>) => {
    if (format === 'json') return counter.count(output(a, format, findings));
    let total = 0;
    for (const line of output(a, format, findings).split('\n')) {
      let n = lineTokens.get(line);
      if (n === undefined) lineTokens.set(line, (n = await counter.count(line)));
      total += n + 1;
    }
    return total;
  };
  // The list first, without lines, as long as it fits: the lines then take what they may of the rest.
  let shown = Math.min(1, results.length);
  // The one result an answer always has goes without its note, then without its matched words, where with them the answer would not fit (a JSON answer at the least budget).
  const lighter: Partial<LocateResult>[] = shown ? [{ note: '' }, { matched: [] }] : [];
  for (const drop of lighter) {
    if ((await size(draft(1, []))) <= budget) break;
    list = [{ ...list[0], ...drop }, ...results.slice(1)];
  }
  while (shown < results.length && (await size(draft(shown + 1, []))) <= budget * (1 - LINES_SHARE)) shown++;
  let shownLines: LocateAnswer['shownLines'] = [];
  for (let r = 0; r < Math.min(REGIONS_WITH_LINES, shown); r++) {
    const region = lines[r];
    if (!region?.lines.length) continue;
    let take = region.lines.length;
    const withLines = (n: number) => [
      ...shownLines,
      {
        result: r,
        start: region.start,
        end: region.start + n - 1,
        text:
          numberedLines(region.start, region.lines.slice(0, n), region.wrapped) +
          (n < region.lines.length
            ? `\n[skim] ${counted(region.lines.length - n, 'more line', count)} of this region; read from line ${region.start + n}.`
            : ''),
      },
    ];
    const fits = async (n: number) => (await size(draft(shown, withLines(n)))) <= budget;
    if (!(await fits(take))) {
      let low = 0;
      let high = take;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (await fits(mid)) low = mid;
        else high = mid - 1;
      }
      take = low;
    }
    if (take >= Math.min(3, region.lines.length)) shownLines = withLines(take);
  }
  while (shown < results.length && (await size(draft(shown + 1, shownLines))) <= budget) shown++;
  const answer = draft(shown, shownLines);
  return { ...answer, used: await counter.count(output(answer, format, findings)) };
}
