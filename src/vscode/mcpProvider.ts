import * as path from 'node:path';
import * as vscode from 'vscode';

/** Offers `skim mcp` to VS Code's MCP support, for sessions and agents that cannot see extension tools. */
export function registerMcpServer(extensionPath: string, version: string): vscode.Disposable {
  return vscode.lm.registerMcpServerDefinitionProvider('skim.mcp', {
    provideMcpServerDefinitions() {
      const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
      const args = [path.join(extensionPath, 'dist', 'cli.js'), 'mcp', ...(folder ? ['--root', folder.uri.fsPath] : [])];
      // VS Code's own runtime runs the server as Node; no other Node need be installed.
      return [new vscode.McpStdioServerDefinition('Skim', process.execPath, args, { ELECTRON_RUN_AS_NODE: '1' }, version)];
    },
  });
}
