import type { Node } from 'web-tree-sitter';
import { clipAtWord } from '../map/normalize';
import { withoutMarkup } from '../map/markup';
import { commentLines, isArt, isBanner, isDirective, isLicense } from './comments';

const PROSE_CHARS = 400;

/** Tags whose text describes the whole file (JSDoc, TSDoc, Doxygen); `@module` names it, the other lines describe it. */
const FILE_TAG = /(^|\s)[@\\](file|fileoverview|overview|module|packageDocumentation)\b/;
const DESCRIBING_TAG = /^[@\\](file|fileoverview|overview)\s+/;

/** An editor's mode line anywhere in a line (`Vector implementation -*- C++ -*-`). */
const MODE_LINE = /\s*-\*-.*?-\*-\s*/g;

/** Doxygen's `@file` takes the file's name (`@file bits/stl_vector.h`): a name, not a description. */
const FILE_NAME = /^[\w./-]+\.\w+$/;

/** An inline tag (`@headername{vector}`, `{@link x}` aside): a direction to the documentation tool. */
const INLINE_TAG = /\s*[@\\]\w+\{[^}]*\}/g;

/**
 * A field of a file header's record (`Author : …`, `Last Modified On: …`, `$Id: … $`): who and when,
 * not what. A `Description :` field's own text is the description.
 */
const HEADER_FIELD =
  /^(\$Id\b.*|(authors?|maintainer|created( on)?( node)?|last[ -](modified|changed|machine used|update)( by| on)?|update count|status|history|version|revision|date|file ?name|keywords|url|home ?page|description)\s*:)\s*(?<value>.*)$/i;

/**
 * A line of a header's provenance record: an RCS keyword (`$Revision: 1.7 $`), who wrote or changed
 * it (`by Keiju ISHITSUKA`, date.rb's `Written by Tadayoshi Funaba 1998-2011`), where it came from
 * (`Original from mutex.rb`).
 */
const RECORD =
  /^(\$[A-Z][A-Za-z]*\b[^$]*\$|((written|created|originally|original definition|revised|modified|patched|contributed|documentation|maintained|ported|translated)\s+)?by\s+\S|(original(ly)?|derived|adapted|taken)\s+from\s)/i;

/**
 * The first line of an Emacs file header (`updateConfFile.sh ---`, forwardable.rb's `forwardable.rb -`), a header line that is only the
 * file's name (`# tarfile.py`, serde's `# Serde` heading), or a record ending in its path
 * (OpenZeppelin's `OpenZeppelin Contracts (last updated v5.7.0) (access/AccessControl.sol)`).
 */
