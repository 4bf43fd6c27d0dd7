import skimReadTools from './skimReadTools.json';

/**
 * Reads by Skim's own tools that show the file's lines (as extension tools, or over MCP as
 * `mcp__skim__…`), as their declarations say (`npm run tools:write`); a map or an outline shows
 * none of them, so it is not a read the gate counts. The hosts' own reads and edits are in `hosts/`.
 */
export const SKIM_READ_TOOLS: ReadonlySet<string> = new Set(skimReadTools.flatMap((tool) => [tool, `mcp__skim__${tool}`]));
