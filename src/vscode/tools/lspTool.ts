import * as vscode from 'vscode';
import { FactOp } from '../../core/facts/facts';
import { renderFacts } from '../../core/facts/text';
import { screened } from '../../core/screen/screen';
import { innermost } from '../../core/map/tree';
import { Region } from '../../core/map/types';
import { Project } from '../../core/project';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { regionsForSearch } from '../../core/search/regions';
import { SearchHit } from '../../core/search/search';
import { factsFallbackText, lspPositions, verifiedCall } from '../../core/tools';
import { askLanguageServer, ServerAnswer } from '../languageServer';
import { settings } from '../settings';
import { WorkspaceFile, WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

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
    if (!regions.has(file.key)) regions.set(file.key, await regionsForSearch(await workspace.storedMaps(file.folder))(file));
    const document = await vscode.workspace.openTextDocument(location.uri);
    const text = line <= document.lineCount ? document.lineAt(line - 1).text.trim() : '';
    hits.push({ path: file.key, line, text: text.length > 300 ? `${text.slice(0, 300)}…` : text, region: innermost(regions.get(file.key) ?? [], line) });
  }
  return hits;
}

function fallback(workspace: WorkspaceMaps, file: WorkspaceFile, input: LspInput, why: string): Promise<string> {
  return workspace
    .storedMaps(file.folder)
    .then((maps) =>
      factsFallbackText(new Project(file.folder.uri.fsPath), maps, file, input, why, { candidates: vscodeRipgrepCandidates(vscode.env.appRoot) }),
    );
}

/**
 * skim_lsp: a fact about the symbol the model names on a line, from the user's language server
 * (definition, references, implementations, type, callers), each location in its region; with
 * no server, or none answering in time, the outlines and search stand in, labelled.
 */
export function lspTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<LspInput> {
  return {
    prepareInvocation(options) {
      return {
        invocationMessage: `Asking for the ${options.input.op} of ${options.input.symbol}`,
        pastTenseMessage: `Asked for the ${options.input.op} of ${options.input.symbol}`,
      };
    },
    async invoke(options, token) {
      const input = options.input;
      const file = workspace.resolve(input.filePath);
      const uri = vscode.Uri.file(file.absolute);
      const document = await vscode.workspace.openTextDocument(uri);
      const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
      const candidates = lspPositions(lines, input, file.key);
      const verified = await verifiedCall(file, input);
      const { timeoutMs } = settings().lsp;
      // Each occurrence on the line in turn (at most three) until the server answers: the first may stand in a string.
      let at = candidates[0];
      let answer: ServerAnswer | undefined;
      for (const candidate of candidates.slice(0, 3)) {
        at = candidate;
        answer = await askLanguageServer(input.op, uri, new vscode.Position(at.line - 1, at.column - 1), timeoutMs).catch(() => undefined);
        if (!answer || answer.locations.length > 0 || answer.hover) break;
      }
      if (!answer || (answer.locations.length === 0 && !answer.hover)) {
        const why = answer
          ? `the language server for ${document.languageId} found nothing`
          : `no language server for ${document.languageId} answered within ${timeoutMs / 1000} s`;
        workspace.log.line(`skim_lsp ${input.op} ${input.symbol} in ${file.key}: ${why}; outlines and search stand in`);
        return toolResult(verified + (await fallback(workspace, file, input, why)), options, token);
      }
      const locations = await hitsOf(workspace, answer);
      const text = renderFacts({
        ...input,
        path: file.key,
        source: 'language server',
        column: at.column,
        foundLine: at.line,
        locations,
        total: answer.locations.length,
        hover: answer.hover,
      });
      return toolResult(verified + (await screened(text)), options, token);
    },
  };
}
