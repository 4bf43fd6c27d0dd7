import { FACT_OPS, isFactOp } from '../../core/facts/facts';
import { factsFallbackText, ToolError } from '../../core/tools';
import { ParsedArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';

/** `skim lsp`: the language-server rung's stand-in (the command has no language server): declarations and text matches, labelled. */
export async function lspCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText, symbol, op, ...extra] = args.positionals;
  if (!target || !/^\d+$/.test(lineText ?? '') || !symbol || !isFactOp(op) || extra.length)
    throw new UsageError(`skim lsp FILE LINE SYMBOL OP (OP: ${FACT_OPS.join(', ')})`);
  const file = session.project.file(target, session.cwd);
  try {
    io.out(
      await factsFallbackText(session.project, session.maps, file, { line: Number(lineText), symbol, op }, 'the skim command has no language server', {
        env: session.env,
      }),
    );
  } catch (error) {
    if (error instanceof ToolError) throw new CommandFailed(error.message);
    throw error;
  }
}
