import type { Node } from 'web-tree-sitter';
import { countsText } from '../map/render';
import { clipAtWord } from '../map/normalize';
import { Region } from '../map/types';
import { commentLines, isLicense } from './comments';

const PROSE_CHARS = 400;

/** A comment's first paragraph, without its markers. */
function commentText(raw: string): string {
  const paragraph: string[] = [];
  for (const line of commentLines(raw)) {
    if (!line) {
      if (paragraph.length) break;
      continue;
    }
    if (/^(@|SPDX-|Copyright\b|\(c\)|eslint-|@ts-)/i.test(line)) continue;
    paragraph.push(line);
  }
  const text = paragraph.join(' ');
  return clipAtWord(text, PROSE_CHARS);
}

/** The file's leading doc comment (or module docstring), if it has one. */
function leadingDoc(root: Node): string {
  for (const child of root.namedChildren) {
    if (!child) continue;
    if (child.type.endsWith('comment')) {
      // A `#!` line and a licence header say nothing of the file: the comment that describes it comes after.
      if (child.text.startsWith('#!')) continue;
      const text = commentText(child.text);
      if (text && !isLicense(text)) return text;
      continue;
    }
    if (child.type === 'expression_statement' && child.firstNamedChild?.type === 'string') {
      if (/^['"]use \w+['"];?$/.test(child.text)) continue;
      return commentText(child.firstNamedChild.text);
    }
    if (/^(hash_bang_line|package_clause|package_declaration|package_header|preproc_include|php_tag|namespace_definition)$/.test(child.type)) continue;
    break;
  }
  return '';
}

/** "Declares 2 classes, 14 functions." from the top-level regions. */
function declares(regions: readonly Region[]): string {
  const counts = new Map<string, number>();
  for (const r of regions) if (r.kind !== 'imports') counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  return counts.size === 0 ? 'Declares nothing tree-sitter can outline.' : `Declares ${countsText(counts)}.`;
}

export function structuralProse(root: Node, regions: readonly Region[], language: string): string {
  const doc = leadingDoc(root);
  const summary = `${declares(regions)} (${language} outline by tree-sitter; no model was asked.)`;
  return doc ? `${doc}\n${summary}` : summary;
}
