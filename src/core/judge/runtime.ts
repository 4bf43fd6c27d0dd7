import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Choice, Judge } from './judge';
import { judgeSettingsFromEnv, OpenAiJudge } from './openaiJudge';

/**
 * The judge as the read path uses it: per-site modes, a deadline per judgement, an LRU cache of
 * verdicts, and an event for every judgement (site, signals, decision, enforced or not, latency,
 * backend, cache hit) written to a JSONL log and the host's log. With no judge, or a site `off`,
 * nothing is asked and nothing changes.
 */
export const JUDGE_SITES = ['search', 'screen', 'verify'] as const;
export type JudgeSite = (typeof JUDGE_SITES)[number];
export const JUDGE_MODES = ['off', 'advisory', 'enforcing'] as const;
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
}

export const DEFAULT_DEADLINE_MS = 800;
const CACHE_SIZE = 512;

const modeOf = (value: string | undefined): JudgeMode | undefined =>
  (JUDGE_MODES as readonly string[]).includes(value ?? '') ? (value as JudgeMode) : undefined;

/**
 * Each site's mode: its own setting, else the global one (default `advisory`: judge and log,
 * change nothing). The call-verify site never inherits a global `enforcing`: it can refuse edits.
 */
export function siteModes(global: string | undefined, own: Partial<Record<JudgeSite, string | undefined>>): Record<JudgeSite, JudgeMode> {
  const base = modeOf(global) ?? 'advisory';
  return {
    search: modeOf(own.search) ?? base,
    screen: modeOf(own.screen) ?? base,
    verify: modeOf(own.verify) ?? (base === 'enforcing' ? 'advisory' : base),
  };
}

/** `$XDG_STATE_HOME/skim/judge.jsonl`, else `~/.local/state/skim/judge.jsonl`. */
export function judgeLogFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_STATE_HOME || path.join(env.HOME || os.homedir(), '.local', 'state'), 'skim', 'judge.jsonl');
}

export class JudgeRuntime {
  private readonly cache = new Map<string, unknown>();

  constructor(
    readonly judge: Judge | undefined,
    private readonly modes: Record<JudgeSite, JudgeMode>,
    private readonly log: (event: JudgeEvent) => void,
    readonly deadlineMs = DEFAULT_DEADLINE_MS,
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
  ): Promise<{ value: T | undefined; cacheHit: boolean }> {
    const judge = this.judge;
    if (!judge || this.mode(site) === 'off') return { value: undefined, cacheHit: false };
    const key = `${site}\0${question}\0${createHash('sha256').update(state).digest('hex')}`;
    if (this.cache.has(key)) {
      const value = this.cache.get(key) as T;
      this.cache.delete(key);
      this.cache.set(key, value);
      return { value, cacheHit: true };
    }
    const value = await run(judge, AbortSignal.timeout(this.deadlineMs)).catch(() => undefined);
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
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      appendFileSync(file, `${JSON.stringify(event)}\n`, { mode: 0o600 });
    } catch {
      // The log is for people; a judgement never fails for it.
    }
  };
}

/** The judge the environment configures (SKIM_JUDGE_URL and SKIM_JUDGE_MODEL), its modes, and its log file; none when unset. */
export function judgeFromEnv(env: NodeJS.ProcessEnv, extraLog?: (event: JudgeEvent) => void): JudgeRuntime {
  const settings = judgeSettingsFromEnv(env);
  const modes = siteModes(env.SKIM_JUDGE_MODE, { search: env.SKIM_JUDGE_SEARCH, screen: env.SKIM_JUDGE_SCREEN, verify: env.SKIM_JUDGE_VERIFY });
  const deadline = Number(env.SKIM_JUDGE_DEADLINE_MS);
  return new JudgeRuntime(
    settings ? new OpenAiJudge(settings) : undefined,
    modes,
    judgeLog(judgeLogFile(env), extraLog),
    Number.isFinite(deadline) && deadline > 0 ? deadline : DEFAULT_DEADLINE_MS,
  );
}
