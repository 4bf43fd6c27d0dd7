import { chmodSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { HookRequest, HookResponse, MAX_MESSAGE_BYTES } from '../../core/hook/remoteMaps';
import { untrustedDirectory } from '../../core/files/trust';
import { socketDirectory, socketPathFor } from '../../core/hook/socketPath';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { makeFolder } from '../../core/files/makeFolder';

/**
 * Answers `skim hook` for this window's workspace folders over a local socket that only this
 * user can reach, so that hooked reads get maps from vscode.lm and from this extension's cache.
 */
export class HookServer implements vscode.Disposable {
  private readonly servers = new Map<string, { server: net.Server; socket: string }>();
  private readonly folders: vscode.Disposable;

  constructor(private readonly workspace: WorkspaceMaps) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) this.open(folder);
    this.folders = vscode.workspace.onDidChangeWorkspaceFolders((e) => {
      for (const folder of e.added) this.open(folder);
      for (const folder of e.removed) this.close(folder.uri.fsPath);
    });
  }

  private open(folder: vscode.WorkspaceFolder): void {
    if (folder.uri.scheme !== 'file') return;
    try {
      this.listen(folder.uri.fsPath);
    } catch (error) {
      // Hooks then use their own cache and tree-sitter; nothing else depends on the socket.
      this.workspace.log.line(`no read hook socket for ${folder.uri.fsPath}: ${(error as Error).message}`);
    }
  }

  private close(folder: string): void {
    const entry = this.servers.get(folder);
    if (!entry) return;
    entry.server.close();
    if (process.platform !== 'win32') rmSync(entry.socket, { force: true });
    this.servers.delete(folder);
  }

  private listen(folder: string): void {
    const socket = socketPathFor(folder);
    if (process.platform !== 'win32') {
      const dir = socketDirectory();
      makeFolder(dir, 0o700);
      // Only a folder this user owns may hold the socket; never chmod or use one somebody else made.
      const untrusted = untrustedDirectory(dir);
      if (untrusted) throw new Error(`${untrusted}; the read hook will use its own cache. Remove that folder to let Skim make its own.`);
      rmSync(socket, { force: true });
    }
    const server = net.createServer((connection) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      const onData = (chunk: Buffer) => {
        const end = chunk.indexOf(0x0a);
        chunks.push(end === -1 ? chunk : chunk.subarray(0, end));
        bytes += chunk.length;
        if (end === -1 && bytes <= MAX_MESSAGE_BYTES) return;
        // One request per connection: whatever follows it is not read, and nothing is answered twice.
        connection.off('data', onData);
        if (end === -1) return void connection.destroy();
        void this.answer(Buffer.concat(chunks).toString('utf8')).then((response) => connection.end(JSON.stringify(response)));
      };
      connection.on('data', onData);
      connection.on('error', () => connection.destroy());
    });
    server.on('error', (error) => this.workspace.log.line(`read hook socket for ${folder}: ${error.message}`));
    server.listen(socket, () => {
      if (process.platform !== 'win32') chmodSync(socket, 0o600);
    });
    this.servers.set(folder, { server, socket });
  }

  private async answer(line: string): Promise<HookResponse> {
    try {
      const request = JSON.parse(line) as HookRequest;
      const file = this.workspace.inWorkspace(vscode.Uri.file(request.file));
      if (!file) return { error: `${request.file} is not inside this VS Code window's workspace` };
      if (request.op === 'record') {
        if (
          Array.isArray(request.shown) &&
          Number.isInteger(request.shown[0]) &&
          Number.isInteger(request.shown[1]) &&
          Number.isInteger(request.askedEnd) &&
          typeof request.map === 'string'
        ) {
          await this.workspace.recordShortened(file, request.shown, request.askedEnd, request.map.slice(0, 64_000));
        }
        return { entry: null };
      }
      const maps = this.workspace.mapSource(file);
      if (request.op === 'cached') return { entry: (await maps.cached(file, request.hash, request.size)) ?? null };
      const budget = Number.isSafeInteger(request.maxModelCalls) ? { maxModelCalls: request.maxModelCalls } : {};
      const outcome = await maps.ensure(file, budget);
      return { entry: outcome.entry, modelCalls: outcome.modelCalls, fromCache: outcome.fromCache, source: outcome.source, fallback: outcome.fallback };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  dispose(): void {
    this.folders.dispose();
    for (const folder of [...this.servers.keys()]) this.close(folder);
  }
}
