import * as path from 'node:path';
import * as vscode from 'vscode';
import { SkimConfiguration } from '../settings/configuration';
import { settings } from '../settings/settings';
import { trusted, whenTrusted } from '../workspace/trust';

/**
 * Offers `skim mcp` to VS Code's MCP servers when skim.mcp.offerServer is on, for chat sessions
 * that cannot see extension tools (a Copilot CLI or Claude session inside VS Code reaches VS
 * Code's MCP servers through its gateway). Off by default: Copilot's own agent already has Skim's
 * tools, and with the server offered it would see every tool twice, and the tool picker two Skim groups.
 */
export function registerMcpServer(extensionPath: string, version: string, configuration: SkimConfiguration): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  configuration.onDidChange((options) => options.has('mcpOfferServer') && changed.fire());
  const provider = vscode.lm.registerMcpServerDefinitionProvider('skim.mcp', {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions() {
      // The server reads settings and runs language servers of its own: not before the workspace is trusted.
      if (!settings().mcpOfferServer || !trusted()) return [];
      const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
      const args = [path.join(extensionPath, 'dist', 'cli.js'), 'mcp', ...(folder ? ['--root', folder.uri.fsPath] : [])];
      // VS Code's own runtime runs the server as Node; no other Node need be installed.
      return [new vscode.McpStdioServerDefinition('Skim', process.execPath, args, { ELECTRON_RUN_AS_NODE: '1' }, version)];
    },
  });
  return vscode.Disposable.from(
    provider,
    changed,
    whenTrusted(() => changed.fire()),
  );
}
