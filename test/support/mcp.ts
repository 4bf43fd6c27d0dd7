import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');

/** A client of the bundled `skim mcp` over stdio for the project at `root`, its cache in `cacheDir` (default: `.cache` inside the project), `env` added to the server's environment. */
export async function mcpClient(root: string, cacheDir = path.join(root, '.cache'), env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'skim-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--root', root],
      env: { ...process.env, SKIM_CACHE_DIR: cacheDir, ...env } as Record<string, string>,
    }),
  );
  return client;
}
