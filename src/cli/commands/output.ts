import { ToolDeclaration } from '../../core/tools/declaration';
import type { ToolHost } from '../../core/tools/host';
import { resultText, ToolError, ToolResult } from '../../core/tools/result';
import { nameOnOneLine } from '../../core/map/controls';
import { ParsedArgs } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';
import { commandHost } from '../toolHost';

/** Runs one tool for a command and prints its answer: the text, or with `--json` its data. A tool's error is the command's failure (exit 1). */
export async function printResult<R extends ToolResult>(io: Io, json: boolean, work: () => Promise<R>): Promise<R> {
  let result: R;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof ToolError) throw new CommandFailed(nameOnOneLine(error.reason));
    throw error;
  }
  io.out(json ? JSON.stringify(result.json) : resultText(result));
  return result;
}

/** A command that is a declared tool: its input, as the command's arguments give it, run on the command's host (with what the command adds to it) and printed. */
export function printTool<I, R extends ToolResult>(
  tool: ToolDeclaration<I, R>,
  input: I,
  args: ParsedArgs,
  session: Session,
  io: Io,
  extra: Partial<ToolHost> = {},
): Promise<R> {
  const json = args.flags.has('json');
  const host = { ...commandHost(session, json), ...extra };
  return printResult(io, json, () => tool.run(host, input));
}
