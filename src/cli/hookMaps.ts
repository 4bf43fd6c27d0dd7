/**
 * The maps a hook needs when a read is oversized (the cache, tree-sitter, a model) and the screen
 * for the text it adds, bundled apart
 * (dist/hook-maps.js) from the rest of `skim`: a hook loads this and nothing of the MCP server
 * or the other commands.
 */
export { openEngineMaps } from './session';
export { screenMapEntry } from './hookScreen';
