import skimReadTools from './skimReadTools.json';

/**
 * The tools Skim has a part in, by the names the hosts give them: the hosts' own reads (the guard),
 * their edits (the gate), read from the tools the real clients offer (Claude Code: Read, Edit,
 * Write, MultiEdit, NotebookEdit; the Copilot CLI: view, edit, create; Copilot in VS Code:
 * read_file, replace_string_in_file, multi_replace_string_in_file, insert_edit_into_file,
 * create_file, apply_patch, edit_notebook_file), and Skim's own reads (a read through
 * skim_read_file or skim_find_symbol is a read the gate counts).
 */

/** Tools that read a file, in each host. Anything else passes untouched. */
export const READ_TOOLS: ReadonlySet<string> = new Set(['Read', 'read_file', 'view', 'copilot_readFile']);

/** Edits that replace part of a file: refused on a file that changed since it was read. Creating tools may also overwrite. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set([
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit',
  'edit',
  'create',
  'replace_string_in_file',
  'multi_replace_string_in_file',
  'insert_edit_into_file',
  'create_file',
  'apply_patch',
  'edit_notebook_file',
]);

/**
 * Reads by Skim's own tools that show the file's lines (as extension tools, or over MCP as
 * `mcp__skim__…`), as their declarations say (`npm run tools:write`); a map or an outline shows
 * none of them, so it is not a read the gate counts.
 */
export const SKIM_READ_TOOLS: ReadonlySet<string> = new Set(skimReadTools.flatMap((tool) => [tool, `mcp__skim__${tool}`]));
