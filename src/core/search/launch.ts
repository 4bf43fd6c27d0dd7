import { ChildProcess, spawn } from 'node:child_process';

/** One program run as the search rung sees it: its output as it comes, its end once, and a way to stop it. */
export interface Launched {
  kill(): void;
}

export interface LaunchEvents {
  out(chunk: string): void;
  err(chunk: string): void;
  /** Once: the exit code, or why the program could not run. */
  end(code: number | null, failure?: string): void;
}

/** Starts `file` with `args` in `cwd`, its output as UTF-8 text. */
export type Launch = (file: string, args: readonly string[], cwd: string, events: LaunchEvents) => Launched;

/** A program started by this process itself: what a short-lived command does. */
export const spawnDirectly: Launch = (file, args, cwd, events) => {
  const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', events.out);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', events.err);
  // A program that cannot start reports 'error' and may still report 'close': the caller takes the first.
  child.on('error', (error) => events.end(null, `could not run ${file}: ${error.message}`));
  child.on('close', (code) => events.end(code));
  return { kill: () => child.kill('SIGKILL') };
};

/** The helper: runs what it is sent and sends back each run's output and end, over its IPC channel; ends with its parent. */
const HELPER = `
const { spawn } = require('node:child_process');
const runs = new Map();
process.on('message', (m) => {
  if (m.kill) return void runs.get(m.id)?.kill('SIGKILL');
  const child = spawn(m.file, m.args, { cwd: m.cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  runs.set(m.id, child);
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (out) => process.send({ id: m.id, out }));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (err) => process.send({ id: m.id, err }));
  child.on('error', (error) => process.send({ id: m.id, failure: 'could not run ' + m.file + ': ' + error.message }));
  child.on('close', (code) => { runs.delete(m.id); process.send({ id: m.id, code }); });
});
process.on('disconnect', () => { for (const child of runs.values()) child.kill('SIGKILL'); process.exit(0); });
`;

type Message = { id: number; out?: string; err?: string; failure?: string; code?: number | null };

/**
 * Programs started by a small helper process instead of this one: starting a program costs a
 * process in proportion to its memory (Node 20 on Linux forks), and a long-lived host holding
 * tree-sitter's and SQLite's WebAssembly paid 18 ms a search for it, more than ripgrep's own run.
 * The helper starts on first use, and again after it ended; it ends with this process. A host that
 * cannot start it starts its programs itself.
 */
export class Launcher {
  private helper?: ChildProcess;
  private readonly runs = new Map<number, LaunchEvents>();
  private next = 0;
  private closed = false;

  readonly launch: Launch = (file, args, cwd, events) => {
    const helper = this.closed ? undefined : this.started();
    if (!helper) return spawnDirectly(file, args, cwd, events);
    const id = this.next++;
    this.runs.set(id, events);
    helper.channel?.ref();
    helper.send({ id, file, args, cwd });
    return { kill: () => this.runs.has(id) && helper.connected && helper.send({ id, kill: true }) };
  };

  private started(): ChildProcess | undefined {
    if (this.helper?.connected) return this.helper;
    try {
      // VS Code's extension host runs on Electron: told so, its binary runs as plain Node.
      const helper = spawn(process.execPath, ['-e', HELPER], {
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      });
      helper.on('message', (message: Message) => this.receive(message));
      // A helper that cannot start will not start later either: programs are started directly from then on.
      helper.on('error', () => {
        this.closed = true;
        this.ended(helper);
      });
      helper.on('exit', () => this.ended(helper));
      helper.unref();
      helper.channel?.unref();
      this.helper = helper;
      return helper;
    } catch {
      return undefined;
    }
  }

  private receive(message: Message): void {
    const events = this.runs.get(message.id);
    if (!events) return;
    if (message.out !== undefined) events.out(message.out);
    else if (message.err !== undefined) events.err(message.err);
    else {
      this.runs.delete(message.id);
      if (this.runs.size === 0) this.helper?.channel?.unref();
      events.end(message.code ?? null, message.failure);
    }
  }

  /** The helper is gone: its runs end as failures, and the next run starts a new one. */
  private ended(helper: ChildProcess): void {
    if (this.helper !== helper) return;
    this.helper = undefined;
    const runs = [...this.runs.values()];
    this.runs.clear();
    for (const events of runs) events.end(null, 'the helper that runs the search program ended; search again');
  }

  close(): void {
    this.closed = true;
    this.helper?.disconnect();
    this.helper = undefined;
  }
}
