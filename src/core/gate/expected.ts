import { hashBytes } from '../files/scan';
import { replacements, writtenWhole } from './editCalls';

/**
 * What a file holds once an edit the session made is on disk: in VS Code an agent's edit lands in
 * the editor first and is saved a moment later, so right after the edit the disk may still hold
 * the old text. For the edits whose result follows from their arguments (a string replaced, a
 * file written whole), that result's hash counts as the session's own view too.
 */

/** The hash the file will have once this edit is on disk, when it follows from the arguments and the current text. */
export function expectedHash(tool: string, input: Record<string, unknown>, current: string, sameFile: (named: unknown) => boolean): string | undefined {
  const whole = writtenWhole(tool, input);
  if (whole !== undefined) return hashBytes(Buffer.from(whole, 'utf8'));
  // A list of replacements may name several files (multi_replace_string_in_file): only this one's count.
  const steps = replacements(tool, input)?.filter((step) => step.holder === input || !('filePath' in step.holder) || sameFile(step.holder.filePath));
  if (!steps?.length) return undefined;
  let text = current;
  for (const { from, to, all } of steps) {
    if (!from || !text.includes(from)) return undefined;
    text = all ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return hashBytes(Buffer.from(text, 'utf8'));
}
