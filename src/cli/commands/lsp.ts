import { FACT_OPS, isFactOp } from '../../core/facts/facts';
import { factsFallback } from '../../core/tools/lsp';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

/** `skim lsp`: the language-server rung's stand-in (the command has no language server): declarations and text matches, labelled. */
export async function lspCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText, symbol, op] = args.positionals;
  if (!/^\d+$/.test(lineText)) throw new UsageError(`LINE must be a whole number from 1, not ${JSON.stringify(lineText)}`);
  if (!isFactOp(op)) throw new UsageError(`OP must be one of ${FACT_OPS.join(', ')}, not ${JSON.stringify(op)}`);
  const file = session.project.file(target, session.cwd);
  const input = { line: Number(lineText), symbol, op };
  const why = 'the skim command has no language server';
  const outlines = await session.outlines();
  await printResult(io, args.flags.has('json'), () =>
    factsFallback(session.ctx, session.project, session.maps, file, input, why, { env: session.env }, [], outlines),
  );
}
