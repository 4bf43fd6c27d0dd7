import * as vscode from 'vscode';
import { FactOp } from '../../core/facts/facts';
import { within } from '../../core/time/deadline';

/**
 * One question to the language servers of the user's own extensions, through VS Code's provider
 * commands: the locations they answer and, for `type`, the hover's text.
 */
export interface ServerAnswer {
  locations: vscode.Location[];
  hover?: string;
}

type Found = vscode.Location | vscode.LocationLink;

const asLocation = (found: Found): vscode.Location =>
  'targetUri' in found ? new vscode.Location(found.targetUri, found.targetSelectionRange ?? found.targetRange) : found;

async function locations(command: string, uri: vscode.Uri, position: vscode.Position): Promise<vscode.Location[]> {
  return ((await vscode.commands.executeCommand<Found[] | undefined>(command, uri, position)) ?? []).map(asLocation);
}

/** A hover's words: markdown and code blocks as text, one paragraph each. */
function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
}

async function ask(op: FactOp, uri: vscode.Uri, position: vscode.Position): Promise<ServerAnswer> {
  switch (op) {
    case 'definition':
      return { locations: await locations('vscode.executeDefinitionProvider', uri, position) };
    case 'references':
      return { locations: await locations('vscode.executeReferenceProvider', uri, position) };
    case 'implementations':
      return { locations: await locations('vscode.executeImplementationProvider', uri, position) };
    case 'type': {
      const hovers = (await vscode.commands.executeCommand<vscode.Hover[] | undefined>('vscode.executeHoverProvider', uri, position)) ?? [];
      return { locations: await locations('vscode.executeTypeDefinitionProvider', uri, position), hover: hoverText(hovers) || undefined };
    }
    case 'callers': {
      const items = (await vscode.commands.executeCommand<vscode.CallHierarchyItem[] | undefined>('vscode.prepareCallHierarchy', uri, position)) ?? [];
      const calls = (
        await Promise.all(
          items.map((item) => vscode.commands.executeCommand<vscode.CallHierarchyIncomingCall[] | undefined>('vscode.provideIncomingCalls', item)),
        )
      ).flatMap((c) => c ?? []);
      return { locations: calls.flatMap((call) => call.fromRanges.map((range) => new vscode.Location(call.from.uri, range))) };
    }
  }
}

/** The server's answer; `timedOut` when none came within `timeoutMs` (the command keeps running, its answer dropped); `failed` with what it threw. */
export type ServerReply = { answer: ServerAnswer } | { timedOut: true } | { failed: string };

export async function askLanguageServer(op: FactOp, uri: vscode.Uri, position: vscode.Position, timeoutMs: number): Promise<ServerReply> {
  try {
    const answer = await within(ask(op, uri, position), timeoutMs);
    return answer ? { answer } : { timedOut: true };
  } catch (error) {
    return { failed: (error as Error).message || String(error) };
  }
}
