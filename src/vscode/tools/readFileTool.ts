import * as vscode from 'vscode';
import { readFileText, ReadInput } from '../../core/tools';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

export interface ReadFileInput extends ReadInput {
  filePath: string;
}

/** skim_read_file: a read with the guard applied, exactly as the CLI's `skim read`. */
export function readFileTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<ReadFileInput> {
  return {
    prepareInvocation(options) {
      const { filePath, startLine, lineCount, endLine } = options.input;
      const range = endLine
        ? `, lines ${startLine ?? 1}-${endLine}`
        : lineCount
          ? `, ${lineCount} lines from ${startLine ?? 1}`
          : startLine
            ? ` from line ${startLine}`
            : '';
      return { invocationMessage: `Reading ${filePath}${range}`, pastTenseMessage: `Read ${filePath}${range}` };
    },
    async invoke(options, token) {
      const file = workspace.resolve(options.input.filePath);
      // The map source carries the cancellation token to the model call itself.
      const maps = workspace.mapSource(file, token);
      const { text, read } = await readFileText(maps, file, options.input, { lineLimit: settings().lineLimit });
      if (read.outcome === 'unmapped') workspace.log.warnOnce(`unmapped:${read.reason}`, `no map for ${file.key}: ${read.reason}. The read was not shortened.`);
      if (read.capped && read.askedEnd !== undefined) {
        const map = text.indexOf('\n\nMap of ');
        await workspace.recordShortened(file, [read.start, read.end], read.askedEnd, map === -1 ? '' : text.slice(map + 2));
      }
      return toolResult(text, options, token);
    },
  };
}
