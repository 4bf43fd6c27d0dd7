import * as vscode from 'vscode';
import { summarizeFileText } from '../../core/tools';
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
      const maps = workspace.mapSource(file, token);
      return toolResult(await summarizeFileText(maps, file), options, token);
    },
  };
}
