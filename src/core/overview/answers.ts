import * as path from 'node:path';
import { readRegularFile } from '../files/open';
import { replaceFile } from '../files/replaceFile';
import type { OverviewAnswer } from './renderOverview';
import { makeFolder } from '../files/makeFolder';

/**
 * Fitted overviews kept by what they were made from, beside the outline store: a key is the hash
 * of every ranked file's path, content hash and outline rules, what the listing left out and
 * the budget, so an answer is served only for exactly the bytes it was made from (a changed file
 * changes the key). What a cached map lends (its prose) may change without the files: each
 * shown file's hash and size and its outline's own prose are kept, for the caller to look the
 * map up again. A file any process of this user can write: what it holds is screened again when
 * shown, and one that does not parse is no answer.
 */

/** The most answers kept: a few folders and budgets of one project. */
const KEPT = 16;

/** The largest file of kept answers read: sixteen answers of a 50,000-token budget are a few megabytes. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

export interface KeptFile {
  path: string;
  hash: string;
  size: number;
  /** The file's own description (its outline's doc comment), which a fresh model map's prose replaces. */
  prose: string | null;
}

export interface KeptAnswer {
  answer: OverviewAnswer;
  files: KeptFile[];
}

interface Kept extends KeptAnswer {
  key: string;
}

/** The answers file beside an outline store: `maps-1a2b.outlines.sqlite` → `maps-1a2b.outlines.answers.json`. */
export function answersFileBeside(outlineFile: string): string {
  return `${outlineFile.replace(/\.sqlite$/, '')}.answers.json`;
}

export class OverviewAnswers {
  constructor(readonly file: string) {}

  private async all(): Promise<Kept[]> {
    try {
      // Only a regular file is read: a FIFO put in its place would block the read for as long as nobody writes to it.
      const { bytes } = await readRegularFile(this.file, MAX_KEPT_BYTES);
      if (!bytes) return [];
      const kept = JSON.parse(bytes.toString('utf8')) as unknown;
      return Array.isArray(kept) ? kept.filter((k): k is Kept => typeof k?.key === 'string' && Array.isArray(k.files) && Array.isArray(k.answer?.files)) : [];
    } catch {
      return [];
    }
  }

  async get(key: string): Promise<KeptAnswer | undefined> {
    return (await this.all()).find((k) => k.key === key);
  }

  /** Keeps `answer` under `key`, the newest first; a failure to write only loses the shortcut. */
  async put(key: string, kept: KeptAnswer): Promise<void> {
    const all = [{ key, ...kept }, ...(await this.all()).filter((k) => k.key !== key)].slice(0, KEPT);
    try {
      makeFolder(path.dirname(this.file));
      await replaceFile(this.file, JSON.stringify(all));
    } catch {
      // Only the shortcut is lost.
    }
  }
}
