/** What a declaration's name says it belongs to: `Server.Start` is Start of Server. */

/**
 * A qualified name's parts: `Server.Start` is `Start` of `Server`, `Runner.prototype.run` is `run`
 * of `Runner.prototype`, `_Rb_tree<K, V>:: _M_copy` is `_M_copy` of `_Rb_tree<K, V>`. Separators
 * inside template arguments, parameters or brackets, and an operator's own characters, do not
 * count. Undefined for a name with no qualifier.
 */
export function splitQualified(name: string): { qualifier: string; separator: string; member: string } | undefined {
  if (name.includes(' = ')) return splitChained(name);
  const operator = name.search(/\boperator\b/);
  const scanned = operator === -1 ? name.length : operator;
  let depth = 0;
  let cut = -1;
  let width = 0;
  for (let i = 0; i < scanned; i++) {
    const c = name[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === '.') [cut, width] = [i, 1];
    else if (depth === 0 && c === ':' && name[i + 1] === ':') [cut, width, i] = [i, 2, i + 1];
  }
  const qualifier = name.slice(0, Math.max(0, cut)).trim();
  const member = name.slice(cut + width).trim();
  return cut > 0 && qualifier && member ? { qualifier, separator: name.slice(cut, cut + width), member } : undefined;
}

/**
 * A function assigned under several names (`res.set = res.header`): `set = header` of `res` when
 * every name has that qualifier, else no qualifier (`Buffer.prototype.equal = SlowBuffer.prototype.equal`).
 */
function splitChained(name: string): { qualifier: string; separator: string; member: string } | undefined {
  const parts = name.split(' = ').map((part) => splitQualified(part));
  const [first] = parts;
  if (!first || parts.some((p) => !p || p.qualifier !== first.qualifier || p.separator !== first.separator)) return undefined;
  return { qualifier: first.qualifier, separator: first.separator, member: parts.map((p) => p?.member).join(' = ') };
}

/** A qualifier without template arguments and white space: `_Rb_tree<K, V>` is `_Rb_tree`. */
export function bareQualifier(qualifier: string): string {
  let bare = qualifier.replace(/\s+/g, '');
  for (let before = ''; before !== bare;) [before, bare] = [bare, bare.replace(/<[^<>]*>/g, '')];
  return bare;
}

/** What a member's qualifier is matched against: the last part of a bare name, `.prototype` dropped (`std::vector<T>` is `vector`, `Runner.prototype` is `Runner`). */
export function ownerKey(name: string): string {
  const bare = bareQualifier(name).replace(/\.prototype$/, '');
  return bare.split(/\.|::/).filter(Boolean).pop() ?? bare;
}
