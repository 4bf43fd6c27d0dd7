import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { MapCache } from '../../../src/core/cache/store';
import { Project, ProjectFile } from '../../../src/core/files/project';
import { MapService } from '../../../src/core/mapping/service';
import { testContext } from '../../support/context';
import { Content } from './rebuild';

/** o200k tokens of a text, special tokens' spellings counted as the text they are (a recorded file may hold `<|endoftext|>`). */
export const tokens = (text: string): number => (text === '' ? 0 : countTokens(text, { disallowedSpecial: new Set() }));

/** A file on disk in a project of its own: the project's root and the file in it. */
export interface Placed {
  root: string;
  file: ProjectFile;
}

/** Rebuilt files on disk, each in a project of its own, and the maps Skim makes of them (tree-sitter; no model). */
export class Workspace {
  private constructor(
    private readonly dir: string,
    private readonly cache: MapCache,
    readonly maps: MapService,
  ) {}

  static async open(): Promise<Workspace> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skim-sessions-'));
    const cache = await MapCache.open(path.join(dir, 'maps.sqlite'), { flushDelayMs: 600_000 });
    return new Workspace(dir, cache, new MapService(testContext(), cache));
  }

  /** A file's content at `name` (the path the session read it by), in a project named by the content. */
  place(name: string, content: Content): Placed {
    const text = content.length ? `${content.join('\n')}\n` : '';
    const root = path.join(this.dir, createHash('sha256').update(`${name}\u0000${text}`).digest('hex').slice(0, 20));
    const inside = path.join(root, name);
    const file = path.relative(root, inside).startsWith('..') || path.isAbsolute(name) ? path.join(root, path.basename(name)) : inside;
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    return { root, file: new Project(root).file(file) };
  }

  async close(): Promise<void> {
    await this.cache.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
