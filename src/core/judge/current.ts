import { judgeFromEnv, JudgeRuntime } from './runtime';

/**
 * The judge this process answers with: from the environment on first use (the CLI, the MCP
 * server, the hook), or as the VS Code extension's settings set it.
 */
let current: JudgeRuntime | undefined;

export function currentJudge(): JudgeRuntime {
  current ??= judgeFromEnv(process.env);
  return current;
}

export function setJudge(runtime: JudgeRuntime): void {
  current = runtime;
}
