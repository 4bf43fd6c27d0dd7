import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { scratch } from '../support/files';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { ScriptedGemini } from '../support/scriptedGemini';
import { CODEX_COMPACTION, ScriptedResponses } from '../support/scriptedResponses';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const INSTALLED = process.env.SKIM_AGENT_CLIS ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'skim-agent-clis');

export function binary(relative: string): string {
  const file = path.join(INSTALLED, 'node_modules', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run bash scripts/setup-agent-clis.sh`);
  return file;
}

/** A Python file of `functions` functions of 30 lines each. */
export function pythonSource(functions: number): string {
  return Array.from({ length: functions * 30 }, (_, i) => (i % 30 === 0 ? `def f${i / 30}(x):` : `    x = x + ${i}`)).join('\n') + '\n';
}

/**
 * For each test of the suite it is called in: a scripted model offering `tool`, and a project (a
 * git work tree) holding big.py (900 lines, the model's read target) and small.py (150 lines).
 */
export function agentProject(tool: string): { server: ScriptedAnthropic; s: ReturnType<typeof scratch> } {
  const project = {} as { server: ScriptedAnthropic; s: ReturnType<typeof scratch> };
  beforeEach(async () => {
    project.server = await new ScriptedAnthropic().start();
    project.server.readTool = tool;
    project.s = scratch('skim-agent-');
    mkdirSync(path.join(project.s.dir, '.git'));
    project.server.target = project.s.write('big.py', pythonSource(30));
    project.s.write('small.py', pythonSource(5));
  });
  afterEach(async () => {
    await project.server.stop();
    project.s.cleanup();
  });
  return project;
}

/** The environment the project's agents and Skim's own commands run with: a home, a state folder and a cache of their own. */
export function projectEnv(project: string): NodeJS.ProcessEnv {
  const home = path.join(project, '.home');
  return {
    ...process.env,
    HOME: home,
    CODEX_HOME: path.join(home, '.codex'),
    COPILOT_HOME: path.join(home, '.copilot'),
    XDG_STATE_HOME: path.join(project, '.state'),
    SKIM_CACHE_DIR: path.join(project, '.skim-cache'),
  };
}

/** Runs `skim` in the project, as a user would, and returns what it printed. */
export function skimIn(project: string, args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], { cwd: project, env: projectEnv(project), encoding: 'utf8' });
}

export type AgentHostId = 'vscode' | 'claude' | 'copilot-cli' | 'codex' | 'gemini';

/** Installs Skim's hook into the project (or the project's home, for the user scope) with Skim's own command, as a user would. */
export function installHook(project: string, host: AgentHostId, scope: 'workspace' | 'user' = 'workspace'): void {
  skimIn(project, ['hook', 'install', '--host', host, '--scope', scope]);
}

/** Every tool result the model saw in its last turn, in order, as text. */
export function toolResults(server: ScriptedAnthropic): string[] {
  const turns = server.agentTurns();
  const last = turns[turns.length - 1] as { messages: { content: unknown }[] };
  return last.messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; content?: unknown }[]) : []))
    .filter((b) => b.type === 'tool_result')
    .map((b) => textOf(b.content));
}

/** What the model saw after its read: the tool result's text and any text that followed it. */
export interface AfterRead {
  result: string;
  /** Text messages or blocks after the tool result (where hosts put a hook's additional context). */
  after: string;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b: { type?: string; text?: string; content?: unknown }) => (b.type === 'text' ? (b.text ?? '') : b.type === 'tool_result' ? '' : textOf(b.content)))
      .join('\n');
  return '';
}

export function afterRead(server: ScriptedAnthropic): AfterRead {
  const turns = server.agentTurns();
  const last = turns[turns.length - 1] as { messages: { content: unknown }[]; system?: unknown };
  let result = '';
  const after: string[] = [];
  for (const message of last.messages) {
    const blocks = Array.isArray(message.content) ? (message.content as { type: string; content?: unknown }[]) : [];
    const tool = blocks.find((b) => b.type === 'tool_result');
    if (tool) {
      result = textOf(tool.content);
      after.push(textOf(blocks.filter((b) => b !== tool)));
    } else if (result) {
      after.push(textOf(message.content));
    }
  }
  return { result, after: after.join('\n') };
}

/** Runs an agent CLI once in `project`, with a home of its own, until its single turn ends; its stdout. */
async function runAgent(bin: string, args: string[], project: string, env: Record<string, string>): Promise<string> {
  mkdirSync(path.join(project, '.home'), { recursive: true });
  const ran = run(binary(bin), args, { cwd: project, timeout: 150_000, env: { ...projectEnv(project), TMPDIR: project, ...env } });
  // Nothing comes on stdin (Codex reads a prompt from it until it ends).
  ran.child.stdin?.end();
  return (await ran).stdout;
}

/** A run of a CLI: the prompt (default: read the file; `/compact` compacts), and the session it goes on with. */
export interface AgentRun {
  prompt?: string;
  /** Claude Code: the session to resume; the Copilot CLI: the session's id (a UUID), new or resumed. */
  session?: string;
}

/** Claude Code's run; the session's id. */
export async function claudeCode(project: string, server: ScriptedAnthropic, allowedTools = 'Read', options: AgentRun = {}): Promise<string> {
  const resume = options.session ? ['--resume', options.session] : [];
  const stdout = await runAgent(
    '.bin/claude',
    ['-p', options.prompt ?? 'Read the file I named.', '--output-format', 'json', '--allowedTools', allowedTools, ...resume],
    project,
    {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'dummy',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  );
  return (JSON.parse(stdout) as { session_id: string }).session_id;
}

export async function copilotCli(project: string, server: ScriptedAnthropic, options: AgentRun = {}): Promise<void> {
  // --trust-folder cannot go with --session-id: COPILOT_ALLOW_ALL trusts the folder instead.
  const session = options.session ? ['--session-id', options.session] : ['--trust-folder'];
  await runAgent(
    '@github/copilot-linux-x64/copilot',
    ['-p', options.prompt ?? 'Read the file I named.', '--allow-all-tools', ...session, '--no-auto-update', '--disable-client-telemetry'],
    project,
    {
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_TYPE: 'anthropic',
      COPILOT_PROVIDER_BASE_URL: server.url,
      COPILOT_PROVIDER_API_KEY: 'dummy',
      COPILOT_MODEL: 'claude-sonnet-4.5',
      COPILOT_AUTO_UPDATE: 'false',
      ...(options.session ? { COPILOT_ALLOW_ALL: 'true' } : {}),
    },
  );
}

/**
 * Points the Codex CLI at the scripted server (a provider of its own, a model its catalog knows,
 * so that it offers its real tools), tells it when and how to compact (the server's limit and
 * prompt: it compacts where the script's answer says the context is full) and trusts the project,
 * so that the project's .codex/ is read: the test's own choice, as a person makes it in Codex.
 */
export function codexConfig(project: string, server: ScriptedResponses): void {
  const home = path.join(project, '.home', '.codex');
  mkdirSync(home, { recursive: true });
  const config = [
    'model = "gpt-5.5"',
    'model_provider = "scripted"',
    `model_auto_compact_token_limit = ${CODEX_COMPACTION.limit}`,
    `compact_prompt = ${JSON.stringify(CODEX_COMPACTION.prompt)}`,
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = "${server.url}"`,
    'env_key = "SCRIPTED_KEY"',
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    `[projects.${JSON.stringify(project)}]`,
    'trust_level = "trusted"',
    '',
  ];
  writeFileSync(path.join(home, 'config.toml'), config.join('\n'));
}

