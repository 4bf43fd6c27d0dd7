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

/**
 * Where each edit tool's arguments carry its text: a string replaced (`old` by `new`, every
 * occurrence where `all` is true), one or a list of them under `each`; a file written whole
 * (`whole`); or other text it writes (`text`: code to insert, a patch, a cell).
 */
interface EditShape {
  old?: string;
  new?: string;
  all?: string;
  each?: string;
  whole?: string;
  text?: string[];
}

const EDIT_SHAPES: Record<string, EditShape> = {
  Edit: { old: 'old_string', new: 'new_string', all: 'replace_all' },
  MultiEdit: { each: 'edits', old: 'old_string', new: 'new_string', all: 'replace_all' },
  Write: { whole: 'content' },
  NotebookEdit: { text: ['new_source'] },
  edit: { old: 'old_str', new: 'new_str' },
  create: { whole: 'file_text' },
  replace_string_in_file: { old: 'oldString', new: 'newString' },
  multi_replace_string_in_file: { each: 'replacements', old: 'oldString', new: 'newString' },
  insert_edit_into_file: { text: ['code'] },
  create_file: { whole: 'content' },
  apply_patch: { text: ['input', 'patch'] },
  edit_notebook_file: { text: ['newCode'] },
};

/** One string replaced by an edit; `holder` is the arguments (or the list item) it came from. */
export interface Replacement {
  from: string;
  to: string;
  all: boolean;
  holder: Record<string, unknown>;
}

/** The strings an edit call replaces, in order; undefined for a tool that replaces none. */
export function replacements(tool: string, input: Record<string, unknown>): Replacement[] | undefined {
  const shape = EDIT_SHAPES[tool];
  if (!shape?.old || !shape.new) return undefined;
  const holders = shape.each ? (Array.isArray(input[shape.each]) ? records(input[shape.each]) : undefined) : [input];
  return holders?.flatMap((holder) => {
    const [from, to] = [holder[shape.old as string], holder[shape.new as string]];
    return typeof from === 'string' && typeof to === 'string' ? [{ from, to, all: shape.all !== undefined && holder[shape.all] === true, holder }] : [];
  });
}

/** The whole new content a writing tool gives, if it gives one. */
export function writtenWhole(tool: string, input: Record<string, unknown>): string | undefined {
  const field = EDIT_SHAPES[tool]?.whole;
  const content = field === undefined ? undefined : input[field];
  return typeof content === 'string' ? content : undefined;
}

/** The old and new texts an edit call carries (the text it looks for, and the text it writes). */
export function editTexts(tool: string, input: Record<string, unknown>): string[] {
  const shape = EDIT_SHAPES[tool];
  if (!shape) return [];
  const others = [shape.whole, ...(shape.text ?? [])].map((field) => (field === undefined ? undefined : input[field]));
  return [...(replacements(tool, input) ?? []).flatMap((r) => [r.from, r.to]), ...others].filter((v): v is string => typeof v === 'string');
}

/** The file a read by one of Skim's own tools names, or undefined for any other tool. */
export function skimReadFile(tool: string, input: Record<string, unknown>): string | undefined {
  return SKIM_READ_TOOLS.has(tool) ? str(input.filePath) : undefined;
}
