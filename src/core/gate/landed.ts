import { editShape, replacements, writtenWhole } from './editCalls';

/**
 * Whether an edit the session made is in a file's text now, from the edit's own new text: a file
 * written whole holds exactly it; a string replaced, its new string (a deletion: no more of the
 * old one); other text an edit writes (code inserted, a patch's added lines, a notebook cell), each
 * of its lines that says something. Undefined when the edit carries nothing to tell by. A host
 * that sends its post-tool payload for a call that did not run (denied, or failed) must not have
 * the file's text counted as the session's own: the gate stamps only an edit that is there.
 */
export function editLanded(tool: string, input: Record<string, unknown>, text: string, sameFile: (named: unknown) => boolean): boolean | undefined {
  const whole = writtenWhole(tool, input);
  if (whole !== undefined) return text === whole;
  const steps = replacements(tool, input)?.filter((step) => step.holder === input || !('filePath' in step.holder) || sameFile(step.holder.filePath));
  if (steps?.length) return steps.every(({ from, to }) => (to === '' ? from !== '' && !text.includes(from) : text.includes(to)));
  const lines = writtenLines(tool, input, sameFile);
  return lines.length ? lines.every((line) => text.includes(line)) : undefined;
}

/** Lines an edit writes that show it is there: not blank, not an elision (`// ...existing code...`), a patch's added lines in this file's sections. */
function writtenLines(tool: string, input: Record<string, unknown>, sameFile: (named: unknown) => boolean): string[] {
  const shape = editShape(tool, input);
  const texts = (shape?.text ?? []).map((field) => input[field]).filter((v): v is string => typeof v === 'string');
  const lines = shape?.patch ? texts.flatMap((patch) => addedLines(patch, sameFile)) : texts.flatMap((t) => t.split('\n'));
  return lines.map((line) => line.trim()).filter((line) => line.length > 2 && !/\.\.\.\s*existing code\s*\.\.\./i.test(line));
}

/** The lines a patch adds to the files `sameFile` names (`+` lines under `*** Update File:` or `*** Add File:`). */
function addedLines(patch: string, sameFile: (named: unknown) => boolean): string[] {
  const out: string[] = [];
  let mine = false;
  for (const line of patch.split('\n')) {
    const file = /^\*\*\* (?:(?:Update|Add|Delete) File|Move to): (.+)$/.exec(line);
    if (file) mine = sameFile(file[1].trim());
    else if (mine && line.startsWith('+')) out.push(line.slice(1));
  }
  return out;
}
