import * as vscode from 'vscode';
import { guardedRead } from '../../core/guard/guard';
import { renderRead } from '../../core/present';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

export interface ReadFileInput {
  filePath: string;
  startLine?: number;
  lineCount?: number;
  endLine?: number;
}

/** skim_read_file: a read with the guard applied, exactly as the CLI's `skim read`. */
export function readFileTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<ReadFileInput> {
  return {
    prepareInvocation(options) {
      const { filePath, startLine, lineCount, endLine } = options.input;
      const range = endLine ? `, lines ${startLine ?? 1}-${endLine}` : lineCount ? `, ${lineCount} lines from ${startLine ?? 1}` : startLine ? ` from line ${startLine}` : '';
      return { invocationMessage: `Reading ${filePath}${range}`, pastTenseMessage: `Read ${filePath}${range}` };
    },
    async invoke(options, token) {
      const { filePath, startLine, lineCount, endLine } = options.input;
      const file = workspace.resolve(filePath);
      const offset = startLine ?? 1;
      const limit = lineCount ?? (endLine !== undefined ? Math.max(0, endLine - offset + 1) : undefined);
      const { maps } = await workspace.service(file, token);
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      try {
        const read = await guardedRead(maps, file, { offset, limit, lineLimit: settings().lineLimit, signal: abort.signal });
        if (read.outcome === 'unreadable') throw new Error(`${read.reason}. Check the path (search the workspace for the file name), then call skim_read_file again.`);
        if (read.outcome === 'declined' && read.lines.length === 0 && read.reason?.startsWith('binary')) {
          throw new Error(`${file.key} is a binary file; skim_read_file reads text only.`);
        }
        if (read.outcome === 'unmapped') workspace.log.warnOnce(`unmapped:${read.reason}`, `no map for ${file.key}: ${read.reason}. The read was not shortened.`);
        return await toolResult(renderRead(read), options, token);
      } finally {
        cancel.dispose();
      }
    },
  };
}
