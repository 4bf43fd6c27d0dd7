/**
 * How the bench reads a declaration's name to match a region with a reference's tag: the last part
 * of a qualified name, and the type a Rust impl is for.
 */

const GENERICS = /<[^<>]*(<[^<>]*>[^<>]*)*>/g;

/**
 * The type a Rust impl is for, as ctags names it: the last part of what follows `for` (or of the
 * whole header, for an inherent impl), its generic arguments, a reference's `&'a mut`, `dyn` and a
 * trait object's further bounds (`Expected + 'a`) dropped: `MapAccess<'de> for &'a mut A` is A's.
 */
export const implType = (header: string): string =>
  lastPart(
    header
      .replace(GENERICS, '')
      .replace(/^.*?\sfor\s+/, '')
      .replace(/&\s*('\w+\s+)?(mut\s+)?|\bdyn\s+/g, '')
      .replace(/\s*\+.*$/, ''),
  );

/**
 * A name's last part, without template arguments: `std::vector<T>::push_back` and `push_back` are
 * one name, and so are Lua's `Template:substitute` and `substitute`, C#'s `operator ==` and `==`;
 * an Objective-C selector (`getBool:field:defaultValue:`) is named by its first part, and a prototype
 * (`Router.prototype = function`) by what it is the prototype of, as ctags names them.
 */
export const lastPart = (name: string): string => {
  if (/^\w+:(\w*:)*$/.test(name)) return name.slice(0, name.indexOf(':'));
  return (
    name
      .replace(GENERICS, '')
      .replace(/\.prototype$/, '')
      .replace(/^operator\b\s*/, '')
      .replace(/\s+/g, '')
      .split(/\.|::?|#/)
      .filter(Boolean)
      .pop() ?? name
  );
};
