/**
 * One TOML table in a person's file (Codex's config.toml), found and written as lines: its header
 * (`[a.b]`), and its keys up to the first blank line, comment line or next header, so that
 * removing it takes out exactly what Skim wrote and keys added to it, never the person's lines
 * around it.
 */

/** A TOML basic string. */
export function tomlString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what a TOML string must escape
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/** A table's lines, each key a string or an array of strings. */
export function tomlTable(name: readonly string[], keys: Readonly<Record<string, string | readonly string[]>>, eol: string): string {
  const value = (v: string | readonly string[]) => (typeof v === 'string' ? tomlString(v) : `[${v.map(tomlString).join(', ')}]`);
  return [`[${name.join('.')}]`, ...Object.entries(keys).map(([key, v]) => `${key} = ${value(v)}`)].map((line) => `${line}${eol}`).join('');
}

/** A dotted key's parts, bare or quoted, as TOML reads them (escapes inside quotes aside). */
function keyParts(key: string): string[] | undefined {
  const parts: string[] = [];
  const part = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let match;
  while (part.lastIndex < key.length && (match = part.exec(key))) {
    parts.push(match[1] ?? match[2] ?? match[3]);
    if (match[4] === '') return parts;
  }
  return part.lastIndex === key.length && parts.length ? parts : undefined;
}

interface Line {
  text: string;
  /** A header's table name; `array` for `[[…]]`. */
  header?: { name: string[]; array: boolean };
}

function linesOf(text: string): Line[] {
  return text.split(/(?<=\n)/).map((line) => {
    const header = /^\s*(\[\[?)([^[\]]+)\]\]?\s*(#.*)?\r?\n?$/.exec(line);
    const name = header && keyParts(header[2]);
    return name ? { text: line, header: { name, array: header[1] === '[[' } } : { text: line };
  });
}

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((part, i) => part === b[i]);
const startsWith = (a: readonly string[], b: readonly string[]) => b.length <= a.length && b.every((part, i) => part === a[i]);

/** Where the table `name` stands in `text` (its header, then its keys), or undefined when it has no header of its own. */
export function findTable(text: string, name: readonly string[]): { start: number; end: number; body: string } | undefined {
  const lines = linesOf(text);
  const at = lines.findIndex((line) => line.header && !line.header.array && samePath(line.header.name, name));
  if (at === -1) return undefined;
  let end = at + 1;
  while (end < lines.length && !lines[end].header && lines[end].text.trim() !== '' && !lines[end].text.trim().startsWith('#')) end++;
  const offset = (i: number) => lines.slice(0, i).reduce((sum, line) => sum + line.text.length, 0);
  return {
    start: offset(at),
    end: offset(end),
    body: lines
      .slice(at, end)
      .map((line) => line.text)
      .join(''),
  };
}

/**
 * How `name` (a table, `[servers.skim]`) is given when Skim cannot edit it as one table of its
 * own: `table` when the table itself is there in another form (a sub-table's parent,
 * `[servers.skim.env]`; an inline table or dotted keys under its parent, `skim = {…}`,
 * `skim.command = …`; dotted keys at the top), `parent` when its parent is an inline table
 * (`servers = {…}`), whatever that holds; undefined when neither.
 */
export function tableElsewhere(text: string, name: readonly string[]): 'table' | 'parent' | undefined {
  let table: string[] = [];
  for (const line of linesOf(text)) {
    if (line.header) {
      if (startsWith(line.header.name, name) && !samePath(line.header.name, name)) return 'table';
      table = line.header.array ? ['[['] : line.header.name;
      continue;
    }
    if (samePath(table, name)) continue;
    const key = /^\s*([^=#]+?)\s*=/.exec(line.text);
    const parts = key && keyParts(key[1]);
    if (parts && startsWith([...table, ...parts], name)) return 'table';
    if (parts && samePath([...table, ...parts], name.slice(0, -1))) return 'parent';
  }
  return undefined;
}
