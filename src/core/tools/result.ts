import { describeFileError } from '../files/errors';
import { ProjectFile } from '../files/project';
import { ScreenFindings } from '../screen/screen';

/**
 * What every tool returns: data, drawn once into the parts a model reads, with its JSON and the
 * screen's findings. Each host renders it its own way (the command line's text or `--json`, MCP
 * content, VS Code's prompt-tsx parts, a hook's answer); none of them parses a tool's text again.
 */
export type PartRole = 'notice' | 'lines' | 'map' | 'text';

export interface TextPart {
  role: PartRole;
  text: string;
}

export interface ToolResult<J = unknown> {
  /** What the model reads, in order; empty parts are left out. */
  parts: TextPart[];
  /** The same answer as data (`--json`). */
  json: J;
  findings: ScreenFindings;
}

/** The parts as one text, each separated by a blank line: the command line's output, an MCP text content. */
export const resultText = (result: Pick<ToolResult, 'parts'>) =>
  result.parts
    .map((p) => p.text)
    .filter((t) => t !== '')
    .join('\n\n');

/**
 * A failure written for its reader. The message (a model's tool error) names the tool, says what
 * went wrong and what to do next; `reason` alone (what went wrong, no final stop) is what the
 * command line prints.
 */
export class ToolError extends Error {
  constructor(
    readonly reason: string,
    how: { tool?: string; advice?: string } = {},
  ) {
    super(`${how.tool ? `${how.tool}: ` : ''}${reason}.${how.advice ? ` ${how.advice}` : ''}`);
  }
}

/** What to do next after a file error, by its code. */
export function nextStep(code: string | undefined, tool: string, instead: string): string {
  if (code === 'ENOENT' || code === 'ENOTDIR') return `Check the path (search the workspace for the file name), then call ${tool} again.`;
  if (code === 'EISDIR') return `List it with your file tools, then call ${tool} on a file in it.`;
  return instead;
}

/** Any failure of a tool on a file, as a ToolError that says what to do next. */
export function explain(error: unknown, file: ProjectFile, tool: string, instead: string): ToolError {
  if (error instanceof ToolError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return new ToolError(`${file.key}: ${(error as Error).message}`, { tool, advice: instead });
  return new ToolError(describeFileError(error, file.key), { advice: nextStep(code, tool, instead) });
}
