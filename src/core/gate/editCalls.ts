import { EDIT_TOOLS, SKIM_READ_TOOLS } from '../hook/tools';

/** The files and texts of the hosts' edit calls, and the files of Skim's own reads, as the gate reads them. */

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/**
 * The files an `apply_patch` input names: `*** Update File: path`, `*** Add File: …`,
 * `*** Delete File: …`, and the target of `*** Move to: …` (written like any other).
 */
function patchFiles(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:(?:Update|Add|Delete) File|Move to): (.+)$/gm)].map((m) => m[1].trim());
}

const patchOf = (input: Record<string, unknown>) => str(input.input) ?? str(input.patch) ?? '';

/** The files an edit call writes, or undefined when the tool is not an edit. */
export function editedFiles(tool: string, input: Record<string, unknown>): string[] | undefined {
  if (!EDIT_TOOLS.has(tool)) return undefined;
  if (tool === 'apply_patch') return patchFiles(patchOf(input));
  if (tool === 'multi_replace_string_in_file' && Array.isArray(input.replacements)) {
    return [
      ...new Set(
        records(input.replacements)
          .map((r) => str(r.filePath))
          .filter((f): f is string => !!f),
      ),
    ];
  }
  const file = str(input.file_path) ?? str(input.filePath) ?? str(input.path) ?? str(input.notebook_path);
  return file ? [file] : [];
}

/** The argument names that carry an edit's old and new text, per tool; lists of edits are read through `each`. */
const TEXT_FIELDS: Record<string, { fields: string[]; each?: string }> = {
  Edit: { fields: ['old_string', 'new_string'] },
  MultiEdit: { fields: ['old_string', 'new_string'], each: 'edits' },
  Write: { fields: ['content'] },
  NotebookEdit: { fields: ['new_source'] },
  edit: { fields: ['old_str', 'new_str'] },
  create: { fields: ['file_text'] },
  replace_string_in_file: { fields: ['oldString', 'newString'] },
  multi_replace_string_in_file: { fields: ['oldString', 'newString'], each: 'replacements' },
  insert_edit_into_file: { fields: ['code'] },
  create_file: { fields: ['content'] },
  apply_patch: { fields: ['input', 'patch'] },
  edit_notebook_file: { fields: ['newCode'] },
};

/** The old and new texts an edit call carries (the text it looks for, and the text it writes). */
export function editTexts(tool: string, input: Record<string, unknown>): string[] {
  const shape = TEXT_FIELDS[tool];
  if (!shape) return [];
  const holders = shape.each ? records(input[shape.each]) : [input];
  return holders.flatMap((holder) => shape.fields.map((field) => holder[field]).filter((v): v is string => typeof v === 'string'));
}

/** The file a read by one of Skim's own tools names, or undefined for any other tool. */
export function skimReadFile(tool: string, input: Record<string, unknown>): string | undefined {
  return SKIM_READ_TOOLS.has(tool) ? str(input.filePath) : undefined;
}
