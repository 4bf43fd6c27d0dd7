import * as path from 'node:path';
import { MapCache } from '../../src/core/cache/store';
import { MapService } from '../../src/core/mapping/service';
import { OpenAiModel } from '../../src/core/model/openai';
import { Project } from '../../src/core/files/project';
import { testContext } from './context';
import { ScriptedModel } from './scriptedModel';

/** A project in `dir` with its own cache file, mapped by the scripted model over HTTP or, without one, by tree-sitter. */
export async function engine(dir: string, model?: ScriptedModel, timeoutMs = 5_000, ctx = testContext()) {
  const cache = await MapCache.open(path.join(dir, '.skim-cache', 'maps.sqlite'), { flushDelayMs: 10 });
  const maps = new MapService(ctx, cache, model ? new OpenAiModel({ url: model.url, model: 'scripted', key: 'k', timeoutMs }) : undefined);
  return { project: new Project(dir), maps, cache, ctx };
}
