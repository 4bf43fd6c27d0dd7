import type { ReadFileInput } from '../../core/tools/declared/readFile';
import type { ReadResult } from '../../core/tools/read';
import type { ToolResult } from '../../core/tools/result';
import type { WorkspaceMaps } from '../workspace/workspaceMaps';

/** What the extension does once a declared tool has answered, beyond showing the answer. */
export type AfterCall<I, R extends ToolResult = ToolResult> = (workspace: WorkspaceMaps, input: I, result: R) => Promise<void>;

/** A read the guard could not map says so once; a shortened read is counted for Show Savings. */
const afterRead: AfterCall<ReadFileInput, ReadResult> = async (workspace, input, result) => {
  const file = workspace.resolve(input.filePath);
  const { read } = result;
  if (read.outcome === 'unmapped') workspace.log.warnOnce(`unmapped:${read.reason}`, `no map for ${file.key}: ${read.reason}. The read was not shortened.`);
  if (read.capped && read.askedEnd !== undefined) await workspace.recordShortened(file, [read.start, read.end], read.askedEnd, result.mapText);
};

/** What the extension does after a call, by tool name: only the read has anything to do. */
export const AFTER_CALL: Readonly<Record<string, AfterCall<never, never>>> = { skim_read_file: afterRead };
