import { Project } from '../files/project';
import { NotSourceError } from '../files/readSource';
import { listFiles } from '../search/files';
import { Outlines, readOutlineSource } from '../outlines/projectOutlines';
import { SearchProgram } from '../search/program';
import { scopeOf } from '../search/searchHits';
import { languageFor } from '../structural/languages';
import { questionText, readQuestion } from './question';
import { fileScores, idf, rankUnits, Scored } from './rank';
import { reach } from './reach';
import { namedFiles } from './namedFiles';
import { LocateHistory, withHistory } from './withHistory';
import { similarScores } from './historyScores';
import type { LocateCoverage } from './renderLocate';

import { stemProbe, Unit, unitsOf } from './units';

/**
 * From a question in words to the functions it is most likely about, never a model call: the
 * question's stems are searched for (locate/reach), the files they reach most are outlined
 * (stored outlines first, tree-sitter for the rest, shared with search and the overview), and
 * their functions ranked (locate/rank). Bounded in time, as the overview is: what was not
 * outlined in time is said.
 */

export const LOCATE_TIMEOUT_MS = 10_000;
/** Files outlined at most, the best reached first: the ranking's answer lies in the first few dozen. */
export const MAX_LOCATE_FILES = 40;
/** Stems of the question used at most, in its order: a long commit body's hundredth word adds only noise. */
const MAX_TERMS = 48;
const LISTED_MAX = 200_000;
/** The share of the time cap by which searching ends, and outlining: the rest ranks and fits. */
const SEARCH_SHARE = 0.5;
const OUTLINE_SHARE = 0.85;

export class LocateRequestError extends Error {}

export interface LocateRequest {
  question: string;
  /** A folder to look in, relative to the project root or absolute inside it; default the whole project. */
  path?: string;
  timeoutMs?: number;
  maxFiles?: number;
  /** Ends the locate with its reason (a process given a signal): nothing partial is answered. */
  signal?: AbortSignal;
  /** The project's history, where it has one indexed: its signals are added to the words'. */
  history?: LocateHistory;
}

export interface Located extends LocateCoverage {
  root: string;
  scope: string;
  question: string;
  /** The functions ranked, best first. */
  results: Scored[];
  /** The stems searched for, with the words they came from. */
  searched: string[];
}

export async function locate(project: Project, program: SearchProgram, outlines: Outlines, request: LocateRequest): Promise<Located> {
  const started = performance.now();
  const timeoutMs = request.timeoutMs ?? LOCATE_TIMEOUT_MS;
  const text = questionText(request.question);
  if (!text) throw new LocateRequestError('the question is empty: say in words what you are looking for (a bug report, a task, a question)');
  const scope = scopeOf(project, request.path, 'locate');
  const question = readQuestion(text);
  question.terms = question.terms.slice(0, MAX_TERMS);
  const index = new Map(question.terms.map((t, i) => [t, i]));
  const searchMs = timeoutMs * SEARCH_SHARE;
  const [listing, reached] = await Promise.all([
    listFiles(program, project.root, scope, { max: LISTED_MAX, timeoutMs: searchMs, signal: request.signal }),
    reach(program, project.root, scope, question.terms, { timeoutMs: searchMs, signal: request.signal, wholeParts: question.wholeParts }),
  ]);
  if (reached.error && !reached.files.size) throw new LocateRequestError(`the search for the question's words failed: ${reached.error}`);
  const source = listing.files.filter((f) => languageFor(f));
  const weights = question.terms.map((_, t) => idf(Math.max(source.length, 1), reached.fileCounts[t]));
  const sourceCounts = new Map([...reached.files].filter(([f]) => languageFor(f)));
  const standing = fileScores(sourceCounts, source, weights, index);
  // The files the question names, and those the commits most like it changed, stand with the files its words reach most.
  const named = namedFiles(question, source);
  const history = request.history;
  const similar = history ? similarScores(history.history, question.terms) : undefined;
  const topStanding = [...standing.values()].reduce((a, b) => Math.max(a, b), 0) || 1;
  const listed = new Set(source);
  const choice = new Map(standing);
  for (const [file, share] of named) choice.set(file, (choice.get(file) ?? 0) + share * topStanding * (history?.weights.namedFile ?? 1));
  if (similar && history)
    for (const [file, share] of similar.files)
      if (listed.has(file)) choice.set(file, (choice.get(file) ?? 0) + share * topStanding * history.weights.similarFile);
  const order = [...choice].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([f]) => f);
  const chosen = order.slice(0, request.maxFiles ?? MAX_LOCATE_FILES);
  const units: Unit[] = [];
  const probe = stemProbe(question.terms);
  let outlined = 0;
  let outlinedNow = 0;
  let stopped = reached.timedOut || listing.timedOut;
  for (const key of chosen) {
    request.signal?.throwIfAborted();
    if (performance.now() - started > timeoutMs * OUTLINE_SHARE) {
      stopped = true;
      break;
    }
    const file = project.file(key);
    if (!file.inside) continue;
    try {
      const read = await readOutlineSource(file);
      const whole = await outlines.whole(read, false);
      request.signal?.throwIfAborted();
      if (!whole) continue;
      outlined++;
      if (whole.made) outlinedNow++;
      for (const unit of unitsOf(key, read.text, whole.outline.regions, index, probe)) units.push(unit);
    } catch (error) {
      // A file too large or binary to outline, or gone since the search: not outlined, and counted so.
      if (!(error instanceof NotSourceError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    }
  }
  return {
    root: project.root,
    scope,
    question: text,
    results: withHistory(rankUnits(question, units, weights, standing, index), named, history, similar, question.terms),
    listed: source.length,
    reached: sourceCounts.size,
    outlined,
    outlinedNow,
    notOutlined: order.length - outlined,
    stoppedAfterMs: stopped ? Math.round(performance.now() - started) : undefined,
    searched: question.terms.map((t) => question.words.get(t) ?? t),
    history: history && similar ? { commits: history.history.size, similar: similar.commits } : undefined,
  };
}
