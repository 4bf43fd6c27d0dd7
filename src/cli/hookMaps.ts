/**
 * The maps a hook needs when a read is oversized (the cache, tree-sitter, a model), bundled apart
 * (dist/hook-maps.js) from the rest of `skim`: a hook loads this and nothing of the MCP server
 * or the other commands.
 */
export { openEngineMaps } from './session';
