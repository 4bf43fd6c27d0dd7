import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { z, ZodTypeAny } from 'zod';
import manifest from '../../../package.json';
import { SearchRequest } from '../../core/search/search';
import { ProjectFile } from '../../core/files/project';
import { factsFallback, LspInput, verifiedCall } from '../../core/tools/lsp';
import { summarizeFile } from '../../core/tools/maps';
import { answersFileBeside } from '../../core/overview/answers';
import { OverviewInput, overviewProject } from '../../core/tools/overview';
import { LocateInput, locateProject } from '../../core/tools/locate';
import { READ_MAX_BYTES, readFile } from '../../core/tools/read';
import { resultText, ToolError, ToolResult } from '../../core/tools/result';
import { searchProject } from '../../core/tools/search';
import { Launcher } from '../../core/search/launch';
import { warmUp } from '../../core/search/warm';
import { findSymbolIn, listSymbolsOf } from '../../core/tools/symbols';
import { nodeAtFile, queryFile } from '../../core/tools/tree';
import { ParsedArgs } from '../args';
import { Session } from '../session';

interface ToolManifest {
  name: string;
  modelDescription: string;
  inputSchema: { properties: Record<string, { type: string; description: string; minimum?: number; enum?: [string, ...string[]] }>; required: string[] };
}

/**
 * The tool's input schema from package.json, as the zod schema the MCP SDK checks arguments
 * against: one definition for both hosts. Strict: an argument the tool does not take (a misspelt
 * `max_tokens`, a `path` given to a tool that takes `filePath`) is refused by name, not dropped.
 */
function schemaOf(tool: ToolManifest): ZodTypeAny {
  const shape: Record<string, ZodTypeAny> = {};
  for (const [key, property] of Object.entries(tool.inputSchema.properties)) {
    let field: ZodTypeAny =
      property.type === 'integer'
        ? z
            .number()
            .int()
            .min(property.minimum ?? Number.MIN_SAFE_INTEGER)
        : property.type === 'boolean'
          ? z.boolean()
          : property.enum
            ? z.enum(property.enum)
            : z.string();
    if (!tool.inputSchema.required.includes(key)) field = field.optional();
    shape[key] = field.describe(property.description);
  }
  return z.object(shape).strict();
}

type Handler = (input: Record<string, unknown>) => Promise<ToolResult>;

const NO_SERVER = 'skim mcp has no language server';
/** What skim_lsp is over MCP: the fallback alone. */
export const MCP_LSP_NOTE = 'Over MCP there is no language server: every answer comes from the outlines and search, and says so.';

/** `skim mcp`: Skim's tools over MCP on stdio, with the same names, descriptions and guarantees. */
export async function mcpCommand(_args: ParsedArgs, session: Session): Promise<void> {
  const server = new McpServer({ name: 'skim', version: manifest.version });
  const fileOf = (input: Record<string, unknown>): ProjectFile => {
    const file = session.project.file(String(input.filePath), session.project.root);
    if (!file.inside)
      throw new ToolError(`${String(input.filePath)} is outside the project (${session.project.root})`, {
        advice: 'Skim reads only files inside it: give a path inside the project, absolute or relative to its root.',
      });
    return file;
  };
  const ctx = session.ctx;
  const launcher = new Launcher();
  const programs = { env: session.env, launch: launcher.launch };
  const handlers: Record<string, Handler> = {
    skim_overview: async (input) =>
      overviewProject(
        ctx,
        session.project,
        { maps: session.maps, outlines: session.outlines, answersFile: answersFileBeside(session.outlineFile) },
        input as OverviewInput,
        programs,
      ),
    skim_locate: async (input) => locateProject(ctx, session.project, session.outlines, input as unknown as LocateInput, programs),
    skim_search: async (input) => searchProject(ctx, session.project, session.maps, input as unknown as SearchRequest, programs, await session.outlines()),
    skim_summarize_file: (input) => summarizeFile(ctx, session.maps, fileOf(input)),
    skim_read_file: (input) => readFile(ctx, session.maps, fileOf(input), input, { maxBytes: READ_MAX_BYTES, wholeMap: 'call skim_summarize_file' }),
    skim_list_symbols: (input) => listSymbolsOf(ctx, fileOf(input)),
    skim_find_symbol: (input) => findSymbolIn(ctx, fileOf(input), String(input.name), ctx.options.lineLimit),
    skim_query_tree: (input) => queryFile(ctx, fileOf(input), String(input.query), input.max as number | undefined, session.maps.slow),
    skim_node_at: (input) => nodeAtFile(ctx, fileOf(input), Number(input.line), input.column as number | undefined, session.maps.slow),
    skim_lsp: async (input) => {
      const file = fileOf(input);
      const request = input as unknown as LspInput;
      const before = await verifiedCall(ctx, file, request);
      return factsFallback(ctx, session.project, session.maps, file, request, NO_SERVER, programs, before, await session.outlines());
    },
  };
  // The SDK's generic signature is too deep for the compiler with shapes built at run time.
  const register = server.registerTool.bind(server) as unknown as (
    name: string,
    config: { description: string; inputSchema: ZodTypeAny },
    callback: (input: Record<string, unknown>) => Promise<CallToolResult>,
  ) => void;
  for (const tool of manifest.contributes.languageModelTools as unknown as ToolManifest[]) {
    const handler = handlers[tool.name];
    const description = tool.name === 'skim_lsp' ? `${tool.modelDescription} ${MCP_LSP_NOTE}` : tool.modelDescription;
    register(tool.name, { description, inputSchema: schemaOf(tool) }, async (input) => {
      try {
        return { content: [{ type: 'text' as const, text: resultText(await handler(input)) }] };
      } catch (error) {
        return { content: [{ type: 'text' as const, text: (error as Error).message }], isError: true };
      }
    });
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    // A client that closes its end of stdin (or dies) is gone: the server ends then, and the session saves its maps on the way out.
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.connect(transport);
  void warmUp(session.project, session.outlines, session.env);
  const answered = unanswered(transport);
  await closed;
  await answered();
  await server.close();
  launcher.close();
}

/**
 * Follows the requests the transport receives until their answers are sent; resolves once none
 * is left: requests a client sent before closing stdin are answered (and their maps put in the
 * cache, which the session then saves) before the server ends.
 */
function unanswered(transport: StdioServerTransport): () => Promise<void> {
  const open = new Set<string | number>();
  let idle: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) open.add(message.id);
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (!('method' in message) && 'id' in message && message.id !== undefined && open.delete(message.id) && open.size === 0) idle?.();
  };
  return () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve)));
}
