import { hashBytes } from '../files/scan';

/**
 * What a file holds once an edit the session made is on disk: in VS Code an agent's edit lands in
 * the editor first and is saved a moment later, so right after the edit the disk may still hold
 * the old text. For the edits whose result follows from their arguments (a string replaced, a
 * file written whole), that result's hash counts as the session's own view too.
 */

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

interface Replacement {
  from: string;
  to: string;
  all?: boolean;
}

function replacements(tool: string, input: Record<string, unknown>, sameFile: (named: unknown) => boolean): Replacement[] | undefined {
  const one = (from: unknown, to: unknown, all?: unknown): Replacement[] | undefined =>
    str(from) !== undefined && str(to) !== undefined ? [{ from: str(from) as string, to: str(to) as string, all: all === true }] : undefined;
  switch (tool) {
    case 'replace_string_in_file':
      return one(input.oldString, input.newString);
    case 'Edit':
      return one(input.old_string, input.new_string, input.replace_all);
    case 'edit':
      return one(input.old_str, input.new_str);
    case 'MultiEdit':
      return Array.isArray(input.edits)
        ? input.edits.flatMap(
            (e) =>
              one((e as Record<string, unknown>)?.old_string, (e as Record<string, unknown>)?.new_string, (e as Record<string, unknown>)?.replace_all) ?? [],
          )
        : undefined;
    case 'multi_replace_string_in_file':
      return Array.isArray(input.replacements)
        ? input.replacements
            .filter((r) => sameFile((r as Record<string, unknown>)?.filePath))
            .flatMap((r) => one((r as Record<string, unknown>).oldString, (r as Record<string, unknown>).newString) ?? [])
        : undefined;
    default:
      return undefined;
  }
}

/** The whole new content a writing tool gives, if it gives one. */
function written(tool: string, input: Record<string, unknown>): string | undefined {
  if (tool === 'Write' || tool === 'create_file') return str(input.content);
  if (tool === 'create') return str(input.file_text);
  return undefined;
}

/** The hash the file will have once this edit is on disk, when it follows from the arguments and the current text. */
export function expectedHash(tool: string, input: Record<string, unknown>, current: string, sameFile: (named: unknown) => boolean): string | undefined {
  const whole = written(tool, input);
  if (whole !== undefined) return hashBytes(Buffer.from(whole, 'utf8'));
  const steps = replacements(tool, input, sameFile);
  if (!steps?.length) return undefined;
  let text = current;
  for (const { from, to, all } of steps) {
    if (!from || !text.includes(from)) return undefined;
    text = all ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return hashBytes(Buffer.from(text, 'utf8'));
}
