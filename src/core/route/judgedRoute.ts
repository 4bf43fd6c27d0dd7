import { routeChoice, supportDecision } from '../judge/decide';
import { JudgeRuntime } from '../judge/runtime';
import { INTENT_OPTIONS, intentByRules, INTENTS, Intent } from './intent';

export interface Route {
  intent: Intent;
  /** Who decided: the rules, or the judge (enforcing, and it chose). */
  by: 'rules' | 'judge';
  why: string;
}

const round = (p: number | undefined) => (p === undefined ? null : Math.round(p * 100) / 100);

/**
 * The route of one request: the rules' intent, unless the judge's route site is enforcing and
 * one Choice over the four intents names one (as the search re-rank asks one Choice). Advisory,
 * "none of these", a timeout or no judge: the rules. Every judgement is an event.
 */
export async function routeRequest(request: string, runtime: JudgeRuntime): Promise<Route> {
  const rules = intentByRules(request);
  const mode = runtime.mode('route');
  if (mode === 'off') return { ...rules, by: 'rules' };
  const started = performance.now();
  const state = `A person wrote this to a code-reading assistant in their editor's chat:\n${request}\nWhat does it ask for?`;
  const { value: choice, cacheHit, error } = await runtime.choose('route', state, INTENT_OPTIONS);
  const chosen = routeChoice(choice, INTENTS.length);
  const intent = chosen === undefined ? undefined : INTENTS[chosen];
  const enforced = mode === 'enforcing' && intent !== undefined;
  runtime.record({
    site: 'route',
    signals: Object.fromEntries(INTENTS.map((name, i) => [name, round(choice?.probabilities[i])])),
    decision: intent && intent !== rules.intent ? `rerouted:${intent}` : 'kept',
    enforced,
    latencyMs: Math.round(performance.now() - started),
    cacheHit,
    ...(error ? { error } : {}),
  });
  return enforced ? { intent, by: 'judge', why: `the judge chose ${intent}` } : { ...rules, by: 'rules' };
}

/**
 * Whether the regions located answer the question: one yes/no before the chat's model is asked.
 * Enforcing and the judge finds they do not: `false` (the question goes to agent mode with them).
 * Anything else, `true`: the model answers from them.
 */
export async function regionsAnswer(question: string, regions: string, runtime: JudgeRuntime): Promise<boolean> {
  const mode = runtime.mode('route');
  if (mode === 'off') return true;
  const started = performance.now();
  const state = `Question: ${question}\n\nThe code located for it:\n${regions}`;
  const { value: p, cacheHit, error } = await runtime.yesNo('route', state, 'Does the code located hold what is needed to answer the question?');
  const decision = supportDecision(p);
  const enforced = mode === 'enforcing' && decision === 'unsupported';
  runtime.record({
    site: 'route',
    signals: { answers: round(p) },
    decision: decision === 'none' ? 'kept' : decision,
    enforced,
    latencyMs: Math.round(performance.now() - started),
    cacheHit,
    ...(error ? { error } : {}),
  });
  return !enforced;
}
