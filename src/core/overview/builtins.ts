import { LanguageInfo } from '../structural/languages';

/**
 * The methods a language's own types have (Python's `str.split`, `list.append`; JavaScript's
 * `Array.prototype.map`; Java's `Object.equals`…), as its row in languages.json lists them: a
 * member use of one of these names (`x.split(`) most likely calls the builtin, so it says little of
 * a class in the tree that declares a method of the same name (`UserString.split`). Without the
 * types of the expressions, an overview cannot tell which is meant: such uses credit the tree's
 * methods only a tenth.
 */

interface Builtins {
  names: ReadonlySet<string>;
  pattern?: RegExp;
}

const byLanguage = new Map<LanguageInfo, Builtins>();

function builtinsOf(language: LanguageInfo): Builtins {
  let builtins = byLanguage.get(language);
  if (!builtins) {
    const names = new Set((language.builtinMembers ?? '').split(/\s+/).filter(Boolean));
    const pattern = language.builtinMemberPattern === undefined ? undefined : new RegExp(language.builtinMemberPattern);
    byLanguage.set(language, (builtins = { names, pattern }));
  }
  return builtins;
}

/** Whether a member use of `name` in code of the group `group` leads (languages' groupOf) most likely reaches one of the language's own methods. */
export function builtinMember(group: LanguageInfo | undefined, name: string): boolean {
  if (!group) return false;
  const { names, pattern } = builtinsOf(group);
  return names.has(name) || pattern?.test(name) === true;
}
