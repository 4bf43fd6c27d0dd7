/**
 * The engine a hook opens when a read is oversized and no entry file holds its fresh map (the
 * cache in SQLite, tree-sitter, a model), bundled apart (dist/hook-maps.js) from the rest of
 * `skim`: a hook loads this and nothing of the MCP server or the other commands.
 */
export { openEngineMaps } from './session';
