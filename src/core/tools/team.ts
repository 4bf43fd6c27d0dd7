import { ForgottenRow, TeamCache, TeamCacheError } from '../cache/teamCache';
import type { SkimContext } from '../context';
import { describeFileError } from '../files/errors';
import { ProjectFile } from '../files/project';
import { hashBytes } from '../files/scan';
import { NotSourceError, readForMapping } from '../files/readSource';
import { findingsJson, screenLines } from '../screen/screen';
import { ToolError, ToolResult } from './result';

/** What `skim team forget` and VS Code's "Forget This File in the Team Cache" removed, as data. */
export interface TeamForgetJson {
  path: string;
  hash: string;
  size: number;
  rows: ForgottenRow[];
}

/** Rows named in the message; a version with more (only a hostile publisher makes them) is summed up. */
const LISTED_ROWS = 20;
const NAME_MAX_CHARS = 120;

/**
 * Removes the team's rows for the file's bytes as they are on disk now, every producer's, and
 * says whose they were. The producers are whatever the database holds, so they pass the screen
 * like any text Skim shows. A failure is a ToolError that says what went wrong.
 */
export async function forgetTeamFile(
  ctx: SkimContext,
  team: TeamCache,
  file: ProjectFile,
): Promise<ToolResult<TeamForgetJson & { screen: ReturnType<typeof findingsJson> }>> {
  let forgotten: TeamForgetJson;
  try {
    const bytes = await readForMapping(file.real);
    const hash = hashBytes(bytes);
    forgotten = { path: file.key, hash, size: bytes.length, rows: await team.forget(hash, bytes.length) };
  } catch (error) {
    const why =
      error instanceof TeamCacheError || error instanceof NotSourceError
        ? error.message
        : (error as NodeJS.ErrnoException).code
          ? describeFileError(error, file.key)
          : undefined;
    if (!why) throw error;
    throw new ToolError(`could not forget ${file.key} in the team cache: ${why}`);
  }
  // Each producer is screened as one line: the findings number the rows from 1.
  const screened = await screenLines(
    ctx,
    forgotten.rows.map((row) => clip(row.producer)),
    1,
    false,
  );
  const rows = forgotten.rows.map((row, i) => ({ producer: screened.lines[i], publisher: row.publisher }));
  const shown = { ...forgotten, rows };
  return { parts: [{ role: 'text', text: renderTeamForget(shown) }], json: { ...shown, screen: findingsJson(screened.findings) }, findings: screened.findings };
}

/** What was removed, and whose it was, for the person who asked. */
function renderTeamForget(result: TeamForgetJson): string {
  const version = `this version: sha256 ${result.hash.slice(0, 12)}…, ${result.size} bytes`;
  const count = result.rows.length;
  if (count === 0) return `The team cache holds no map of ${result.path} (${version}): nothing to remove.`;
  const named = result.rows
    .slice(0, LISTED_ROWS)
    .map((row) => `${row.producer} published by ${row.publisher === null ? 'a role Skim did not record (a row from before it did)' : clip(row.publisher)}`);
  const more = count > LISTED_ROWS ? `; and ${count - LISTED_ROWS} more` : '';
  return `Removed ${count} team ${count === 1 ? 'row' : 'rows'} for ${result.path} (${version}): ${named.join('; ')}${more}.`;
}

/** A name from the database on one line and within bounds: a hostile producer can hold anything. */
function clip(text: string): string {
  const line = text.replace(/\p{Cc}+/gu, ' ');
  return line.length > NAME_MAX_CHARS ? `${line.slice(0, NAME_MAX_CHARS)}…` : line;
}
