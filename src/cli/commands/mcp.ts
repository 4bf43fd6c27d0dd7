import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z, ZodTypeAny } from 'zod';
import manifest from '../../../package.json';
import { findSymbolText, listSymbolsText, readFileText, summarizeFileText, ToolError } from '../../core/tools';
import { DEFAULT_LINE_LIMIT } from '../../core/guard/guard';
import { ProjectFile } from '../../core/project';
import { ParsedArgs } from '../args';
import { Session } from '../session';

interface ToolManifest {
  name: string;
  modelDescription: string;
  inputSchema: { properties: Record<string, { type: string; description: string; minimum?: number }>; required: string[] };
}

/** The tool's input schema from package.json, as the zod shape the MCP SDK takes: one definition for both hosts. */
function shapeOf(tool: ToolManifest): Record<string, ZodTypeAny> {
  const shape: Record<string, ZodTypeAny> = {};
  for (const [key, property] of Object.entries(tool.inputSchema.properties)) {
    let field: ZodTypeAny = property.type === 'integer' ? z.number().int().min(property.minimum ?? Number.MIN_SAFE_INTEGER) : z.string();
    if (!tool.inputSchema.required.includes(key)) field = field.optional();
    shape[key] = field.describe(property.description);
  }
  return shape;
}

type Handler = (file: ProjectFile, input: Record<string, unknown>) => Promise<string>;

/** `skim mcp`: Skim's four tools over MCP on stdio, with the same names, descriptions and guarantees. */
export async function mcpCommand(_args: ParsedArgs, session: Session): Promise<void> {
  const server = new McpServer({ name: 'skim', version: manifest.version });
  const handlers: Record<string, Handler> = {
    skim_summarize_file: (file) => summarizeFileText(session.maps, file),
    skim_read_file: async (file, input) => (await readFileText(session.maps, file, input)).text,
    skim_list_symbols: (file) => listSymbolsText(file),
    skim_find_symbol: (file, input) => findSymbolText(file, String(input.name), DEFAULT_LINE_LIMIT),
  };
  // The SDK's generic signature is too deep for the compiler with shapes built at run time.
  const register = server.registerTool.bind(server) as unknown as (
    name: string,
    config: { description: string; inputSchema: Record<string, ZodTypeAny> },
    callback: (input: Record<string, unknown>) => Promise<CallToolResult>,
  ) => void;
  for (const tool of manifest.contributes.languageModelTools as unknown as ToolManifest[]) {
    const handler = handlers[tool.name];
    register(tool.name, { description: tool.modelDescription, inputSchema: shapeOf(tool) }, async (input) => {
      try {
        const file = session.project.file(String(input.filePath), session.project.root);
        if (!file.inside) throw new ToolError(`${String(input.filePath)} is outside the project (${session.project.root}). Skim reads only files inside it: give a path inside the project, absolute or relative to its root.`);
        return { content: [{ type: 'text' as const, text: await handler(file, input) }] };
      } catch (error) {
        return { content: [{ type: 'text' as const, text: (error as Error).message }], isError: true };
      }
    });
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  await closed;
}