const HEADER_NAME_LINE = /^[\w./-]+(\.\w+|\s+-+)\s*$|^(=+|#{1,6})\s+[\w./-]+$|\([\w.-]+(\/[\w.-]+)+\.\w+\)$/;

/**
 * What leads a title's words: RDoc's or Markdown's heading marks (`= `, `## `), the file's name
 * and the dash or colon after it (`zlib.h -- interface of…`, `= delegate -- Support for…`,
 * `ostruct.rb: OpenStruct implementation`, `tempfile - manipulates…`), ASCII art's last
 * strokes (expat's `|_| XML parser`).
 */
const TITLE_LEAD = /^((=+|#{1,6})\s+)?([\w./+-]+\s+-{1,3}\s+|[\w/+-]+\.\w+:\s+)?([^\p{L}\p{N}\s]+\s+)*(?=[\p{L}\p{N}])/u;

/** A box comment's right edge (bzlib.h's `Public header file for the library.   ---`). */
const BOX_EDGE = /\s+([-=*#/~+])\1{2,}$/;

/** A comment that only names what comes next ("Module dependencies."): a heading over the imports, not a description of the file. */
const HEADING = /^(module\s+|external\s+|third[- ]party\s+)?(dependencies|imports|requires|includes|modules)\.?$/i;

/** A reStructuredText underline (`~~~`, `===`) under a title: ast.py's docstring opens with `ast` / `~~~`. */
const UNDERLINE = /^([=~^*+#"'`-])\1{2,}$/;

/** A comment's first paragraph without markers, tags, tool directives or a title; a file tag's own text kept. */
function commentText(raw: string): string {
  const paragraph: string[] = [];
  const lines = commentLines(raw);
  for (const [at, written] of lines.entries()) {
    if (!paragraph.length && UNDERLINE.test(lines[at + 1] ?? '') && (lines[at + 1] ?? '').length >= written.length) continue;
    const line = written.replace(MODE_LINE, ' ').replace(INLINE_TAG, '').replace(BOX_EDGE, '').trim();
    if (!line) {
      if (paragraph.length) break;
      continue;
    }
    const described = line.replace(DESCRIBING_TAG, '');
    if (described !== line) {
      if (described && !FILE_NAME.test(described)) paragraph.push(described);
      continue;
    }
    if (/^[@\\]\w/.test(line) || isDirective(line) || HEADER_NAME_LINE.test(line) || isArt(line)) continue;
    const field = HEADER_FIELD.exec(line);
    if (field) {
      if (/^description/i.test(line) && field.groups?.value) paragraph.push(field.groups.value);
      continue;
    }
    const words = paragraph.length ? line : line.replace(TITLE_LEAD, '');
    if (!RECORD.test(words)) paragraph.push(words);
  }
  const text = withoutMarkup(paragraph.join(' ')).replace(/\s+/g, ' ').trim();
  return clipAtWord(text, PROSE_CHARS);
}

const isComment = (node: Node) => node.type.endsWith('comment');

/** The first paragraph of consecutive comments, each read with its own markers (a line comment each, or block comments in a row). */
function blockText(block: readonly Node[]): string {
  const paragraph: string[] = [];
  for (const node of block) {
    const text = commentText(node.text);
    if (!text) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.push(text);
    // A block comment's own paragraph ends where it does; line comments run on.
    if (!/^\s*(\/\/|#|--)/.test(node.text)) break;
  }
  return clipAtWord(paragraph.join(' '), PROSE_CHARS);
}

/** Nodes before a file's first code that never describe it: a `#!` line, `'use strict'`, a PHP open tag and its `declare(strict_types=1);`. */
function isPreamble(node: Node): boolean {
  if (node.type === 'hash_bang_line' || node.type === 'php_tag' || node.type === 'declare_statement') return true;
  if (isComment(node) && node.text.startsWith('#!')) return true;
  return node.type === 'expression_statement' && /^['"]use \w+['"];?$/.test(node.text);
}

/** A module docstring: a string as the file's first statement, its prefix (`r"""`) dropped. */
const docstring = (node: Node) =>
  node.type === 'expression_statement' && node.firstNamedChild?.type === 'string'
    ? node.firstNamedChild.text.replace(/^[rRuUbBfF]{1,2}(?=['"])/, '')
    : undefined;

/**
 * The file's own description, where it has one: a module docstring, a comment tagged `@file`,
 * `@fileoverview` or `@module`, a Rust `//!` comment, a Go package comment, or a leading comment
 * that stands apart from the code below it (a blank line between) where the header has none of
 * those. Never a comment attached to
 * the statement below it: that describes the statement (mocha's "Module dependencies." heads its
 * imports), nor a licence, nor a heading that only names the imports.
 */
export function fileDescription(root: Node): string {
  const nodes = root.namedChildren.filter((n): n is Node => !!n);
  // A comment standing apart yields to a docstring or a file-tagged comment further down the header
  // (argparse's author lines before its docstring, libstdc++'s title line before its @file).
  let standing = '';
  let headed = false;
  let i = 0;
  while (i < nodes.length) {
    const first = nodes[i];
    if (isPreamble(first)) {
      i++;
      continue;
    }
    const doc = docstring(first);
    if (doc !== undefined) return commentText(doc) || standing;
    if (!isComment(first)) return standing;
    // Consecutive comments with no blank line between are one block (a Go package comment is one `//` node per line).
    let last = i;
    while (last + 1 < nodes.length && isComment(nodes[last + 1]) && nodes[last + 1].startPosition.row <= nodes[last].endPosition.row + 1) last++;
    const block = nodes.slice(i, last + 1);
    const next = nodes[last + 1];
    i = last + 1;
    // A banner under the header (lib.es5.d.ts's `/// ECMAScript APIs` between rules, past its
    // licence) heads the code below it; only the file's first comment may be its boxed title.
    const banner = headed && isBanner(block.flatMap((n) => commentLines(n.text)));
    headed = true;
    if (banner) continue;
    // A file-tagged comment describes the file with its own text, or not at all: the comment after
    // it in the block ("Module dependencies." under xunit's `@module XUnit`) is not its text.
    const tagged = block.find((n) => FILE_TAG.test(n.text));
    if (tagged) {
      const own = commentText(tagged.text);
      if (own && !isLicense(own)) return own;
      continue;
    }
    // A box of block comments, one a row (OCaml's `(* … *)` header), is one licence where any row is.
    if (block.length > 1 && !/^\s*(\/\/|#|--)/.test(block[0].text) && block.some((n) => isLicense(n.text))) continue;
    const text = blockText(block);
    if (!text || isLicense(text)) continue;
    if (/^\s*(\/\/!|\/\*!)/.test(block[0].text)) return text;
    const attached = next !== undefined && next.startPosition.row <= nodes[last].endPosition.row + 1;
    // A comment right above the module docstring (tarfile's name and rules) yields to it.
    if (attached && docstring(next) === undefined) return next.type === 'package_clause' ? text : standing;
    if (!HEADING.test(text)) standing ||= text;
  }
  return standing;
}
