import * as path from 'node:path';
import { makeFolder } from '../files/makeFolder';
import { LockBusyError, withFileLock } from '../cache/lock';
import { runLines } from '../search/run';
import { isAncestor, readCommits, Repository, repositoryOf } from './gitHistory';
import { HISTORY_VERSION, readHistory, StoredHistory, writeHistory } from './historyStore';
import { CommitRecord } from './patchLog';

/**
 * One project's history, kept up to date by commit and never waited for: asked for it, a caller
 * gets what is stored now (nothing on a first ask) while the commits since are read in the
 * background, once at a time across processes (a lock beside the file), newest first, at most
 * MAX_COMMITS. A project outside git, or a shallow clone (whose oldest commit looks like it added
 * the whole tree), has none, and locate works from its words alone.
 */

export const MAX_COMMITS = 20_000;
/** How long one read of the history may take: the first read of a large one runs in the background, and stops here. */
export const READ_TIMEOUT_MS = 120_000;
/** How often, at most, the head is looked at again: a warm locate must not pay a git run each time. */
const HEAD_CHECK_MS = 2_000;

export type HistoryState = 'unknown' | 'reading' | 'ready' | 'unavailable';

export interface HistoryStatus {
  state: HistoryState;
  /** Commits read so far (reading) or held (ready). */
  commits: number;
  /** Commits to read in all, where git said. */
  total?: number;
  /** Why there is no history (unavailable), or why the last read failed. */
  reason?: string;
}

export interface ProjectHistoryOptions {
  /** The history file (history/historyStore). */
  file: string;
  /** The git executable; none: no history. */
  git?: string;
  /** A folder for the attributes file git reads (beside the history file). */
  scratch: string;
  maxCommits?: number;
  readTimeoutMs?: number;
  /** What is learned from the commits once read (locate's weights), stored with them. */
  learn?: (commits: readonly CommitRecord[]) => Record<string, number>;
  /**
   * Starts the read in another process instead of this one (`skim history` in the background), so
   * that this process's answers never wait behind parsing thousands of patches and learning from
   * them; that process's read is taken up on a later ask. Returns when it ends, or undefined when
   * none was started. Another is started only once it ended and the head still differs.
   */
  elsewhere?: () => Promise<void> | undefined;
}

export class ProjectHistory {
  private stored?: StoredHistory;
  private loaded = false;
  private checkedAt = 0;
  private reading?: Promise<void>;
  private current: HistoryStatus = { state: 'unknown', commits: 0 };
  /** The other process reading the history, until it ends. */
  private elsewhereRun?: Promise<void>;
  private readonly watchers = new Set<(status: HistoryStatus) => void>();

  constructor(
    readonly root: string,
    private readonly options: ProjectHistoryOptions,
  ) {}

  status(): HistoryStatus {
    return this.current;
  }

