import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { z, ZodTypeAny } from 'zod';
import { version } from '../../../package.json';
import { describedFor, InputSchema, ToolDeclaration } from '../../core/tools/declaration';
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

/**
 * The tool's declared input schema, as the zod schema the MCP SDK checks arguments against: one
 * definition for every host. Strict: an argument the tool does not take (a misspelt
 * `max_tokens`, a `path` given to a tool that takes `filePath`) is refused by name, not dropped.
 */
function schemaOf(schema: InputSchema): ZodTypeAny {
  const shape: Record<string, ZodTypeAny> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    let field: ZodTypeAny =
      property.type === 'integer'
        ? z
            .number()
            .int()
            .min(property.minimum ?? Number.MIN_SAFE_INTEGER)
            .max(property.maximum ?? Number.MAX_SAFE_INTEGER)
        : property.type === 'boolean'
          ? z.boolean()
          : property.enum
            ? z.enum(property.enum)
            : z.string();
    if (!schema.required.includes(key)) field = field.optional();
    shape[key] = field.describe(property.description);
  }
  return z.object(shape).strict();
}

/** What skim_lsp is over MCP: the fallback alone. */
export const MCP_LSP_NOTE = 'Over MCP there is no language server: every answer comes from the outlines and search, and says so.';

/** An MCP server of `tools` on `host`: each listed with its declared description and schema, each call its `run`. */
export function toolServer(host: ToolHost, tools: readonly ToolDeclaration<never>[] = TOOLS): McpServer {
  const server = new McpServer({ name: 'skim', version });
  // The SDK's generic signature is too deep for the compiler with shapes built at run time.
  const register = server.registerTool.bind(server) as unknown as (
    name: string,
    config: { description: string; inputSchema: ZodTypeAny },
    callback: (input: Record<string, unknown>) => Promise<CallToolResult>,
  ) => void;
  for (const tool of tools as readonly ToolDeclaration<Record<string, unknown>>[]) {
    // Listed for this session's line limit (SKIM_LINE_LIMIT): the model is told the limit its reads are shortened to.
    const described = describedFor(tool, { lineLimit: host.ctx.options.lineLimit });
    const description = tool.name === 'skim_lsp' ? `${described} ${MCP_LSP_NOTE}` : described;
    register(tool.name, { description, inputSchema: schemaOf(tool.inputSchema) }, async (input) => {
      try {
        return { content: [{ type: 'text' as const, text: resultText(await tool.run(host, input)) }] };
      } catch (error) {
        return { content: [{ type: 'text' as const, text: (error as Error).message }], isError: true };
      }
    });
  }
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
