import { FACT_OPS, isFactOp } from '../../core/facts/facts';
import { lspTool } from '../../core/tools/declared/lsp';
import { lineArg, ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

/** `skim lsp`: skim_lsp on a host with no language server: declarations and text matches, labelled, after the same checks of the call. */
export async function lspCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, lineText, symbol, op] = args.positionals;
  const line = lineArg(lineText);
  if (!isFactOp(op)) throw new UsageError(`OP must be one of ${FACT_OPS.join(', ')}, not ${JSON.stringify(op)}`);
  await printTool(lspTool, { filePath, line, symbol, op }, args, session, io);
}
