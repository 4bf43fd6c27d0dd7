import * as vscode from 'vscode';
import { renderMap } from '../../core/map/render';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

export interface SummarizeFileInput {
  filePath: string;
}

/** skim_summarize_file: a file's prose and whole map; cache first, one model call on a miss. */
export function summarizeFileTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<SummarizeFileInput> {
  return {
    prepareInvocation(options) {
      return { invocationMessage: `Mapping ${options.input.filePath}`, pastTenseMessage: `Mapped ${options.input.filePath}` };
    },
    async invoke(options, token) {
      const file = workspace.resolve(options.input.filePath);
      let outcome;
      try {
        outcome = await workspace.ensure(file, token);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') throw new Error(`${file.key} does not exist. Check the path, then call skim_summarize_file again.`);
        throw new Error(`Skim could not map ${file.key}: ${(error as Error).message}. Read it with skim_read_file instead.`);
      }
      const note = outcome.fallback ? `[skim] Note: ${outcome.fallback}.\n\n` : '';
      return toolResult(note + renderMap(outcome.entry), options, token);
    },
  };
}
