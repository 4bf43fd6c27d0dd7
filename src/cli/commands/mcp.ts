import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { version } from '../../../package.json';
import { describedFor, ToolDeclaration } from '../../core/tools/declaration';
import { checkedInput } from '../../core/tools/input';
import { ToolHost } from '../../core/tools/host';
import { TOOLS } from '../../core/tools/registry';
import { resultText } from '../../core/tools/result';
import { Launcher } from '../../core/search/launch';
import { warmUp } from '../../core/search/warm';
import { ParsedArgs } from '../args';
import { Session } from '../session';
import { mcpHost } from '../toolHost';
import type { SkimContext } from '../../core/context';
import { nameOnOneLine } from '../../core/map/controls';
import { screenMessage } from '../../core/screen/message';

/** What skim_lsp is over MCP: the fallback alone. */
export const MCP_LSP_NOTE = 'Over MCP there is no language server: every answer comes from the outlines and search, and says so.';

/** The JSON Schema dialect the listed input schemas are written in, as MCP clients are told. */
const SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/**
 * An MCP server of `tools` on `host`: each listed with its declared description and input schema
 * as it is declared, each call's arguments checked against that schema as every host checks them
 * (tools/input.ts: a value out of range, of the wrong type or an argument the tool does not take is
 * refused by name, in the same words as the command line and VS Code), then its `run`.
 */
export function toolServer(host: ToolHost, tools: readonly ToolDeclaration<never>[] = TOOLS): McpServer {
  const server = new McpServer({ name: 'skim', version });
  const byName = new Map(tools.map((tool) => [tool.name, tool as ToolDeclaration<unknown>]));
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => {
      // Listed for this session's line limit (SKIM_LINE_LIMIT): the model is told the limit its reads are shortened to.
      const described = describedFor(tool, { lineLimit: host.ctx.options.lineLimit });
      const description = tool.name === 'skim_lsp' ? `${described} ${MCP_LSP_NOTE}` : described;
      return { name: tool.name, description, inputSchema: { ...tool.inputSchema, $schema: SCHEMA_DIALECT } };
    }),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    try {
      const input = checkedInput(tool, request.params.arguments ?? {});
      return { content: [{ type: 'text' as const, text: resultText(await tool.run(host, input)) }] };
    } catch (error) {
      return { content: [{ type: 'text' as const, text: (error as Error).message }], isError: true };
    }
  });
  return server;
}

/** `skim mcp`: Skim's tools over MCP on stdio, with the same names, descriptions and guarantees. */
export async function mcpCommand(_args: ParsedArgs, session: Session): Promise<void> {
  const launcher = new Launcher();
  const server = toolServer(mcpHost(session, launcher.launch));
  const transport = screenedErrors(new StdioServerTransport(), session.ctx);
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
 * The transport with every error it sends screened (screen/message): the tools' own, and the
 * SDK's (an unknown tool, arguments its schema refuses), which quote the caller's arguments.
 * This is the one place an MCP answer leaves Skim; a result that is not an error is a tool's,
 * screened as data before it was rendered.
 */
function screenedErrors(transport: StdioServerTransport, ctx: SkimContext): StdioServerTransport {
  const send = transport.send.bind(transport);
  const screened = (text: string) => screenMessage(ctx, nameOnOneLine(text));
  transport.send = async (message: JSONRPCMessage) => {
    if ('result' in message && message.result.isError && Array.isArray(message.result.content)) {
      const content = await Promise.all(
        (message.result.content as { type: string; text?: string }[]).map(async (part) =>
          part.type === 'text' && typeof part.text === 'string' ? { ...part, text: await screened(part.text) } : part,
        ),
      );
      return send({ ...message, result: { ...message.result, content } });
    }
    if ('error' in message) return send({ ...message, error: { ...message.error, message: await screened(message.error.message) } });
    return send(message);
  };
  return transport;
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
