import * as vscode from 'vscode';

/**
 * Restricted Mode (package.json declares `limited` support): in a workspace not trusted yet, Skim
 * offers what runs none of the workspace's code and sends nothing anywhere — maps made from
 * tree-sitter outlines, reads, its tools — and the rest waits for trust: maps written by a model,
 * the judge, the team cache, the MCP server, installing or rewriting a read hook.
 */
export function trusted(): boolean {
  return vscode.workspace.isTrusted;
}

/** What a person is told when something they asked for waits for trust: what, and how to give it. */
export function waitsForTrust(what: string): string {
  return `${what} waits until this workspace is trusted: run "Workspaces: Manage Workspace Trust" to trust it.`;
}

/** Runs `then` once the workspace is trusted (VS Code fires it once, when a person trusts it). */
export function whenTrusted(then: () => unknown): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(then);
}
