/**
 * The methods a language's own types have (Python's `str.split`, `list.append`; JavaScript's
 * `Array.prototype.map`; Java's `Object.equals`…): a member use of one of these names (`x.split(`)
 * most likely calls the builtin, so it says little of a class in the tree that declares a method
 * of the same name (`UserString.split`). Without the types of the expressions, an overview cannot
 * tell which is meant: such uses credit the tree's methods only a tenth. Names are bare, as code
 * writes them after the dot.
 */

const PYTHON = `capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii
isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition
removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title
translate upper zfill append clear copy extend insert pop remove reverse sort fromkeys get items keys popitem setdefault update
values add difference difference_update discard intersection intersection_update isdisjoint issubset issuperset
symmetric_difference union decode hex fromhex read readline readlines write writelines close flush seek tell fileno truncate
readable writable seekable`;

const JAVASCRIPT = `at charAt charCodeAt codePointAt concat endsWith includes indexOf lastIndexOf localeCompare match matchAll normalize
padEnd padStart repeat replace replaceAll search slice split startsWith substring toLowerCase toUpperCase trim trimEnd trimStart
every fill filter find findIndex findLast findLastIndex flat flatMap forEach join keys map pop push reduce reduceRight reverse
shift some sort splice unshift values entries get set has delete clear add then catch finally toString valueOf hasOwnProperty
call apply bind toJSON test exec`;

const JAVA = `equals hashCode toString getClass compareTo length charAt substring indexOf startsWith endsWith trim split isEmpty
contains get set add put remove size clear iterator stream forEach map filter collect close read write append`;

const RUBY = `each map select reject collect inject reduce each_with_index each_with_object find detect include? push pop shift
unshift first last size length empty? keys values key? merge fetch to_s to_i to_a to_h to_sym split strip chomp gsub sub join
upcase downcase start_with? end_with? call new`;

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** By language group (overview's LANGUAGE_GROUP, else the language's id). */
const BUILTIN_MEMBERS: Record<string, ReadonlySet<string>> = {
  python: words(PYTHON),
  js: words(JAVASCRIPT),
  java: words(JAVA),
  kotlin: words(JAVA),
  ruby: words(RUBY),
};

/** Python's protocol methods (`__repr__`, `__iter__`) are called by the language, not named by the code. */
const PROTOCOL = /^__\w+__$/;

/** Whether a member use of `name` in code of `group` most likely reaches one of the language's own methods. */
export function builtinMember(group: string, name: string): boolean {
  return BUILTIN_MEMBERS[group]?.has(name) === true || (group === 'python' && PROTOCOL.test(name));
}
