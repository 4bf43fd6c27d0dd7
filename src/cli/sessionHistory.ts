import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { historyFileBeside } from '../core/history/historyStore';
import { ProjectHistory } from '../core/history/projectHistory';
import { learnWeights } from '../core/locate/learnWeights';
import { onPath } from '../core/search/program';
import type { Session } from './session';

const histories = new WeakMap<Session, ProjectHistory>();

/**
 * The project's history (core/history) for a session, kept beside its outlines: read in this
 * process by `skim history`, else by a `skim history` of its own started in the background, so
 * that no answer waits for it: not a command's, and not one of `skim mcp`'s, whose locate once
 * waited more than 25 s behind its own process parsing and learning from a long history. Apart
 * from the session, so that the hook, which opens a session for a map, carries no history or locate.
 */
export function sessionHistory(session: Session, readHere: boolean): ProjectHistory {
  let history = histories.get(session);
  if (!history) {
    const historyFile = historyFileBeside(session.outlineFile);
    const root = session.project.root;
    history = new ProjectHistory(root, {
      file: historyFile,
      git: onPath('git', session.env),
      scratch: path.dirname(historyFile),
      learn: learnWeights,
      elsewhere: readHere ? undefined : () => readHistoryElsewhere(root, session.cacheDir, session.env),
    });
    histories.set(session, history);
  }
  return history;
}

/**
 * `skim history` for the project, in a process of its own that may outlive this one: a command that
 * started it has answered by then; `skim mcp` takes up what it stored once it ended. Only from
 * Skim's own command (dist/cli.js): a host that runs the engine in its own process (a test's) has
 * no command to start. Undefined when none was started; else when it ends.
 */
function readHistoryElsewhere(root: string, cacheDir: string, env: NodeJS.ProcessEnv): Promise<void> | undefined {
  const entry = require.main?.filename;
  if (!entry || path.basename(entry) !== 'cli.js') return undefined;
  try {
    const child = spawn(process.execPath, [entry, 'history', '--root', root, '--cache-dir', cacheDir], {
      detached: true,
      stdio: 'ignore',
      env,
      windowsHide: true,
    });
    child.unref();
    return new Promise((resolve) => child.once('error', () => resolve()).once('exit', () => resolve()));
  } catch {
    // No history this time: the next ask tries again.
    return undefined;
  }
}
