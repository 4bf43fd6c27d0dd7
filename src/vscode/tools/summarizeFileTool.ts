import { summarizeFile } from '../../core/tools/maps';
import { WorkspaceMaps } from '../workspaceMaps';
import { LmTool } from './table';

export interface SummarizeFileInput {
  filePath: string;
}

/** skim_summarize_file: a file's prose and whole map; cache first, one model call on a miss. */
export function summarizeFileTool(workspace: WorkspaceMaps): LmTool<SummarizeFileInput> {
  return {
    messages: (input) => ({ invocation: `Mapping ${input.filePath}`, past: `Mapped ${input.filePath}` }),
    async invoke(input, token) {
      const file = workspace.resolve(input.filePath);
      return summarizeFile(workspace.context(file.folder), workspace.mapSource(file, token), file);
    },
  };
}
