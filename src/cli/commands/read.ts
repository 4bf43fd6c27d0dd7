import { readFileTool } from '../../core/tools/declared/readFile';
import { MAIN_CONTEXT } from '../../core/ledger/sessionLedger';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

/** `skim read FILE`: a guarded read; with `--session ID` (and `--agent NAME`), recorded in that session's ledger and noted where its context holds the lines. */
export async function readCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath] = args.positionals;
  const input = toolInput(readFileTool, args, { filePath }, { offset: 'startLine', limit: 'lineCount' });
  const id = args.flags.get('session');
  const agent = args.flags.get('agent');
  if (id === true || id === '' || agent === true || agent === '' || (agent !== undefined && id === undefined))
    throw new UsageError("--session takes the agent session's id (and --agent the id of a subagent in it): skim read FILE --session ID [--agent ID]");
  const ledger = id === undefined ? undefined : { session: id, context: typeof agent === 'string' ? agent : MAIN_CONTEXT, env: session.env };
  const { read } = await printTool(readFileTool, input, args, session, io, ledger ? { ledger } : {});
  if (read.outcome === 'unmapped') io.warn(`no map for ${session.project.file(filePath, session.cwd).key}: ${read.reason}; the read was not shortened`);
}
