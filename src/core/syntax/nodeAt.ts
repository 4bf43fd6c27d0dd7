import { counted } from '../map/counts';
import type { Node } from 'web-tree-sitter';
import { ProjectFile } from '../files/project';
import type { SlowFiles } from '../mapping/slowFiles';
import { MAX_CHAIN, NodeAtResult, OUTER_KEPT } from './chain';
import { ParsedFile, withParsedFile } from './parsed';

/** The named syntax nodes holding one position of a file, outermost first: local syntax without reading the lines around it. */

export class NodeAtError extends Error {}

/** A node's name where it has one: its `name` field, or its own text for an identifier. */
function nameOf(node: Node): string | null {
  const field = node.childForFieldName('name') ?? node.childForFieldName('declarator');
  const named = field && /identifier|name/.test(field.type) ? field : /identifier$|^name$/.test(node.type) ? node : null;
  const text = named?.text.split('\n', 1)[0] ?? null;
  return text && text.length <= 120 ? text : null;
}

/** The chain at `line` (1-based) and `column` (1-based; default: the line's first character that is not white space) of one parsed file. */
export function chainAt({ tree, language, lines }: ParsedFile, key: string, line: number, column?: number): NodeAtResult {
  if (!Number.isInteger(line) || line < 1 || line > lines.length)
    throw new NodeAtError(`${key} has ${counted(lines.length, 'line')}; line ${line} is outside it`);
  const text = lines[line - 1];
  const col = column ?? Math.max(1, text.search(/\S/) + 1);
  if (!Number.isInteger(col) || col < 1 || col > text.length + 1)
    throw new NodeAtError(`line ${line} of ${key} has ${text.length} characters; column ${col} is outside it`);
  const chain: NodeAtResult['chain'] = [];
  for (let node: Node | null = tree.rootNode.namedDescendantForPosition({ row: line - 1, column: col - 1 }); node; node = node.parent) {
    if (node.isNamed) chain.push({ type: node.type, name: nameOf(node), start: node.startPosition.row + 1, end: node.endPosition.row + 1 });
  }
  chain.reverse();
  const folded = Math.max(0, chain.length - MAX_CHAIN);
  if (folded) chain.splice(OUTER_KEPT, folded);
  return { path: key, language: language.id, line, column: col, chain, folded };
}

/** The chain at `line` and `column` of the file (see chainAt). */
export async function nodeAt(file: ProjectFile, line: number, column?: number, slow?: SlowFiles): Promise<NodeAtResult> {
  return withParsedFile(
    file,
    {
      use: (parsed) => chainAt(parsed, file.key, line, column),
      job: (text) => ({ kind: 'nodeAt', absolute: file.absolute, key: file.key, text, line, column }),
      refusal: NodeAtError,
    },
    slow,
  );
}
