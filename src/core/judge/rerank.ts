import { rerankOrder } from './decide';
import { JudgeRuntime, JudgeSite } from './runtime';

/**
 * One Choice over a site's first candidates (each an option's line), recorded as the site's
 * decision: the order the judge gives them when it answers and the site is enforcing, else
 * undefined (the site keeps its own order). Search's and locate's re-rank both ask it this way.
 */
export async function judgedOrder(runtime: JudgeRuntime, site: JudgeSite, state: string, options: readonly string[]): Promise<number[] | undefined> {
  const started = performance.now();
  const { value: choice, cacheHit, error } = await runtime.choose(site, state, options);
  const order = rerankOrder(choice, options.length);
  const enforced = runtime.mode(site) === 'enforcing' && order !== undefined;
  runtime.record({
    site,
    signals: {
      best: choice ? Math.round(Math.max(...choice.probabilities) * 100) / 100 : null,
      none: choice ? Math.round((choice.probabilities.at(-1) ?? 0) * 100) / 100 : null,
    },
    decision: order ? 'reranked' : 'kept',
    enforced,
    latencyMs: Math.round(performance.now() - started),
    cacheHit,
    ...(error ? { error } : {}),
  });
  return enforced ? order : undefined;
}
