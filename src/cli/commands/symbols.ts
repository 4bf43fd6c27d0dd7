import { findSymbolTool } from '../../core/tools/declared/findSymbol';
import { listSymbolsTool } from '../../core/tools/declared/listSymbols';
import { ParsedArgs } from '../args';
import { nameOnOneLine } from '../../core/map/controls';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

/** `skim symbols FILE`: skim_list_symbols, the file's outline from its parser. */
export async function symbolsCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  await printTool(listSymbolsTool, { filePath: args.positionals[0] }, args, session, io);
}

/** `skim symbol FILE NAME`: skim_find_symbol, one declaration's lines by its name. */
export async function symbolCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, name] = args.positionals;
  const { json } = await printTool(findSymbolTool, { filePath, name }, args, session, io);
  // As grep does: nothing found is exit 1, the declarations it has printed.
  if (json.found.length === 0)
    throw new CommandFailed(`no declaration named "${nameOnOneLine(name)}" in ${nameOnOneLine(json.path)}: its declarations are listed above`);
}
