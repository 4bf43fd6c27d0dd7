import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Language, Query } from 'web-tree-sitter';
import { LanguageInfo } from './languages';

/**
 * Each language's outline rules: one tree-sitter query (queries/<id>.scm, the `tags.scm`
 * convention: `@definition.<kind>` on a declaration, `@name` on its name). Compiled against its
 * grammar once; a query that does not compile is dropped with a line on stderr, and the language
 * then counts as having no grammar: never a crash.
 */
const compiled = new Map<string, Query | Error>();

/** Beside the bundle (dist/queries, where esbuild copies them) or, from source, beside this file. */
function queryFile(id: string): string {
  for (const dir of [path.join(__dirname, 'queries'), path.resolve(__dirname, '../../../../src/core/structural/queries')]) {
    const file = path.join(dir, `${id}.scm`);
    if (existsSync(file)) return file;
  }
  throw new Error(`Skim is missing its outline query for ${id}; reinstall Skim.`);
}

export function outlineQuery(language: LanguageInfo, grammar: Language): Query {
  let query = compiled.get(language.id);
  if (!query) {
    try {
      query = new Query(grammar, readFileSync(queryFile(language.query ?? language.id), 'utf8'));
    } catch (error) {
      query = new Error(`Skim's outline query for ${language.id} does not compile against its grammar (${(error as Error).message})`);
      process.stderr.write(`skim: ${query.message}; ${language.id} files are not outlined.\n`);
    }
    compiled.set(language.id, query);
  }
  if (query instanceof Error) throw query;
  return query;
}
