import { READ_MAX_BYTES, readFile, ReadInput } from '../../core/tools/read';
import { WorkspaceMaps } from '../workspaceMaps';
import { LmTool } from './table';

export interface ReadFileInput extends ReadInput {
  filePath: string;
}

function range({ startLine, lineCount, endLine }: ReadFileInput): string {
  if (endLine) return `, lines ${startLine ?? 1}-${endLine}`;
  if (lineCount) return `, ${lineCount} lines from ${startLine ?? 1}`;
  return startLine ? ` from line ${startLine}` : '';
}

/** skim_read_file: a read with the guard applied, exactly as the CLI's `skim read`; a shortened read is counted for Show Savings. */
export function readFileTool(workspace: WorkspaceMaps): LmTool<ReadFileInput> {
  return {
    messages: (input) => ({ invocation: `Reading ${input.filePath}${range(input)}`, past: `Read ${input.filePath}${range(input)}` }),
    async invoke(input, token) {
      const file = workspace.resolve(input.filePath);
      // The map source carries the cancellation token to the model call itself.
      const result = await readFile(workspace.context(file.folder), workspace.mapSource(file, token), file, input, {
        maxBytes: READ_MAX_BYTES,
        wholeMap: 'call skim_summarize_file',
      });
      const { read } = result;
      if (read.outcome === 'unmapped') workspace.log.warnOnce(`unmapped:${read.reason}`, `no map for ${file.key}: ${read.reason}. The read was not shortened.`);
      if (read.capped && read.askedEnd !== undefined) await workspace.recordShortened(file, [read.start, read.end], read.askedEnd, result.mapText);
      return result;
    },
  };
}
