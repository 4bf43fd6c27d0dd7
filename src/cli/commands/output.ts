import { resultText, ToolError, ToolResult } from '../../core/tools/result';
import { nameOnOneLine } from '../../core/map/controls';
import { CommandFailed, Io } from '../io';

/** Runs one tool for a command and prints its answer: the text, or with `--json` its data. A tool's error is the command's failure (exit 1). */
export async function printResult(io: Io, json: boolean, work: () => Promise<ToolResult>): Promise<ToolResult> {
  let result: ToolResult;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof ToolError) throw new CommandFailed(nameOnOneLine(error.reason));
    throw error;
  }
  io.out(json ? JSON.stringify(result.json) : resultText(result));
  return result;
}
