import * as vscode from 'vscode';
import { FactOp } from '../../core/facts/facts';
import { Project } from '../../core/files/project';
import { innermost } from '../../core/map/tree';
import { Region } from '../../core/map/types';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { regionsForSearch } from '../../core/search/regions';
import { SearchHit } from '../../core/search/search';
import { factsAnswer, factsFallback, lspPositions, lspSource, verifiedCall } from '../../core/tools/lsp';
import { TextPart } from '../../core/tools/result';
import { askLanguageServer, ServerAnswer } from '../languageServer';
import { WorkspaceMaps } from '../workspaceMaps';
import { WorkspaceFile } from '../workspacePaths';
import { LmTool } from './table';

export interface LspInput {
  filePath: string;
  line: number;
  symbol: string;
  op: FactOp;
}

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

async function fallback(workspace: WorkspaceMaps, file: WorkspaceFile, input: LspInput, why: string, before: TextPart[]) {
  const ctx = workspace.context(file.folder);
  const project = new Project(file.folder.uri.fsPath);
  const programs = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch };
  const outlines = await workspace.outlines(file.folder);
  return factsFallback(ctx, project, await workspace.storedMaps(file.folder), file, input, why, programs, before, outlines);
}

/**
 * skim_lsp: a fact about the symbol the model names on a line, from the user's language server
 * (definition, references, implementations, type, callers), each location in its region; with
 * no server, none answering in time, or one that failed, the outlines and search stand in, and
 * say which of those it was.
 */
export function lspTool(workspace: WorkspaceMaps): LmTool<LspInput> {
  return {
    messages: (input) => ({ invocation: `Asking for the ${input.op} of ${input.symbol}`, past: `Asked for the ${input.op} of ${input.symbol}` }),
    async invoke(input) {
      const file = workspace.resolve(input.filePath);
      const ctx = workspace.context(file.folder);
      // Skim's own check first: VS Code would open a FIFO or a device as a document, and wait on it.
      await lspSource(file);
      const uri = vscode.Uri.file(file.absolute);
      const document = await vscode.workspace.openTextDocument(uri);
      const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
      const candidates = lspPositions(lines, input, file.key);
      const before = await verifiedCall(ctx, file, input);
      const timeoutMs = ctx.options.lspTimeoutSeconds * 1000;
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
        return fallback(workspace, file, input, reason, before);
      }
      const project = new Project(file.folder.uri.fsPath);
      const locations = await hitsOf(workspace, answer);
      const facts = {
        ...input,
        path: file.key,
        source: 'language server' as const,
        column: at.column,
        foundLine: at.line,
        locations,
        total: answer.locations.length,
        hover: answer.hover,
      };
      return factsAnswer(ctx, project, facts, before);
    },
  };
}
