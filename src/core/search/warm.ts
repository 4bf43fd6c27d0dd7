import { statSync } from 'node:fs';
import { Project } from '../files/project';
import { LanguageInfo, languageFor } from '../structural/languages';
import { withParse } from '../structural/parser';
import { outlineQuery } from '../structural/queries';
import { listFiles } from './files';
import { Outlines, readOutlineSource } from '../outlines/projectOutlines';
import { findSearchProgram } from './program';

/** The most languages a host loads ahead: the project's most common ones. */
const WARM_LANGUAGES = 4;

/** A file of this size is outlined to warm a grammar: large enough for the engine to compile its hot code, small enough to cost little. */
const WARM_BYTES = { min: 16 * 1024, max: 256 * 1024 };

/** The most files looked at for one of WARM_BYTES. */
const WARM_CANDIDATES = 50;

function warmSized(project: Project, file: string): boolean {
  try {
    const { size } = statSync(project.file(file).real);
    return size >= WARM_BYTES.min && size <= WARM_BYTES.max;
  } catch {
    return false;
  }
}

/**
 * What a long-lived host (the MCP server) does as it starts, so that its first search pays no
 * start-up: the outline store opened, the grammars and outline queries of the project's most
 * common languages loaded, and one of the project's files in each outlined by an outliner that
 * stores nothing (the cache stays as it was), so that the engine has compiled the parser's hot
 * code. Never fails: whatever cannot be warmed loads on first use.
 */
export async function warmUp(project: Project, outlines: () => Promise<Outlines>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    // Outlined where the host's searches outline (its outline worker, for the MCP server), storing nothing.
    const warm = new Outlines(undefined, undefined, (await outlines()).inWorker);
    const listed = await listFiles(findSearchProgram(project.root, [], env), project.root, '.', { max: 20_000, timeoutMs: 2_000 });
    const byLanguage = new Map<LanguageInfo, string[]>();
    for (const file of listed.files) {
      const language = languageFor(file);
      if (!language) continue;
      const files = byLanguage.get(language);
      if (files) files.push(file);
      else byLanguage.set(language, [file]);
    }
    for (const [language, files] of [...byLanguage].sort((a, b) => b[1].length - a[1].length).slice(0, WARM_LANGUAGES)) {
      await withParse(language, '', 'warm-up', (parse) => outlineQuery(language, parse));
      const sample = files.slice(0, WARM_CANDIDATES).find((file) => warmSized(project, file));
      if (!sample) continue;
      const source = await readOutlineSource(project.file(sample));
      await warm.forLines(source, [Math.ceil(source.lines / 2)]);
      await warm.whole(source, false);
    }
  } catch {
    // Warming is an optimization: anything it could not load loads on first use.
  }
}
