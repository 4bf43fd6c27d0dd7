import { judgedOrder } from '../judge/rerank';
import { MAX_OPTIONS } from '../judge/judge';
import { JudgeRuntime } from '../judge/runtime';
import { regionLabel } from '../map/render';
import { LocateResult } from './renderLocate';

/**
 * The locate re-rank, as search's is (search/rerankHits): with a judge enforcing at the locate site,
 * one choice over the first ranked regions (each with its path, lines, name and the question's
 * words it matched); the ones it judges likely come first in its order, the rest follow in
 * locate's. "None of these", no answer, advisory or no judge keep locate's order; whether it was
 * asked at all is said, since the answer says when no model was called. The results
 * given are screened already: nothing the screen took out leaves for the judge's endpoint.
 */
export async function judgeLocate(question: string, results: readonly LocateResult[], runtime: JudgeRuntime): Promise<{ order?: number[]; asked: boolean }> {
  const mode = runtime.mode('locate');
  if (mode === 'off' || results.length < 2) return { asked: false };
  const candidates = results.slice(0, MAX_OPTIONS);
  const options = candidates.map((r) => `${r.path}:${r.start}-${r.end} ${regionLabel(r)}${r.matched.length ? ` (matches ${r.matched.join(', ')})` : ''}`);
  const state = `A coding agent was given this task or question: "${question.slice(0, 2_000)}". Which of these regions of its project is the code it is about?`;
  const order = await judgedOrder(runtime, 'locate', state, options);
  if (!order) return { asked: true };
  return { order: [...order, ...results.map((_, i) => i).filter((i) => !order.includes(i))], asked: true };
}
