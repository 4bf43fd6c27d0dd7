import { appendFileSync } from 'node:fs';
import * as path from 'node:path';
import { JUDGE_MODES, Options } from '../config/options';
import { sha256Hex } from '../files/sha256';
import { stateDir } from '../files/stateDir';
import { Choice, Judge } from './judge';
import { OpenAiJudge } from './openaiJudge';
import { makeFolder } from '../files/makeFolder';

/**
 * The judge as the read path uses it: per-site modes, a deadline per judgement, an LRU cache of
 * verdicts, and an event for every judgement (site, signals, decision, enforced or not, latency,
 * backend, cache hit, and why it failed when it did) written to a JSONL log and the host's log.
 * With no judge, or a site `off`, nothing is asked and nothing changes; a judge that fails is
 * said once to the person (`onFailure`) and changes nothing either.
 */
export const JUDGE_SITES = ['search', 'locate', 'screen', 'verify', 'route'] as const;
export type JudgeSite = (typeof JUDGE_SITES)[number];
export type JudgeMode = (typeof JUDGE_MODES)[number];

export interface JudgeEvent {
  at: string;
  site: JudgeSite;
  /** Each signal's P, or null where the judge gave none. */
  signals: Record<string, number | null>;
  decision: string;
  enforced: boolean;
  latencyMs: number;
  backend: string;
  cacheHit: boolean;
  /** Why the judge gave no answer, when it failed (unreachable, refused, timed out, no probabilities). */
  error?: string;
}

export const DEFAULT_DEADLINE_MS = 800;
const CACHE_SIZE = 512;

const inherited = (own: string): JudgeMode | undefined => (own === 'inherit' ? undefined : (own as JudgeMode));

/**
 * Each site's mode: its own option, else the global one (default `advisory`: judge and log,
 * change nothing). The call-verify site never inherits a global `enforcing`: it can refuse edits.
 */
export function siteModes(
  options: Pick<Options, 'judgeMode' | 'judgeSearch' | 'judgeLocate' | 'judgeScreen' | 'judgeVerify' | 'judgeRoute'>,
): Record<JudgeSite, JudgeMode> {
  const base = options.judgeMode;
  return {
    search: inherited(options.judgeSearch) ?? base,
    locate: inherited(options.judgeLocate) ?? base,
    screen: inherited(options.judgeScreen) ?? base,
    verify: inherited(options.judgeVerify) ?? (base === 'enforcing' ? 'advisory' : base),
    route: inherited(options.judgeRoute) ?? base,
  };
}

/** `$XDG_STATE_HOME/skim/judge.jsonl`, else `~/.local/state/skim/judge.jsonl`. */
export const judgeLogFile = (env: NodeJS.ProcessEnv) => stateDir(env, 'judge.jsonl');

/** One judgement's answer: its value (undefined: none), whether it came from the cache, and why there was none when the judge failed. */
export interface Judged<T> {
  value: T | undefined;
  cacheHit: boolean;
  error?: string;
}

export class JudgeRuntime {
  private readonly cache = new Map<string, unknown>();

  constructor(
    readonly judge: Judge | undefined,
    private readonly modes: Record<JudgeSite, JudgeMode>,
    private readonly log: (event: JudgeEvent) => void,
    readonly deadlineMs = DEFAULT_DEADLINE_MS,
    /** Told of every failure, with its reason (the host shows it once). */
    private readonly onFailure: (reason: string) => void = () => undefined,
  ) {}

  mode(site: JudgeSite): JudgeMode {
    return this.judge ? this.modes[site] : 'off';
  }

  /** One judgement through the cache, within the deadline; undefined for none. */
  private async ask<T>(
    site: JudgeSite,
    question: string,
    state: string,
    run: (judge: Judge, signal: AbortSignal) => Promise<T | undefined>,
  ): Promise<Judged<T>> {
    const judge = this.judge;
    if (!judge || this.mode(site) === 'off') return { value: undefined, cacheHit: false };
    const key = `${site}\0${question}\0${sha256Hex(state)}`;
    if (this.cache.has(key)) {
      const value = this.cache.get(key) as T;
      this.cache.delete(key);
      this.cache.set(key, value);
      return { value, cacheHit: true };
    }
    const signal = AbortSignal.timeout(this.deadlineMs);
    let value: T | undefined;
    try {
      value = await run(judge, signal);
    } catch (error) {
      const reason = signal.aborted ? `${judge.name} gave no answer within ${this.deadlineMs} ms` : (error as Error).message;
      this.onFailure(reason);
      return { value: undefined, cacheHit: false, error: reason };
    }
    if (value !== undefined) {
      this.cache.set(key, value);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    }
    return { value, cacheHit: false };
  }

  yesNo(site: JudgeSite, state: string, question: string) {
    return this.ask(site, question, state, (judge, signal) => judge.yesNo(state, question, signal));
  }

  choose(site: JudgeSite, state: string, options: readonly string[]) {
    return this.ask<Choice>(site, options.join('\n'), state, (judge, signal) => judge.choose(state, options, signal));
  }

  record(event: Omit<JudgeEvent, 'at' | 'backend'>): void {
    this.log({ at: new Date().toISOString(), backend: this.judge?.name ?? 'none', ...event });
  }
}

/** Where judgements go: appended to the JSONL log `file`, and to `also` (the host's own log) first. */
export function judgeLog(file: string, also?: (event: JudgeEvent) => void): (event: JudgeEvent) => void {
  return (event) => {
    also?.(event);
    try {
      makeFolder(path.dirname(file), 0o700);
      appendFileSync(file, `${JSON.stringify(event)}\n`, { mode: 0o600 });
    } catch {
      // The log is for people; a judgement never fails for it.
    }
  };
}

/** The judge the options name for the command line, the hook and MCP: an OpenAI-compatible endpoint, or none. */
export function openAiJudgeFrom(options: Options): Judge | undefined {
  if (options.judgeBackend !== 'openai' || !options.judgeUrl || !options.judgeModel) return undefined;
  return new OpenAiJudge({ url: options.judgeUrl, model: options.judgeModel, key: options.judgeKey || undefined });
}

/** A judge runtime for these options: `judge` (none: every site is off), its events to `log`, its failures to `onFailure`. */
export function judgeRuntime(options: Options, judge: Judge | undefined, log: (event: JudgeEvent) => void, onFailure?: (reason: string) => void): JudgeRuntime {
  return new JudgeRuntime(judge, siteModes(options), log, options.judgeDeadlineMs, onFailure);
}
