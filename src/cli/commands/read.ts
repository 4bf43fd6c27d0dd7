import { readFileTool } from '../../core/tools/declared/readFile';
import { ParsedArgs, positiveInt } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

export async function readCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath] = args.positionals;
  const input = { filePath, startLine: positiveInt(args.flags, 'offset'), lineCount: positiveInt(args.flags, 'limit') };
  const { read } = await printTool(readFileTool, input, args, session, io);
  if (read.outcome === 'unmapped') io.warn(`no map for ${session.project.file(filePath, session.cwd).key}: ${read.reason}; the read was not shortened`);
}
