import { describeFileError } from './files/errors';
import { guardedRead, GuardedRead } from './guard/guard';
import { renderMap } from './map/render';
import { MapSource } from './mapSource';
import { renderFoundSymbols, renderRead } from './present';
import { ProjectFile } from './project';
import { findSymbol, listSymbols } from './symbols';

/**
 * The four tools as every host offers them (VS Code's language-model tools, the MCP server):
 * one core call each and the text the model reads. Their errors are written for the model and
 * say what to do next; hosts pass them on as tool errors.
 */
export class ToolError extends Error {}

export interface ReadInput {
  startLine?: number;
  lineCount?: number;
  endLine?: number;
}

/** What to do next after a file error, by its code. */
function nextStep(code: string | undefined, tool: string, instead: string): string {
  if (code === 'ENOENT' || code === 'ENOTDIR') return `Check the path (search the workspace for the file name), then call ${tool} again.`;
  if (code === 'EISDIR') return `List it with your file tools, then call ${tool} on a file in it.`;
  return instead;
}

function explain(error: unknown, file: ProjectFile, tool: string, instead: string): ToolError {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return new ToolError(`${tool} could not handle ${file.key}: ${(error as Error).message}. ${instead}`);
  return new ToolError(`${describeFileError(error, file.key)}. ${nextStep(code, tool, instead)}`);
}

export async function summarizeFileText(maps: MapSource, file: ProjectFile, signal?: AbortSignal): Promise<string> {
  let outcome;
  try {
    outcome = await maps.ensure(file, signal);
  } catch (error) {
    throw explain(error, file, 'skim_summarize_file', 'Read it with skim_read_file instead.');
  }
  const note = outcome.fallback ? `[skim] Note: ${outcome.fallback}.\n\n` : '';
  return note + renderMap(outcome.entry);
}

export async function readFileText(
  maps: MapSource,
  file: ProjectFile,
  input: ReadInput,
  options: { lineLimit?: number; signal?: AbortSignal } = {},
): Promise<{ text: string; read: GuardedRead }> {
  const offset = input.startLine ?? 1;
  const limit = input.lineCount ?? (input.endLine !== undefined ? Math.max(0, input.endLine - offset + 1) : undefined);
  const read = await guardedRead(maps, file, { offset, limit, lineLimit: options.lineLimit, signal: options.signal });
  if (read.outcome === 'unreadable') throw new ToolError(`${read.reason}. ${nextStep(read.reasonCode, 'skim_read_file', 'Choose another file.')}`);
  if (read.outcome === 'declined' && read.reason?.startsWith('binary')) throw new ToolError(`${file.key} is a binary file; skim_read_file reads text only.`);
  // An empty result would leave the model guessing; say what is (not) there.
  if (read.lines.length === 0 && !read.notice) return { text: emptyReadText(read), read };
  return { text: renderRead(read, 'call skim_summarize_file'), read };
}

function emptyReadText(read: GuardedRead): string {
  if (read.total === 0) return `[skim] ${read.path} is empty.`;
  return `[skim] ${read.path} has no line ${read.start}${read.total === null ? '' : `: it has ${read.total} lines`}.`;
}

export async function listSymbolsText(file: ProjectFile): Promise<string> {
  try {
    return renderMap(await listSymbols(file));
  } catch (error) {
    throw explain(error, file, 'skim_list_symbols', 'Use skim_summarize_file or skim_read_file for this file instead.');
  }
}

export async function findSymbolText(file: ProjectFile, name: string, maxLines: number): Promise<string> {
  try {
    const { found, outline } = await findSymbol(file, name, maxLines);
    return renderFoundSymbols(file.key, name, found, outline);
  } catch (error) {
    throw explain(error, file, 'skim_find_symbol', 'Use skim_summarize_file or skim_read_file for this file instead.');
  }
}
