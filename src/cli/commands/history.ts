import type { HistoryStatus } from '../../core/history/projectHistory';
import { weightsFrom } from '../../core/locate/learnWeights';
import { counted } from '../../core/map/counts';
import { ParsedArgs } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';
import { sessionHistory } from '../sessionHistory';

const count = (n: number) => n.toLocaleString('en-US');

/** The progress line a terminal shows while the history is read. */
const progressLine = (status: HistoryStatus) =>
  status.state === 'reading' ? `reading the history: ${count(status.commits)}${status.total === undefined ? '' : ` of ${count(status.total)}`} commits` : '';

/**
 * `skim history`: reads the project's git history for locate (what `skim locate` starts in the
 * background on its first run), up to date, showing its progress on a terminal, and says what it
 * holds and what it learned from it.
 */
export async function historyCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const history = sessionHistory(session, true);
  const tty = process.stderr.isTTY === true;
  let shown = '';
  const stop = history.watch((status) => {
    const line = progressLine(status);
    if (!tty || line === shown) return;
    process.stderr.write(`\r\x1b[2K${line}`);
    shown = line;
  });
  let stored;
  try {
    stored = await history.get(true);
  } finally {
    stop();
    if (tty && shown) process.stderr.write('\r\x1b[2K');
  }
  const status = history.status();
  if (!stored) throw new CommandFailed(`no history to read: ${status.reason ?? 'git gave none'}; locate works from the question's words alone`);
  const weights = weightsFrom(stored.learned);
  if (args.flags.has('json')) {
    io.out(
      JSON.stringify({
        commits: stored.commits.length,
        head: stored.head,
        complete: stored.complete,
        learned: stored.learned !== undefined && Object.keys(stored.learned).length > 0,
        weights,
      }),
    );
    return;
  }
  const learned = stored.learned && Object.keys(stored.learned).length ? 'learned from its own commits' : 'the defaults (too short a history to learn from)';
  io.out(
    `History: ${counted(stored.commits.length, 'commit', count)} read to ${stored.head.slice(0, 12)}${stored.complete ? '' : ' (the newest; older ones left out)'}; locate weighs it with ${learned}: similar commits ${weights.similar.toFixed(2)}, their messages ${weights.messages.toFixed(2)}, co-change ${weights.cochange.toFixed(2)}, change frequency ${weights.prior.toFixed(2)}.`,
  );
}
