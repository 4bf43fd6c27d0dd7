import * as vscode from 'vscode';
import { safeUrl, TeamCache } from '../../core/cache/teamCache';
import { resultText, ToolError } from '../../core/tools/result';
import { forgetTeamFile } from '../../core/tools/team';
import { commandTarget } from '../commands/commandTarget';
import { CommandHandlers } from '../commands/ids';
import { SkimConfiguration } from '../settings/configuration';
import { SkimLog } from '../user/log';
import { settings } from '../settings/settings';
import { trusted, waitsForTrust, whenTrusted } from '../workspace/trust';
import { WorkspaceMaps } from '../workspace/workspaceMaps';

const PASSWORD_SECRET = 'skim.teamCache.password';

/** skim.teamCache.url with the password kept in SecretStorage put back in, or undefined when unset. */
async function teamUrl(secrets: vscode.SecretStorage): Promise<string | undefined> {
  const configured = settings().teamCacheUrl;
  if (!configured) return undefined;
  const password = await secrets.get(PASSWORD_SECRET);
  if (!password) return configured;
  try {
    const url = new URL(configured);
    if (!url.password) url.password = password;
    return url.toString();
  } catch {
    return configured;
  }
}

/**
 * The team cache follows skim.teamCache.url. "Skim Setup: Set Team Cache URL" takes a whole
 * `postgres://` URL and splits it: the password goes to SecretStorage, the rest to the setting,
 * so no credential lands in a settings file. Team hits and misses go to the output channel; the
 * rows this user refused are remembered in the global storage, for every window.
 * "Skim: Forget This File in the Team Cache" removes the team's rows for a file's version.
 */
export function registerTeamCache(
  context: vscode.ExtensionContext,
  configuration: SkimConfiguration,
  workspace: WorkspaceMaps,
  log: SkimLog,
): { disposables: vscode.Disposable[]; commands: CommandHandlers<'skim.setTeamCacheUrl' | 'skim.forgetTeamFile'> } {
  let team: TeamCache | undefined;
  const apply = async () => {
    // Maps of a workspace not trusted yet are neither published to the team nor taken from it.
    const url = trusted() ? await teamUrl(context.secrets) : undefined;
    if (!trusted() && settings().teamCacheUrl) log.line('this workspace is not trusted, so the team cache waits until it is.');
    if (url && /:\/\/[^/@]*:[^/@]+@/.test(settings().teamCacheUrl)) {
      log.warnOnce(
        'team-password-in-settings',
        'skim.teamCache.url holds a password: run "Skim Setup: Set Team Cache URL" to move it to VS Code\'s secret storage.',
      );
    }
    team = url
      ? new TeamCache({
          url,
          warn: (m) => log.warn('team-cache', `the team cache failed: ${m}`),
          onLookup: (hit, key) => log.line(`team cache ${hit ? 'hit' : 'miss'}: ${key}`),
          refusalsFolder: context.globalStorageUri.fsPath,
        })
      : undefined;
    workspace.setTeam(team);
    if (url) log.line(`team cache: ${safeUrl(url)}`);
  };
  void apply();
  configuration.onDidChange((changed) => {
    if (changed.has('teamCacheUrl')) void apply();
  });
  const disposables = [
    whenTrusted(apply),
    context.secrets.onDidChange((event) => {
      if (event.key === PASSWORD_SECRET) void apply();
    }),
  ];
  const commands = {
    'skim.setTeamCacheUrl': async () => {
      const input = await vscode.window.showInputBox({
        title: 'Skim: the team cache (PostgreSQL)',
        prompt: "postgres://user:password@host:5432/database. The password is kept in VS Code's secret storage; empty turns the team cache off.",
        ignoreFocusOut: true,
        password: true,
      });
      if (input === undefined) return;
      const config = vscode.workspace.getConfiguration('skim.teamCache');
      if (!input.trim()) {
        await context.secrets.delete(PASSWORD_SECRET);
        await config.update('url', undefined, vscode.ConfigurationTarget.Global);
        return;
      }
      let url: URL;
      try {
        url = new URL(input.trim());
      } catch {
        void vscode.window.showWarningMessage('Skim: that is not a postgres:// URL.');
        return;
      }
      if (url.password) await context.secrets.store(PASSWORD_SECRET, decodeURIComponent(url.password));
      url.password = '';
      await config.update('url', url.toString(), vscode.ConfigurationTarget.Global);
    },
    'skim.forgetTeamFile': async (uri?: vscode.Uri) => {
      const file = commandTarget(workspace, uri);
      if (!file) return undefined;
      if (!team) {
        void vscode.window.showWarningMessage(
          trusted() ? 'Skim: no team cache is configured; run "Skim Setup: Set Team Cache URL" first.' : waitsForTrust('Skim: the team cache'),
        );
        return undefined;
      }
      try {
        const done = resultText(await forgetTeamFile(workspace.context(file.folder), team, file));
        log.line(done);
        void vscode.window.showInformationMessage(`Skim: ${done}`);
        return done;
      } catch (error) {
        const failed = `Skim ${error instanceof ToolError ? error.reason : `could not forget ${file.key} in the team cache: ${(error as Error).message}`}`;
        log.line(failed);
        void vscode.window.showWarningMessage(failed);
        return failed;
      }
    },
  };
  return { disposables, commands };
}
