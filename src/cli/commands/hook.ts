import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { guardedRead } from '../../core/guard/guard';
import { hookAnswer } from '../../core/hook/answer';
import { hookCommand, hookPlace, hookStateDir, installHook, INSTALL_HOSTS, INSTALL_SCOPES, InstallHost, InstallScope, removeHook } from '../../core/hook/install';
import { parsePayload } from '../../core/hook/payload';
import { RemoteMaps } from '../../core/hook/remoteMaps';
import { Project } from '../../core/project';
import { ParsedArgs, stringFlag, UsageError } from '../args';
import { Io } from '../io';
import { defaultRoot, openSession } from '../session';

/** How long the hook may spend on a map; the hosts wait 30 s before giving up on a hook. */
const DEFAULT_HOOK_BUDGET_MS = 20_000;

/**
 * `skim hook`: one PreToolUse payload on stdin, the host's answer on stdout. It never blocks a
 * read and never exits with a blocking code: whatever goes wrong, the read goes ahead and
 * stderr says why.
 */
export async function runHook(io: Io, env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  const parsed = parsePayload(await io.stdin(), cwd);
  if (parsed.kind === 'pass') {
    io.warn(`hook: ${parsed.why}; the call goes ahead untouched`);
    return;
  }
  const call = parsed.read;
  // With an extension running for the file's workspace folder, that folder is the project, as in VS Code.
  const extension = RemoteMaps.find(call.file);
  const root = extension?.folder ?? defaultRoot(call.cwd);
  const file = new Project(root).file(call.file);
  if (!file.inside) {
    io.warn(`hook: ${call.file} is outside the project ${root}; the read goes ahead untouched`);
    return;
  }
  const budget = Number(env.SKIM_HOOK_BUDGET_MS) > 0 ? Number(env.SKIM_HOOK_BUDGET_MS) : DEFAULT_HOOK_BUDGET_MS;
  // The extension's vscode.lm model maps the file; this process keeps to tree-sitter if it must stand in.
  const localEnv = extension ? { ...env, SKIM_MODEL_URL: '' } : { ...env, SKIM_MODEL_TIMEOUT_MS: String(Math.min(budget, Number(env.SKIM_MODEL_TIMEOUT_MS) || budget)) };
  const session = await openSession({ root, cacheDir: env.SKIM_CACHE_DIR }, localEnv, call.cwd, (m) => io.warn(`hook: ${m}`));
  try {
    const maps = extension ? new RemoteMaps(session.maps, budget) : session.maps;
    const read = await guardedRead(maps, file, { offset: call.offset, limit: call.limit, returnLines: false });
    if (read.outcome === 'unreadable') io.warn(`hook: ${read.reason}; the read goes ahead untouched`);
    const answer = hookAnswer(call, read);
    if (answer) io.out(JSON.stringify(answer));
  } finally {
    await session.close();
  }
}

/** The `skim` bundle this code runs in (dist/cli.js), also when tests run it from the compiled sources. */
function cliBundle(): string {
  const bundled = path.join(__dirname, 'cli.js');
  return existsSync(bundled) ? bundled : path.resolve(__dirname, '../../../../dist/cli.js');
}

/** `skim hook install|remove [--host vscode|claude|copilot-cli] [--scope workspace|user]`. */
export function installCommand(action: 'install' | 'remove', args: ParsedArgs, io: Io, env: NodeJS.ProcessEnv, cwd: string): void {
  const host = (stringFlag(args.flags, 'host') ?? 'vscode') as InstallHost;
  const scope = (stringFlag(args.flags, 'scope') ?? 'workspace') as InstallScope;
  if (!INSTALL_HOSTS.includes(host)) throw new UsageError(`--host must be one of ${INSTALL_HOSTS.join(', ')}`);
  if (!INSTALL_SCOPES.includes(scope)) throw new UsageError(`--scope must be one of ${INSTALL_SCOPES.join(', ')}`);
  const root = path.resolve(cwd, stringFlag(args.flags, 'root') ?? defaultRoot(cwd));
  const place = hookPlace(host, scope, root, env);
  const state = hookStateDir(env);
  const change = action === 'install' ? installHook(place, hookCommand(process.execPath, cliBundle()), state) : removeHook(place, state);
  const verb = action === 'install' ? (change.changed ? 'installed in' : 'already installed in') : change.changed ? 'removed from' : 'not found in';
  io.out(`Skim's read hook for ${host} (${scope}) ${verb} ${change.file}`);
}
