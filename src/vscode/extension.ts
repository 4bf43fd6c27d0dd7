import * as vscode from 'vscode';
import { outlineOffThread } from '../core/structural/mapper';
import { SkimConfiguration } from './settings/configuration';
import { settings } from './settings/settings';
import { JudgeHolder } from './judge/judgeConfig';
import { registerTeamCache } from './team/teamCacheConfig';
import { Onboarding } from './hook/onboarding';
import { Savings } from './savings/savings';
import { fileCommands } from './commands/commandTarget';
import { registerCommands } from './commands/table';
import { EditorSurfaces, registerEditor } from './editor/register';
import { MapStatusBar } from './editor/statusBar';
import { readHookCommands } from './hook/hookCommands';
import { HookState } from './hook/hookState';
import { chooseModel } from './model/modelPicker';
import { SavingsView } from './savings/savingsView';
import { HookServer } from './hook/hookServer';
import { SkimLog } from './user/log';
import { registerMcpServer } from './tools/mcpProvider';
import { registerTools } from './tools/register';
import { registerChatParticipant } from './chat/participant';
import { WorkspaceMaps } from './workspace/workspaceMaps';

/** What the extension exposes to other extensions (and to its tests). */
export interface SkimApi {
  workspace: WorkspaceMaps;
  statusBar: MapStatusBar;
  onboarding: Onboarding;
  savings: Savings;
  savingsView: SavingsView;
  hook: HookState;
  editor: Omit<EditorSurfaces, 'disposables' | 'commands'>;
  /** How long activate() took, in milliseconds. */
  activationMs: number;
  /** How long evaluating the bundle's modules took before activate() (main.ts), in milliseconds. */
  loadMs: number;
}

let workspace: WorkspaceMaps | undefined;

/** Registers and nothing more: grammars and databases load on first use. */
export function activate(context: vscode.ExtensionContext): Omit<SkimApi, 'loadMs'> {
  const started = performance.now();
  // A parse on the extension host's thread would hold every extension and the editor's answers with it.
  outlineOffThread();
  const log = new SkimLog();
  const configuration = new SkimConfiguration(log);
  const judges = new JudgeHolder(context, configuration, log);
  const savings = new Savings(context.workspaceState);
  workspace = new WorkspaceMaps(context.storageUri ?? context.globalStorageUri, log, judges, savings);
  const hook = new HookState();
  const { disposables: editorDisposables, commands: editorCommands, ...editor } = registerEditor(workspace, hook, configuration);
  const maps = workspace;
  const savingsView = new SavingsView(savings, (names) => maps.shownNames(names));
  const onboarding = new Onboarding(context.workspaceState, log.messages);
  const firstRun = () => settings().offerReadHook && void onboarding.offer();
  firstRun();
  const team = registerTeamCache(context, configuration, workspace, log);
  context.subscriptions.push(
    log,
    configuration,
    judges,
    workspace,
    hook,
    ...editorDisposables,
    ...registerTools(workspace),
    registerChatParticipant(workspace, context.extension, log),
    new HookServer(workspace),
    registerMcpServer(context.extensionPath, String(context.extension.packageJSON.version), configuration),
    ...team.disposables,
    savings,
    savingsView,
    vscode.workspace.onDidGrantWorkspaceTrust(firstRun),
    // Every command, from one table: each part gives its own handlers.
    ...registerCommands({
      ...fileCommands(workspace),
      ...editorCommands,
      ...readHookCommands(context.extensionPath, configuration),
      ...team.commands,
      'skim.chooseModel': chooseModel,
      'skim.setJudgeKey': () => judges.setKey(),
      'skim.showSavings': () => savingsView.show(),
    }),
  );
  return { workspace, statusBar: editor.statusBar, onboarding, savings, savingsView, hook, editor, activationMs: performance.now() - started };
}

/** Writes what the cache still holds in memory before the host goes away. */
export async function deactivate(): Promise<void> {
  await workspace?.close();
}
