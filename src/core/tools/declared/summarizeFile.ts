import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { FileInput, fileSchema, onFile } from './fileInput';
import { summarizeFile, SummaryResult } from '../maps';
import { readsOf } from './readFile';

/** skim_summarize_file: A file's prose and whole map: cache first, one model call on a miss. */
export const summarizeFileTool: ToolDeclaration<FileInput, SummaryResult> = {
  name: TOOL_NAME.summarizeFile,
  displayName: 'Skim: Summarize File',
  toolReferenceName: 'skimSummarize',
  icon: '$(list-tree)',
  userDescription: "A file's prose and its map of line ranges, cached per project.",
  modelDescription: ({ lineLimit }) =>
    `Get the map of a source file you have not seen, before reading it. A 1,400-line file costs ${readsOf(1_400, lineLimit)}, or this map plus one read of the lines that matter. Returns what the file does and every declaration (imports, classes, functions, methods, types) with its exact line range, and a note where the name does not say it all. Map lines: \`start-end name — note\`; members indented under their parent; a name with no kind word is a function or method. Cached per project: free while the file is unchanged.`,
  inputSchema: fileSchema(),
  showsLines: false,
  over: 'file',
  messages: (input) => ({ invocation: `Mapping ${input.filePath}`, past: `Mapped ${input.filePath}` }),
  run: onFile((host, file) => summarizeFile(host.ctx, host.maps(file), file)),
};
