import type { Node } from 'web-tree-sitter';
import { beforeTopLevel, clipWhole, openBrackets } from '../map/clip';
import { withoutBullet, withoutMarkup, sentenceEnd } from '../map/markup';
import { commentLines, isBanner, isDirective, isHeading, isLicense, isRule } from './comments';

/**
 * A declaration's note: the first sentence of its doc comment when it has one, else its
 * signature on one line (parameters and return type, or what a class extends), else nothing.
 * A note is cut only between tokens: no note is better than a broken one.
 */
const NOTE_CHARS = 120;

/** Clips text where it reads whole (map/clip), keeping more than a third of it; else no note. */
const clipAtToken = (text: string, max: number) => clipWhole(text, max, max / 3) ?? '';

/** A line of a call-seq block (`:call-seq:` and the usage lines under it, up to a blank line): how to call, not what it does. */
const CALL_SEQ = /^:?call-seq:/;

/** A line that only marks the code for a tool or a reader's search: libstdc++'s `_GLIBCXX_RESOLVE_LIB_DEFECTS` over a defect report's number. */
const MARKER = /^_[A-Z][A-Z0-9_]+$/;

/**
 * A comment's first paragraph of words: rule, heading and directive lines, tag lines (@param, :param), a
 * call-seq block and RDoc directives (`:nodoc:`) dropped; a @brief's (or NatSpec's @dev) tag, a list item's bullet,
 * Doxygen's `%` before a word (`%list`) and inline markup (`+read+`, `**x**`, `<tt>x</tt>`) too.
 */
