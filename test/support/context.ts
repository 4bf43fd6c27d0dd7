import { DEFAULT_OPTIONS, Options } from '../../src/core/config/options';
import { createContext, SILENT, SkimContext } from '../../src/core/context';
import { JudgeRuntime, judgeRuntime } from '../../src/core/judge/runtime';

/** A session for a test: the default options with `changes`, no judge unless given, nothing logged unless `log` is. */
export function testContext(changes: Partial<Options> = {}, parts: { judge?: JudgeRuntime; log?: SkimContext['log']; now?: () => number } = {}): SkimContext {
  const options = { ...DEFAULT_OPTIONS, ...changes };
  return createContext({ options, judge: parts.judge ?? judgeRuntime(options, undefined, () => undefined), log: parts.log ?? SILENT, now: parts.now });
}
