import * as path from 'node:path';
import { EDIT_SHAPES, SHELL_TOOLS } from '../hook/hosts';
import { EditShape } from '../hook/hosts/host';
import { SKIM_READ_TOOLS } from '../hook/tools';
import { recognizeInPlaceEdit } from '../shell/inPlaceEdit';

/** The files and texts of the hosts' edit calls, and the files of Skim's own reads, as the gate reads them. */

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];

/** Whether the call's arguments meet the shape's conditions (str_replace_editor edits except when it views). */
const applies = (shape: EditShape, input: Record<string, unknown>) =>
  Object.entries(shape.when ?? {}).every(([field, values]) => values.includes(input[field] as string));

/** Whether the arguments are of this shape: they hold what names its file (or its patch). */
function fits(shape: EditShape, input: Record<string, unknown>): boolean {
  if (shape.patch) return (shape.text ?? []).some((field) => typeof input[field] === 'string');
  if (shape.eachFile) return Array.isArray(input[shape.each as string]);
  return shape.file === undefined || typeof input[shape.file] === 'string';
}

/** A command that runs `apply_patch` (or `applypatch`) on a heredoc, alone or after `cd …&&`: Codex's patch written as a shell command. */
const HEREDOC_PATCH = /(?:^|[;&|]|\n)\s*(?:apply_patch|applypatch)\s*<<-?\s*(['"]?)[A-Za-z_][\w-]*\1[ \t]*\r?\n/;

/** The argument of a shell call that holds a heredoc patch (any host's shell tool), else undefined: the same edit the apply_patch tool makes. */
function shellPatchArgument(tool: string, input: Record<string, unknown>): string | undefined {
  const shell = SHELL_TOOLS.get(tool);
  const command = shell && str(input[shell.command]);
  return command && HEREDOC_PATCH.test(command) ? shell.command : undefined;
}

/** A name as a folder sees it: under it, unless the name is absolute (`..` taken off as bash's cd does). */
const under = (dir: string | undefined, name: string) => (dir === undefined || path.isAbsolute(name) ? name : path.join(dir, name));

/**
 * The in-place edit a shell call provably makes (sed -i, perl -pi; core/shell/inPlaceEdit), on any
 * host's shell tool: the argument holding the command line, and the files it rewrites as named
 * from the call's folder (past the tool's own folder argument and a leading cd).
 */
function shellInPlaceEdit(tool: string, input: Record<string, unknown>): { field: string; files: string[] } | undefined {
  const shell = SHELL_TOOLS.get(tool);
  const command = shell && str(input[shell.command]);
  const edit = command ? recognizeInPlaceEdit(command, shell.dialect) : undefined;
  if (!shell || !edit) return undefined;
  const base = shell.dir === undefined ? undefined : str(input[shell.dir]);
  return { field: shell.command, files: edit.files.map((file) => under(base, under(edit.dir, file))) };
}

/**
 * The shape of an edit call: of the shapes its tool's name has in the hosts, the first that
 * applies and that its arguments fit, else the first that applies; undefined when the call is no
 * edit.
 */
export function editShape(tool: string, input: Record<string, unknown>): EditShape | undefined {
  const shell = shellPatchArgument(tool, input);
  if (shell) return { patch: true, text: [shell] };
  const inPlace = shellInPlaceEdit(tool, input);
  if (inPlace) return { script: [inPlace.field] };
  const shapes = (EDIT_SHAPES.get(tool) ?? []).filter((shape) => applies(shape, input));
  return shapes.find((shape) => fits(shape, input)) ?? shapes[0];
}

/**
 * The files an `apply_patch` input names: `*** Update File: path`, `*** Add File: …`,
 * `*** Delete File: …`, and the target of `*** Move to: …` (written like any other).
 */
function patchFiles(patch: string): string[] {
  return [...patch.matchAll(/^\*\*\* (?:(?:Update|Add|Delete) File|Move to): (.+)$/gm)].map((m) => m[1].trim());
}

/** The files an edit call writes, or undefined when the call is not an edit. */
export function editedFiles(tool: string, input: Record<string, unknown>): string[] | undefined {
  const shape = editShape(tool, input);
  if (!shape) return undefined;
  if (shape.script) return shellInPlaceEdit(tool, input)?.files ?? [];
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
  const file = shape.file === undefined ? undefined : str(input[shape.file]);
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
  const shape = editShape(tool, input);
  if (!shape?.old || !shape.new) return undefined;
  const holders = shape.each ? (Array.isArray(input[shape.each]) ? records(input[shape.each]) : undefined) : [input];
  return holders?.flatMap((holder) => {
    const [from, to] = [holder[shape.old as string], holder[shape.new as string]];
    return typeof from === 'string' && typeof to === 'string' ? [{ from, to, all: shape.all !== undefined && holder[shape.all] === true, holder }] : [];
  });
}

/** The whole new content a writing tool gives, if it gives one. */
export function writtenWhole(tool: string, input: Record<string, unknown>): string | undefined {
  const field = editShape(tool, input)?.whole;
  const content = field === undefined ? undefined : input[field];
  return typeof content === 'string' ? content : undefined;
}

/** The old and new texts an edit call carries (the text it looks for, and the text it writes). */
export function editTexts(tool: string, input: Record<string, unknown>): string[] {
  const shape = editShape(tool, input);
  if (!shape) return [];
  const others = [shape.whole, ...(shape.text ?? []), ...(shape.script ?? [])].map((field) => (field === undefined ? undefined : input[field]));
  return [...(replacements(tool, input) ?? []).flatMap((r) => [r.from, r.to]), ...others].filter((v): v is string => typeof v === 'string');
}

/** The file a read by one of Skim's own tools names, or undefined for any other tool. */
export function skimReadFile(tool: string, input: Record<string, unknown>): string | undefined {
  return SKIM_READ_TOOLS.has(tool) ? str(input.filePath) : undefined;
}