/** The Codex CLI, once (`resume`: going on with its last session), with its hooks run without a person's review: the test's own choice (`--dangerously-bypass-hook-trust`), never Skim's. */
export async function codexCli(project: string, resume = false): Promise<void> {
  await runAgent(
    '.bin/codex',
    [
      'exec',
      '--skip-git-repo-check',
      '--sandbox',
      'danger-full-access',
      '--dangerously-bypass-hook-trust',
      ...(resume ? ['resume', '--last'] : []),
      'Do what the script says.',
    ],
    project,
    { SCRIPTED_KEY: 'dummy' },
  );
}

/** The Gemini CLI's own settings for a run against the scripted server: an API key, no folder-trust prompt, nothing sent anywhere. */
export function geminiSettings(project: string): void {
  const home = path.join(project, '.home', '.gemini');
  mkdirSync(home, { recursive: true });
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    telemetry: { enabled: false },
    general: { disableAutoUpdate: true },
  };
  writeFileSync(path.join(home, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

export async function geminiCli(project: string, server: ScriptedGemini): Promise<void> {
  await runAgent('.bin/gemini', ['-p', 'Do what the script says.', '--yolo'], project, { GEMINI_API_KEY: 'dummy', GOOGLE_GEMINI_BASE_URL: server.url });
}

/**
 * Adds, beside Skim's hook in the project's hook file for `host`, a hook of the test's own on
 * `events` (by default the host's post-tool event), for every tool, that keeps each payload it is
 * given (one JSON a line in `log`) and answers nothing: what the host sends, whatever Skim makes of it.
 */
export function keepPayloads(project: string, host: 'codex' | 'gemini', log: string, events = [host === 'codex' ? 'PostToolUse' : 'AfterTool']): void {
  const file = host === 'codex' ? path.join(project, '.codex', 'hooks.json') : path.join(project, '.gemini', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, unknown[]> };
  const keep = `${JSON.stringify(process.execPath)} -e ${JSON.stringify(`require('fs').appendFileSync(${JSON.stringify(log)}, require('fs').readFileSync(0, 'utf8').replace(/\\n/g, ' ') + '\\n')`)}`;
  for (const event of events) settings.hooks[event] = [...(settings.hooks[event] ?? []), { matcher: '.*', hooks: [{ type: 'command', command: keep }] }];
  writeFileSync(file, JSON.stringify(settings, null, 2));
}

/** The payloads `keepPayloads` kept, in order. */
export function keptPayloads(
  log: string,
): { hook_event_name?: string; source?: string; trigger?: string; tool_name?: string; tool_input?: Record<string, unknown>; tool_response?: unknown }[] {
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, never>)
    : [];
}
