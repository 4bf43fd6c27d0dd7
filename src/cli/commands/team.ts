import { forgetTeamFile } from '../../core/tools/team';
import { ParsedArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

const TEAM_USAGE = 'skim team forget FILE [--json]';

/** `skim team forget FILE`: removes the team cache's rows for the file's current version, every producer's. */
export async function teamCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [action, target, extra] = args.positionals;
  if (action !== 'forget' || !target || extra !== undefined) throw new UsageError(TEAM_USAGE);
  const team = session.team;
  if (!team) throw new CommandFailed('no team cache is configured: set SKIM_TEAM_CACHE_URL to its postgres:// URL');
  const file = session.project.file(target, session.cwd);
  if (!file.inside) throw new CommandFailed(`${target} is outside the project (${session.project.root}); Skim reads only files inside it`);
  await printResult(io, args.flags.has('json'), () => forgetTeamFile(session.ctx, team, file));
}
