import { regionLine } from '../map/render';
import { SearchResult } from './searchHits';
import { judgedOrder } from '../judge/rerank';
import { MAX_OPTIONS } from '../judge/judge';
import { JudgeRuntime } from '../judge/runtime';

/** Past this many hits the judge is asked which come first. */
const RERANK_OVER = 10;

/**
 * The search re-rank: with more than RERANK_OVER hits, one choice over the first hits (each with
 * its region); enforcing, the RERANKED_HITS most likely come back in the judged order, and every
 * other hit found is set aside where the answer says so (its place, not its line). "None of
 * these", no answer, or advisory keep ripgrep's order.
 */
export async function judgeSearch(result: SearchResult, runtime: JudgeRuntime): Promise<SearchResult> {
  const mode = runtime.mode('search');
  if (mode === 'off' || result.hits.length <= RERANK_OVER) return result;
  const candidates = result.hits.slice(0, MAX_OPTIONS);
  const options = candidates.map((h) => `${h.path}:${h.line}${h.region ? ` in ${regionLine(h.region)}` : ''}: ${h.text.trim().slice(0, 160)}`);
  const state = `A coding agent searched its project for ${result.literal ? `the text "${result.pattern}"` : `the regex /${result.pattern}/`}. Which hit is it most likely looking for?`;
  const order = await judgedOrder(runtime, 'search', state, options);
  if (!order) return result;
  const shown = order.map((i) => candidates[i]);
  const setAside = result.hits.filter((hit) => !shown.includes(hit)).map(({ path, line }) => ({ path, line }));
  return { ...result, hits: shown, judged: true, setAside, rerankedOver: RERANK_OVER };
}
