import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { HookRequest, HookResponse } from '../core/hook/remoteMaps';
import { socketDirectory, socketPathFor } from '../core/hook/socketPath';
import { WorkspaceMaps } from './workspaceMaps';

/**
 * Answers `skim hook` for this window's workspace folders over a local socket that only this
 * user can reach, so that hooked reads get maps from vscode.lm and from this extension's cache.
 */
export class HookServer implements vscode.Disposable {
  private readonly servers: { server: net.Server; socket: string }[] = [];

  constructor(private readonly workspace: WorkspaceMaps) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      try {
        this.listen(folder.uri.fsPath);
      } catch (error) {
        // Hooks then use their own cache and tree-sitter; nothing else depends on the socket.
        workspace.log.line(`no read hook socket for ${folder.uri.fsPath}: ${(error as Error).message}`);
      }
    }
  }

  private listen(folder: string): void {
    const socket = socketPathFor(folder);
    if (process.platform !== 'win32') {
      mkdirSync(socketDirectory(), { recursive: true, mode: 0o700 });
      chmodSync(socketDirectory(), 0o700);
      rmSync(socket, { force: true });
    }
    const server = net.createServer((connection) => {
      let buffer = '';
      connection.on('data', (chunk) => {
        buffer += chunk;
        const end = buffer.indexOf('\n');
        if (end === -1) return;
        void this.answer(buffer.slice(0, end)).then((response) => connection.end(JSON.stringify(response)));
      });
      connection.on('error', () => connection.destroy());
    });
    server.on('error', (error) => this.workspace.log.line(`read hook socket for ${folder}: ${error.message}`));
    server.listen(socket, () => {
      if (process.platform !== 'win32') chmodSync(socket, 0o600);
    });
    this.servers.push({ server, socket });
  }

  private async answer(line: string): Promise<HookResponse> {
    try {
      const request = JSON.parse(line) as HookRequest;
      const file = this.workspace.inWorkspace(vscode.Uri.file(request.file));
      if (!file) return { error: `${request.file} is not inside this VS Code window's workspace` };
      const maps = this.workspace.mapSource(file);
      if (request.op === 'cached') return { entry: (await maps.cached(file, request.hash, request.size)) ?? null };
      const outcome = await maps.ensure(file);
      return { entry: outcome.entry, modelCalls: outcome.modelCalls, fromCache: outcome.fromCache, fallback: outcome.fallback };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  dispose(): void {
    for (const { server, socket } of this.servers) {
      server.close();
      if (process.platform !== 'win32') rmSync(socket, { force: true });
    }
  }
}
