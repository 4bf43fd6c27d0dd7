/**
 * The excerpt a model maps. Every line a region can begin or end on carries its number, so the
 * model copies numbers instead of counting. Blank lines and comment continuations carry none
 * (no region begins or ends there), nor do deep lines in the middle of a block; this keeps the
 * numbering's token overhead near a tenth of the file (measured by `npm run bench`).
 */
const DEEP_COLUMNS = 8;

function indentOf(line: string): number {
  let columns = 0;
  for (const ch of line) {
    if (ch === ' ') columns++;
    else if (ch === '\t') columns += 4;
    else break;
  }
  return columns;
}

const COMMENT_CONTINUATION = /^\s*(\*(?!\/)|\/\/|#(\s|$)|--\s)/;
const COMMENT_OPENER = /^\s*\/\*/;

export function numberLines(lines: readonly string[]): string {
  const out: string[] = new Array(lines.length);
  let nextIndent = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.trim() === '') {
      out[i] = '';
      continue;
    }
    const indent = indentOf(line);
    const continuation = COMMENT_CONTINUATION.test(line) && !COMMENT_OPENER.test(line);
    const boundary = indent <= DEEP_COLUMNS || nextIndent < indent;
    out[i] = !continuation && boundary ? `${i + 1} ${line}` : line;
    nextIndent = indent;
  }
  return out.join('\n');
}