function commentWords(lines: readonly string[]): string {
  const paragraph: string[] = [];
  // A call-seq's usage lines and a tag's own lines (`@param __p  Iterator…` / `insert at.`) run to a blank line.
  let skipping = false;
  for (const line of lines) {
    if (!line) {
      skipping = false;
      if (paragraph.length) break;
      continue;
    }
    const words = withoutBullet(line.replace(/^[@\\](brief|summary|description|dev|notice)\s+/, ''));
    // An RDoc directive (`:nodoc:`, delegate.rb's `:method: freeze` over its doc) is its line alone.
    if (!CALL_SEQ.test(line) && /^:\w+:(\s|$)/.test(line)) continue;
    // A tag (`@param`, `:param x:`) and an RDoc labelled list's item (uri's `+scheme+:: Protocol scheme`) are a field, not a sentence.
    if (CALL_SEQ.test(line) || /^[@:\\]\w|^[^\s:]+::(\s|$)/.test(words)) {
      if (paragraph.length) break;
      skipping = true;
    }
    if (!skipping && !isRule(line) && !isHeading(line) && !isDirective(line) && !MARKER.test(line)) paragraph.push(words);
  }
  return withoutMarkup(paragraph.join(' '))
    .replace(/:(nodoc|stopdoc|startdoc|doc):/g, '')
    .replace(/(^|\s)%(?=\w)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words a phrase cannot end on: a first paragraph ending on one, with more below it, goes on there. */
const DANGLING = /\b(to|as|of|with|by|for|from|in|on|at|the|a|an|and|or|like|than)$/i;

/** Whether a comment has words past its first paragraph. */
function paragraphsFollow(lines: readonly string[]): boolean {
  const first = lines.findIndex(Boolean);
  const gap = lines.indexOf('', first);
  return first !== -1 && gap !== -1 && lines.slice(gap).some(Boolean);
}

/** The first sentence of a comment, or '' for a licence header or a comment with no words. */
function firstSentence(lines: readonly string[], max = NOTE_CHARS): string {
  const words = commentWords(lines);
  // A licence anywhere in the comment makes it a licence header, not the declaration's documentation.
  if (!words || isLicense(lines.join(' '))) return '';
  const end = sentenceEnd(words);
  // A paragraph that breaks off before its example (fileutils' "Equivalent to" over an indented call) is a broken note;
  // gzappend's `/* skip over n bytes of in */` ends on its variable.
  if (end === -1 && DANGLING.test(words) && paragraphsFollow(lines)) return '';
  return clipAtToken(end === -1 ? words : words.slice(0, end), max);
}

const isComment = (node: Node) => /comment/.test(node.type);

/** A comment of its own lines (C's block comment, a Lua `--[[ ]]`), not one line of a run of line comments. */
const isBlockComment = (node: Node) => node.text.trimEnd().includes('\n') || /^\s*(\/\*|\(\*|--\[)/.test(node.text);

/**
 * The comment that documents `outer`, as lines without markers: a Python docstring first (the
 * body's first statement, its prefix and quotes dropped), which is that language's documentation
 * where a comment above is a banner (inspect's `# ---- type-checking`) or a FIXME (statistics'
 * median); else the block comment directly above it (no blank line between), or the run of line
 * comments there (a group's heading comment over a JSDoc, lib.es5.d.ts's `// Non-standard
 * extensions`, is not the JSDoc's); none where that is a section banner, a work note (TODO, FIXME,
 * XXX) or its paragraph nearest the declaration a heading (rack's `## ==== Request`).
 */
function docComment(outer: Node, definition: Node): string[] {
  const docstring = docstringOf(definition);
  if (docstring) return docstring;
  const nodes: Node[] = [];
  let next = outer.startPosition.row;
  for (let sibling = outer.previousNamedSibling; sibling && isComment(sibling); sibling = sibling.previousNamedSibling) {
    if (sibling.endPosition.row < next - 1 || (nodes.length && (isBlockComment(sibling) || isBlockComment(nodes[0])))) break;
    nodes.unshift(sibling);
    next = sibling.startPosition.row;
  }
  const lines = nodes.flatMap((node) => commentLines(node.text));
  if (nodes.length && !isBanner(lines) && !headsASection(lines) && !isWorkNote(lines)) return lines;
  return [];
}

/**
 * A Python docstring's lines: a string as the first statement of a `block` body (Python's; a
 * decorated definition's is in the function it decorates). JavaScript's `'use strict'` is in a
 * `statement_block`, never taken for one.
 */
function docstringOf(definition: Node): string[] | undefined {
  const body = (definition.childForFieldName('definition') ?? definition).childForFieldName('body');
  const first = body?.type === 'block' ? body.firstNamedChild : undefined;
  if (first?.type !== 'expression_statement' || first.firstNamedChild?.type !== 'string') return undefined;
  return commentLines(docstringText(first.firstNamedChild.text));
}

/** A comment that records work left to do (`FIXME: investigate…`, `TODO: fix this`, `XXX`): about the code's state, not what it is. */
const isWorkNote = (lines: readonly string[]) => /^(TODO|FIXME|XXX|HACK)\b/.test(lines.find(Boolean) ?? '');

/** Whether a comment's last paragraph, the one nearest the declaration, is only headings. */
function headsASection(lines: readonly string[]): boolean {
  let last = lines.length - 1;
  while (last >= 0 && !lines[last]) last--;
  let from = last;
  while (from > 0 && lines[from - 1]) from--;
  const paragraph = lines.slice(from, last + 1);
  return paragraph.some(isHeading) && paragraph.every((line) => isHeading(line) || isRule(line));
}

/** A docstring's text: `r"""…"""` and `'…'` alike lose their prefix and quotes. */
const docstringText = (literal: string) => literal.replace(/^[rRuUbBfF]{0,2}("""|'''|"|')([\s\S]*)\1$/, '$2');

const BODY =
  /(^|_)(body|block)$|^(declaration_list|compound_statement|field_declaration_list|enumerator_list|statement_block|do_block|template_body|class_body|enum_body|enum_class_body|protocol_body|extension_body|block)$/;

/** Where the declaration's body begins: its `body` field, inside an assigned value, or a child that looks like one. */
function bodyOf(node: Node, depth = 0): Node | null {
  const body = node.childForFieldName('body');
  if (body) return body;
  if (depth >= 3) return null;
  const value = node.childForFieldName('value') ?? node.childForFieldName('right');
  if (value) return bodyOf(value, depth + 1) ?? value;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (BODY.test(child.type)) return child;
    if (/declarator$|binding$|^assignment_expression$/.test(child.type)) {
      const inner = bodyOf(child, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

/** Removes `keyword(…)` with balanced parentheses, or the bare keyword: `noexcept(noexcept(f()))`. */
function withoutClause(text: string, keyword: RegExp): string {
  for (let found = keyword.exec(text); found; found = keyword.exec(text)) {
    let end = found.index + found[0].length;
    const open = text.slice(end).search(/\S/);
    if (open !== -1 && text[end + open] === '(') {
      let depth = 0;
      for (end += open; end < text.length; end++) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')' && --depth === 0) break;
      }
      end++;
    }
    text = `${text.slice(0, found.index)}${text.slice(end)}`;
  }
  return text;
}

/**
 * What the declaration says between its name and its body, on one line: comments and
 * preprocessor lines left out, a C++ constructor's member initializers and exception
 * specification too (neither tells overloads apart; the parameters do).
 */
function signature(source: string, definition: Node, name: Node | undefined): string {
  const afterName = !!name && name.endIndex <= definition.endIndex;
  const from = afterName ? name.endIndex : definition.startIndex;
  const body = bodyOf(definition);
  let to = body && body.startIndex >= from ? body.startIndex : lineEnd(source, from, definition.endIndex);
  // Without a body, a signature over several lines (`constructor(\n  a: A,\n  b: B,\n)`) goes on until its brackets close.
  if (!(body && body.startIndex >= from))
    while (to < definition.endIndex && to - from < SIGNATURE_SPAN && openBrackets(source.slice(from, to), afterName))
      to = lineEnd(source, to + 1, definition.endIndex);
  let text = source.slice(from, to);
  const initializers = text.includes(':') ? definition.namedChildren.find((child) => child?.type === 'field_initializer_list') : undefined;
  if (initializers && initializers.startIndex >= from) text = source.slice(from, Math.min(to, initializers.startIndex));
  // Most signatures have no comment, continuation or exception clause: each pass runs only where one may be.
  if (/[/#\\]/.test(text))
    text = text
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .replace(/(^|\s)(\/\/|#(?!\[))[^\n]*/g, ' ')
      .replace(/\\\n/g, ' ');
  // On one line as it would be written on one: no space inside a bracket's ends, no comma before its close (`(\n  a,\n)` is `(a)`).
  text = text
    .replace(/\s+/g, ' ')
    .replace(/([([{]) /g, '$1')
    .replace(/,? ?([)\]}])/g, '$1')
    .trim();
  if (/\b(noexcept|throw)\b/.test(text)) text = withoutClause(withoutClause(text, /\s*\bnoexcept\b/), /\s*\bthrow\b(?=\s*\()/);
  // Without a body node, what follows the name may run into the body itself: keep what comes before it, outside brackets
  // (a type parameter's default, `<T = any>`, is the signature's own).
  if (!body) text = beforeTopLevel(text, /[{;]|\bend\b|\bdo\b|(?<![=!<>])=(?![=>])/y, afterName).trimEnd();
  text = text
    .replace(
      /^(\[[^\]]*\]\s*)?(=|:=|:(?=\s*(async\s+)?(function\b|\()))\s*(async\s+)?(function\b\s*\*?\s*[\w$]*\s*)?/,
      (_, key: string | undefined) => key?.trim() ?? '',
    )
    .replace(/,?\s*do:.*$/, '')
    .replace(/\s*(\{|:|=>|=|->|\bdo|\bthen|\bwhere)$/, '')
    .replace(/[,;\\]$/, '')
    .trim();
  // A macro between the name and the body (libstdc++'s `namespace std _GLIBCXX_VISIBILITY(default)`) says nothing of the declaration.
  if (ONLY_MACROS.test(text)) return '';
  return clipAtToken(text, NOTE_CHARS);
}

/** The most characters a signature without a body is looked for over, across its lines. */
const SIGNATURE_SPAN = 1_000;

/** Where the line holding `from` ends, within `end`. */
function lineEnd(source: string, from: number, end: number): number {
  const at = source.indexOf('\n', from);
  return at === -1 ? end : Math.min(end, at);
}

/** Macro names, each with its arguments or not, and nothing else. */
const ONLY_MACROS = /^[A-Z_][A-Z0-9_]*_[A-Z0-9_]*(\([^()]*\))?(\s+[A-Z_][A-Z0-9_]*(\([^()]*\))?)*$/;

/** Kinds of an accessor: its parameters (`(self, name)` of a setter) tell a reader nothing its kind does not. */
const ACCESSORS = new Set(['property', 'setter', 'deleter']);

/** `source` is the parsed text: tree-sitter's indexes are into it (UTF-16 code units in web-tree-sitter). */
export function noteFor(source: string, kind: string, definition: Node, outer: Node, name: Node | undefined, overloaded = false): string {
  if (kind === 'suite' || kind === 'test') return '';
  // An overload's signature is what tells it from its siblings of the same name.
  if (overloaded) return signature(source, definition, name) || firstSentence(docComment(outer, definition));
  const doc = firstSentence(docComment(outer, definition));
  if (ACCESSORS.has(kind)) return doc && withoutOwnName(doc, name?.text ?? '');
  return (doc && withoutOwnName(doc, name?.text ?? '')) || signature(source, definition, name);
}

/** Words a sentence's remainder cannot start with: the name was its subject's noun or a verb's object ("The name of…", "Visit a node."). */
const FRAGMENT_START = /^(of|a|an|the|to|for|with|by|from|in|on|at|and|or)\b/i;

/**
 * "A Handler responds to…" on Handler says "responds to…", "Usage: cache_get [REVS...]" on
 * cache_get says "Usage: [REVS...]" and "Login, default anonymous." on login "default anonymous.":
 * the map already shows the name. The sentence stays whole where what is left is no sentence of two
 * words or more (enum's "The name of the Enum member.", typing's "Optional type.") and where the name
 * is the first part of a word (`center-justify`).
 */
function withoutOwnName(sentence: string, name: string): string {
  if (!name) return sentence;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`^(usage:\\s+|(?:a|an|the)\\s+)?${escaped}\\b(?!::|\\.\\w|-\\w)\\s*(?:\\(\\))?\\s*([-–—,;]\\s*|:(?!:)\\s*)?`, 'i').exec(sentence);
  if (!found) return sentence;
  const [lead, article, separator] = found;
  const rest = sentence.slice(lead.length);
  if (article && /^usage/i.test(article)) return rest ? `${article}${rest}` : sentence;
  const words = rest.match(/[\p{L}\p{N}]+/gu) ?? [];
  // After a separator ("Login, the default…") the words are a sentence's own; else they must go on from the name.
  return words.length < 2 || (!separator && FRAGMENT_START.test(rest)) ? sentence : rest;
}
