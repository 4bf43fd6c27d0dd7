import * as vscode from 'vscode';
import { FactsResult } from '../../core/facts/facts';
import { innermost } from '../../core/map/tree';
import { Region } from '../../core/map/types';
import { regionsForSearch } from '../../core/search/regions';
import { SearchHit } from '../../core/search/searchHits';
import { LspFileInput } from '../../core/tools/declared/lsp';
import { lspPositions } from '../../core/tools/lsp';
import { askLanguageServer, ServerAnswer } from '../language/languageServer';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { WorkspaceFile } from '../workspace/workspacePaths';

const MAX_LOCATIONS = 50;

/** The language server's locations as hits: each with its line's text and its region; a location outside the workspace by its path alone. */
async function hitsOf(workspace: WorkspaceMaps, answer: ServerAnswer): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  const regions = new Map<string, Region[] | null>();
  for (const location of answer.locations.slice(0, MAX_LOCATIONS)) {
    const line = location.range.start.line + 1;
    const file = workspace.inWorkspace(location.uri);
    if (!file) {
      hits.push({ path: location.uri.scheme === 'file' ? location.uri.fsPath : location.uri.toString(), line, text: '', region: null });
      continue;
    }
    if (!regions.has(file.key)) {
      const lines = answer.locations.filter((l) => l.uri.toString() === location.uri.toString()).map((l) => l.range.start.line + 1);
      regions.set(file.key, await regionsForSearch(await workspace.storedMaps(file.folder), await workspace.outlines(file.folder))(file, lines));
    }
    const document = await vscode.workspace.openTextDocument(location.uri);
    const text = line <= document.lineCount ? document.lineAt(line - 1).text.trim() : '';
    hits.push({ path: file.key, line, text: text.length > 300 ? `${text.slice(0, 300)}…` : text, region: innermost(regions.get(file.key) ?? [], line) });
  }
  return hits;
}

/**
 * skim_lsp in VS Code: a fact about the symbol the model names on a line, from the user's language
 * server (definition, references, implementations, type, callers), each location in its region;
 * with no server, none answering in time, or one that failed, the reason, for outlines and search
 * to stand in.
 */
export async function serverFacts(workspace: WorkspaceMaps, file: WorkspaceFile, input: LspFileInput): Promise<FactsResult | { why: string }> {
  const uri = vscode.Uri.file(file.absolute);
  const document = await vscode.workspace.openTextDocument(uri);
  const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
  const candidates = lspPositions(lines, input, file.key);
  const timeoutMs = workspace.context(file.folder).options.lspTimeoutSeconds * 1000;
  // Each occurrence on the line in turn (at most three) until the server answers: the first may stand in a string.
  let at = candidates[0];
  let why: string | undefined;
  let answer: ServerAnswer | undefined;
  for (const candidate of candidates.slice(0, 3)) {
    at = candidate;
    const reply = await askLanguageServer(input.op, uri, new vscode.Position(at.line - 1, at.column - 1), timeoutMs);
    if ('answer' in reply) {
      answer = reply.answer;
      why = undefined;
      if (answer.locations.length > 0 || answer.hover) break;
      why = `the language server for ${document.languageId} found nothing`;
      continue;
    }
    why =
      'timedOut' in reply
        ? `no language server for ${document.languageId} answered within ${timeoutMs / 1000} s`
        : `the language server for ${document.languageId} failed: ${reply.failed}`;
    break;
  }
  if (!answer || why) {
    const reason = why ?? `no language server for ${document.languageId} answered`;
    workspace.log.info(`skim_lsp ${input.op} ${input.symbol} in ${file.key}: ${reason}; outlines and search stand in`);
    return { why: reason };
  }
  return {
    ...input,
    path: file.key,
    source: 'language server' as const,
    column: at.column,
    foundLine: at.line,
    locations: await hitsOf(workspace, answer),
    total: answer.locations.length,
    hover: answer.hover,
  };
}
