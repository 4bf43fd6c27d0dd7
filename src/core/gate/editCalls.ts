import { EDIT_SHAPES, FILE_FIELDS } from '../hook/hosts';
import { SKIM_READ_TOOLS } from '../hook/tools';

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

/** The files an edit call writes, or undefined when the tool is not an edit. */
export function editedFiles(tool: string, input: Record<string, unknown>): string[] | undefined {
  const shape = EDIT_SHAPES.get(tool);
  if (!shape) return undefined;
  if (shape.patch) return patchFiles((shape.text ?? []).map((field) => str(input[field])).find((text) => text !== undefined) ?? '');
  const items = shape.each ? input[shape.each] : undefined;
  if (shape.eachFile && Array.isArray(items)) {
    return [
      ...new Set(
        records(items)
          .map((r) => str(r[shape.eachFile as string]))
          .filter((f): f is string => !!f),
      ),
    ];
  }
  const file = [shape.file, ...FILE_FIELDS].map((field) => (field === undefined ? undefined : str(input[field]))).find((f) => f !== undefined);
  return file ? [file] : [];
}

/** One string replaced by an edit; `holder` is the arguments (or the list item) it came from. */
export interface Replacement {
  from: string;
  to: string;
  all: boolean;
  holder: Record<string, unknown>;
}

/** The strings an edit call replaces, in order; undefined for a tool that replaces none. */
export function replacements(tool: string, input: Record<string, unknown>): Replacement[] | undefined {
  const shape = EDIT_SHAPES.get(tool);
  if (!shape?.old || !shape.new) return undefined;
  const holders = shape.each ? (Array.isArray(input[shape.each]) ? records(input[shape.each]) : undefined) : [input];
  return holders?.flatMap((holder) => {
    const [from, to] = [holder[shape.old as string], holder[shape.new as string]];
    return typeof from === 'string' && typeof to === 'string' ? [{ from, to, all: shape.all !== undefined && holder[shape.all] === true, holder }] : [];
  });
}

/** The whole new content a writing tool gives, if it gives one. */
export function writtenWhole(tool: string, input: Record<string, unknown>): string | undefined {
  const field = EDIT_SHAPES.get(tool)?.whole;
  const content = field === undefined ? undefined : input[field];
  return typeof content === 'string' ? content : undefined;
}

/** The old and new texts an edit call carries (the text it looks for, and the text it writes). */
export function editTexts(tool: string, input: Record<string, unknown>): string[] {
  const shape = EDIT_SHAPES.get(tool);
  if (!shape) return [];
  const others = [shape.whole, ...(shape.text ?? [])].map((field) => (field === undefined ? undefined : input[field]));
  return [...(replacements(tool, input) ?? []).flatMap((r) => [r.from, r.to]), ...others].filter((v): v is string => typeof v === 'string');
}

/** The file a read by one of Skim's own tools names, or undefined for any other tool. */
export function skimReadFile(tool: string, input: Record<string, unknown>): string | undefined {
  return SKIM_READ_TOOLS.has(tool) ? str(input.filePath) : undefined;
}
