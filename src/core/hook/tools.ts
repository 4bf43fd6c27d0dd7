import { AGENT_HOSTS } from './hosts';
import skimReadTools from './skimReadTools.json';

/**
 * Reads by Skim's own tools that show the file's lines (as extension tools, or over MCP as each
 * host names them), as their declarations say (`npm run tools:write`); a map or an outline shows
 * none of them, so it is not a read the gate counts. The hosts' own reads and edits are in `hosts/`.
 */
export const SKIM_READ_TOOLS: ReadonlySet<string> = new Set(
  skimReadTools.flatMap((tool) => [tool, ...AGENT_HOSTS.flatMap((host) => host.mcpToolNames?.(tool) ?? [])]),
);
