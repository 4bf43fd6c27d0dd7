import * as vscode from 'vscode';
import { SkimConfiguration } from './configuration';
import { JudgeHolder } from './judge/judgeConfig';
import { registerTeamCache } from './teamCacheConfig';
import { Onboarding } from './onboarding';
import { Savings } from './savings/savings';
import { registerCommands } from './commands';
import { MapCodeLens } from './editor/codeLens';
import { MAP_SCHEME, MapDocuments } from './editor/mapDocument';
import { MapHover } from './editor/hover';
import { MapOutline } from './editor/outline';
import { MapStatusBar } from './editor/statusBar';
import { registerHookCommands } from './hookCommands';
import { HookServer } from './hookServer';
import { SkimLog } from './log';
import { registerMcpServer } from './mcpProvider';
import { registerTools } from './tools/register';
import { WorkspaceMaps } from './workspaceMaps';

/** What the extension exposes to other extensions (and to its tests). */
export interface SkimApi {
  workspace: WorkspaceMaps;
  statusBar: MapStatusBar;
  onboarding: Onboarding;
  savings: Savings;
  /** How long activate() took, in milliseconds. */
  activationMs: number;
}

let workspace: WorkspaceMaps | undefined;

/** Registers and nothing more: grammars and databases load on first use. */
export function activate(context: vscode.ExtensionContext): SkimApi {
  const started = performance.now();
  const log = new SkimLog();
  const configuration = new SkimConfiguration(log);
  const judges = new JudgeHolder(context, configuration, log);
  workspace = new WorkspaceMaps(context.storageUri ?? context.globalStorageUri, log, judges);
  const files: vscode.DocumentSelector = { scheme: 'file' };
  const savings = new Savings(context.workspaceState);
  workspace.savings = savings;
  const statusBar = new MapStatusBar(workspace);
  const onboarding = new Onboarding(context.workspaceState);
  void onboarding.offer();
  context.subscriptions.push(
    log,
    configuration,
    judges,
    workspace,
    statusBar,
    ...registerTools(workspace),
    ...registerCommands(workspace),
    vscode.languages.registerCodeLensProvider(files, new MapCodeLens(workspace)),
    vscode.languages.registerDocumentSymbolProvider(files, new MapOutline(workspace), { label: 'Skim map' }),
    vscode.languages.registerHoverProvider(files, new MapHover(workspace)),
    vscode.workspace.registerTextDocumentContentProvider(MAP_SCHEME, new MapDocuments(workspace)),
    new HookServer(workspace),
    ...registerHookCommands(context.extensionPath, configuration),
    registerMcpServer(context.extensionPath, String(context.extension.packageJSON.version)),
    ...registerTeamCache(context, configuration, workspace, log),
    savings,
    vscode.workspace.onDidGrantWorkspaceTrust(() => void onboarding.offer()),
    vscode.commands.registerCommand('skim.showSavings', async () => {
      const document = await vscode.workspace.openTextDocument({ content: (workspace?.savings ?? savings).render(), language: 'markdown' });
      await vscode.window.showTextDocument(document, { preview: true });
      return document;
    }),
  );
  return { workspace, statusBar, onboarding, savings, activationMs: performance.now() - started };
}

/** Writes what the cache still holds in memory before the host goes away. */
export async function deactivate(): Promise<void> {
  await workspace?.close();
}
