import { forgetTeamFile } from '../../core/tools/team';
import { ParsedArgs } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

/** `skim team forget FILE`: removes the team cache's rows for the file's current version, every producer's. */
export async function teamCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  const team = session.team;
  if (!team) throw new CommandFailed('no team cache is configured: set SKIM_TEAM_CACHE_URL to its postgres:// URL');
  const file = session.project.file(target, session.cwd);
  await printResult(io, args.flags.has('json'), () => forgetTeamFile(session.ctx, team, file));
}