  /** Tells `watcher` each time the status changes, and as commits are read (a few times a second at most); returns how to stop. */
  watch(watcher: (status: HistoryStatus) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private say(status: HistoryStatus): void {
    this.current = status;
    for (const watcher of this.watchers) watcher(status);
  }

  /**
   * The history as stored now, the stored file read once; a newer head (looked at, at most every
   * HEAD_CHECK_MS, in one short git run) starts a read in the background, or in another process
   * (`elsewhere`), and the status says it is reading. `wait` waits for the read (`skim history`, a
   * test). Never throws.
   */
  async get(wait = false): Promise<StoredHistory | undefined> {
    if (!this.loaded) {
      this.loaded = true;
      this.stored = await readHistory(this.options.file);
      if (this.stored) this.sayStored(this.stored);
    }
    const now = Date.now();
    if (!this.reading && (wait || now - this.checkedAt >= HEAD_CHECK_MS)) {
      this.checkedAt = now;
      const repository = await this.headToRead();
      if (repository && this.options.elsewhere && !wait) {
        // What the other process stored is read on the ask after it ended.
        this.elsewhereRun ??= this.options.elsewhere()?.finally(() => {
          this.elsewhereRun = undefined;
          this.loaded = false;
        });
        if (this.elsewhereRun) this.say({ state: 'reading', commits: 0 });
      } else if (repository) {
        this.say({ state: 'reading', commits: 0 });
        this.reading = this.readUnderLock(repository, wait)
          .catch((error: Error) => this.say({ state: this.stored ? 'ready' : 'unavailable', commits: this.stored?.commits.length ?? 0, reason: error.message }))
          .finally(() => (this.reading = undefined));
      }
    }
    if (wait) await this.reading;
    return this.stored?.failure === undefined ? this.stored : undefined;
  }

  /** What a stored history says: ready with its commits, or why git gave none at its head. */
  private sayStored(stored: StoredHistory): void {
    this.say(stored.failure === undefined ? { state: 'ready', commits: stored.commits.length } : { state: 'unavailable', commits: 0, reason: stored.failure });
  }

  /** The repository at the head to read, where it differs from the stored one's; undefined where there is nothing to read (or no history to have). */
  private async headToRead(): Promise<Repository | undefined> {
    const repository = this.options.git ? await repositoryOf(this.options.git, this.root) : undefined;
    if (!repository) this.say({ state: 'unavailable', commits: 0, reason: this.options.git ? 'not a git repository with a commit' : 'no git' });
    else if (repository.shallow) this.say({ state: 'unavailable', commits: 0, reason: 'a shallow clone: its history is cut short' });
    return repository && !repository.shallow && repository.head !== this.stored?.head ? repository : undefined;
  }

  /** The history as stored now, how it stands (what a locate weighs and says) and the file it is kept in, a newer head's read started, never waited for. */
  async now(): Promise<{ stored?: StoredHistory; status: HistoryStatus; file: string }> {
    const stored = await this.get();
    return { stored, status: this.status(), file: this.options.file };
  }

  /** Reads what the head has that the stored history lacks, under the lock; a lock another process holds leaves it to that process. */
  private async readUnderLock(repository: Repository, wait: boolean): Promise<void> {
    try {
      makeFolder(path.dirname(this.options.file));
      // Asked to wait (`skim history`), it waits for another process's read to end, then finds it done.
      await withFileLock(`${this.options.file}.lock`, () => this.read(repository), wait ? (this.options.readTimeoutMs ?? READ_TIMEOUT_MS) : 200);
    } catch (error) {
      if (!(error instanceof LockBusyError)) throw error;
      this.loaded = false;
    }
  }

  private async read(repository: Repository): Promise<void> {
    // Another process may have read it while this one waited.
    const onDisk = await readHistory(this.options.file);
    if (onDisk) this.stored = onDisk;
    if (this.stored?.head === repository.head) return this.sayStored(this.stored);
    const maxCommits = this.options.maxCommits ?? MAX_COMMITS;
    const since =
      this.stored && this.stored.failure === undefined && (await isAncestor(repository, this.stored.head, repository.head)) ? this.stored.head : undefined;
    const total = await countCommits(repository, since);
    let read = 0;
    let told = 0;
    this.say({ state: 'reading', commits: 0, total: total === undefined ? undefined : Math.min(total, maxCommits) });
    const result = await readCommits(repository, {
      head: repository.head,
      since,
      maxCommits,
      timeoutMs: this.options.readTimeoutMs ?? READ_TIMEOUT_MS,
      scratch: this.options.scratch,
      onCommit: () => {
        read++;
        if (Date.now() - told >= 250) {
          told = Date.now();
          this.say({ state: 'reading', commits: read, total: this.current.total });
        }
      },
    });
    // A read that ran out of time keeps the newest commits it read whole, as a history cut short:
    // a head too long to read in time is not read again (and again) for as long as it stays.
    const partial = !result.complete && result.timedOut && result.commits.length > 0;
    if (!result.complete && !partial) {
      const reason = result.failure ?? 'reading it took too long';
      // Git refusing this head (a corrupt repository) is kept, so that it is not asked again, and again, until the head moves.
      if (result.failure && !result.timedOut) {
        const failed: StoredHistory = { version: HISTORY_VERSION, head: repository.head, commits: [], complete: false, failure: reason };
        await writeHistory(this.options.file, failed);
        this.stored = failed;
      }
      this.say({ state: 'unavailable', commits: 0, reason });
      return;
    }
    // Only a whole read joins what was kept: a partial one's oldest commit is not where the kept ones begin.
    const commits = [...result.commits, ...(since && !partial ? (this.stored?.commits ?? []) : [])].slice(0, maxCommits);
    const stored: StoredHistory = {
      version: HISTORY_VERSION,
      head: repository.head,
      commits,
      complete: !partial && total !== undefined && total <= maxCommits && (!since || this.stored?.complete === true),
      learned: this.options.learn?.(commits),
    };
    await writeHistory(this.options.file, stored);
    this.stored = stored;
    this.say({ state: 'ready', commits: commits.length });
  }
}

/** How many commits `since..head` holds (merges left out), or undefined where git did not say in time. */
async function countCommits(repository: Repository, since: string | undefined): Promise<number | undefined> {
  let out = '';
  const range = since ? `${since}..${repository.head}` : repository.head;
  const run = await runLines(repository.git, ['rev-list', '--count', '--no-merges', range], repository.root, {
    timeoutMs: 10_000,
    take: (line) => ((out += line), true),
  });
  return run.code === 0 && /^\d+$/.test(out.trim()) ? Number(out.trim()) : undefined;
}
