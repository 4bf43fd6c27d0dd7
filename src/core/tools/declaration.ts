import type { ToolHost } from './host';
import type { ToolResult } from './result';

/** One argument of a tool, in the part of JSON Schema that VS Code and MCP both read. */
export interface InputProperty {
  type: 'string' | 'integer' | 'boolean';
  minimum?: number;
  maximum?: number;
  enum?: readonly [string, ...string[]];
  description: string;
}

export interface InputSchema {
  type: 'object';
  properties: Readonly<Record<string, InputProperty>>;
  required: readonly string[];
  additionalProperties: false;
}

/** The settings a tool's description states, as they are where it is listed. */
export interface DescribedLimits {
  lineLimit: number;
}

/** What a host shows of a call while it runs and once it has run (VS Code's chat): "Searching for X", "Searched for X". */
export interface ToolMessages {
  invocation: string;
  past: string;
}

/**
 * A tool, declared once: what package.json's contribution, the VS Code tool table and the chat's
 * view of a call, MCP's list and dispatch, the command line's flags and the hook's list of Skim's
 * reads are built from. A new tool is one file beside this one, listed in registry.ts.
 */
interface ToolParts<I, R extends ToolResult> {
  name: string;
  displayName: string;
  toolReferenceName: string;
  /** A codicon, as VS Code names them: `$(book)`. */
  icon: string;
  userDescription: string;
  /**
   * What the model reads (and, over MCP, the tool's description); where it states a limit the user
   * sets (skim.guard.lineLimit), drawn for the limit in force: `describedFor` gives it.
   */
  modelDescription: string | ((limits: DescribedLimits) => string);
  inputSchema: InputSchema;
  /** Its answer shows the file's own lines, so the edit gate counts a call as a read of the file. */
  showsLines: boolean;
  run(host: ToolHost, input: I): Promise<R>;
  /** How a host shows a call running: its input said in words. */
  messages(input: I): ToolMessages;
}

/**
 * `file`: `filePath` names the one file it works on; `folders`: an optional `path` narrows it,
 * else it runs over each of the host's folders, and `work` names what it does there for the error
 * when no folder is open ("no workspace to search").
 */
export type ToolDeclaration<I = never, R extends ToolResult = ToolResult> = ToolParts<I, R> & ({ over: 'file' } | { over: 'folders'; work: string });

/** What the model is told a tool does, for the limits in force where it is listed (MCP's session; package.json, which is static, the defaults). */
export function describedFor(tool: Pick<ToolDeclaration, 'modelDescription'>, limits: DescribedLimits): string {
  return typeof tool.modelDescription === 'string' ? tool.modelDescription : tool.modelDescription(limits);
}
