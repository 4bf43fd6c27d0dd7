/**
 * The name a line of code defines, read from the line alone: what a diff's hunk header says the
 * hunk is in (git's function line: `def render(context)`, `func (s *Server) Serve(l net.Listener)
 * error {`, `public Builder addMember(String name) {`) and what a changed line declares. No
 * parse: a past commit's file is not at hand, so its functions are named here and placed later in
 * today's outline of the file by name, where a name nothing declares places nothing.
 */

/** Words that open a statement, never a declaration's name: `if (x) {`, `return foo(a,`. */
const NOT_NAMES = new Set(
  `if else elif for foreach while do switch case return throw new delete await yield catch try finally with using sizeof typeof
  instanceof in of not and or unless until when match loop defer go select lambda assert print super this self static const let
  var public private protected internal async get set export default final override virtual inline extern void`.split(/\s+/),
);

/** A keyword that opens a definition, and the name after it (`def self.call`, `fn parse<T>`, `func (r *R) Read(`, `function* gen(`). */
const KEYWORD = /\b(?:def|defp|defmacro|fn|func|function\*?|sub|proc|macro_rules!)\s+(?:\([^)]*\)\s*)?(?:self\.)?([\p{L}_$][\p{L}\p{N}_$]*[?!=]?)/u;
/** A name given a function: `parse = function`, `parse: async (a) =>`, `const parse = (a) =>`. */
const ASSIGNED = /([\p{L}_$][\p{L}\p{N}_$]*)\s*[:=]\s*(?:async\s+)?(?:function\b|(?:\([^)]*\)|[\p{L}_$][\p{L}\p{N}_$]*)\s*=>)/u;
/** A name before a parameter list: `Type name(args) {`, `name(args) {` (a method), `MACRO(type) name(args)`; not a call's `name(args);`. */
const BEFORE_PARAMETERS = /([\p{L}_$~][\p{L}\p{N}_$]*)\s*(?:<[^<>()]*>\s*)?\(/gu;
/** Modifiers a signature may open with, which are also words that open a statement. */
const MODIFIERS = /^(public|private|protected|internal|static|async|export|default|final|override|virtual|inline|extern|void|const)$/;

/** The name `line` defines, or undefined when it reads as no definition. */
export function definedName(line: string): string | undefined {
  const text = line.trim();
  if (!text || /^(\/\/|#|\/\*|\*|--)/.test(text)) return undefined;
  const keyword = KEYWORD.exec(text);
  if (keyword) return keyword[1];
  const assigned = ASSIGNED.exec(text);
  if (assigned && !NOT_NAMES.has(assigned[1])) return assigned[1];
  // A call's line ends in `;` or `,`; a signature's in `{`, `:`, `)` or a return type.
  if (/[;,]\s*$/.test(text)) return undefined;
  const first = text.split(/[\s(]/)[0];
  if (NOT_NAMES.has(first) && !MODIFIERS.test(first)) return undefined;
  // The last name before a parameter list that follows no operator: `CJSON_PUBLIC(cJSON *) cJSON_Parse(` names cJSON_Parse.
  let found: string | undefined;
  for (const match of text.matchAll(BEFORE_PARAMETERS)) {
    const before = text.slice(0, match.index).trimEnd();
    if (NOT_NAMES.has(match[1]) || /[=(,.!|+\-/%?]$/.test(before)) continue;
    found = match[1];
  }
  return found;
}
