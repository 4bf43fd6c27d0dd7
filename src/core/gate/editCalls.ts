/**
 * Which tool calls write files, and which read them, in each host, read from the tools the real
 * clients offer (Claude Code: Edit, Write, MultiEdit, NotebookEdit; the Copilot CLI: edit,
 * create; Copilot in VS Code: replace_string_in_file, multi_replace_string_in_file,
 * insert_edit_into_file, create_file, apply_patch, edit_notebook_file) and from Skim's own tools
 * (a read through skim_read_file or skim_find_symbol is a read the gate counts).
 */

/** Edits that replace part of a file: refused on a file that changed since it was read. Creating tools may also overwrite. */
const EDIT_TOOLS = new Set([
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
 * `mcp__skim__…`); a map or an outline shows none of them, so it is not a read the gate counts.
 */
const SKIM_READS = /^(mcp__skim__)?skim_(read_file|find_symbol)$/;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The files an `apply_patch` input names: `*** Update File: path`, `*** Add File: …`, `*** Delete File: …`. */
function patchFiles(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)].map((m) => m[1].trim());
}

/** The files an edit call writes, or undefined when the tool is not an edit. */
export function editedFiles(tool: string, input: Record<string, unknown>): string[] | undefined {
  if (!EDIT_TOOLS.has(tool)) return undefined;
  if (tool === 'apply_patch') return patchFiles(str(input.input) ?? str(input.patch) ?? '');
  if (tool === 'multi_replace_string_in_file' && Array.isArray(input.replacements)) {
    return [...new Set(input.replacements.map((r) => str((r as Record<string, unknown>)?.filePath)).filter((f): f is string => !!f))];
  }
  const file = str(input.file_path) ?? str(input.filePath) ?? str(input.path) ?? str(input.notebook_path);
  return file ? [file] : [];
}

/** The file a read by one of Skim's own tools names, or undefined for any other tool. */
export function skimReadFile(tool: string, input: Record<string, unknown>): string | undefined {
  return SKIM_READS.test(tool) ? str(input.filePath) : undefined;
}
