import type { Node } from 'web-tree-sitter';
import { RawRegion } from '../map/normalize';
import { CONTAINER_KINDS, LanguageRules, TYPE_KINDS } from './rules';

const NOTE_CHARS = 160;

/**
 * What the declaration's first line says beyond its name (parameters, base class, return type),
 * without the opening brace: the signature a reader wants, with nothing the map already shows.
 */
function signature(node: Node, name: string): string {
  const firstLine = node.text.split('\n', 1)[0].replace(/\s*[{:]?\s*$/, '').replace(/\s+/g, ' ').trim();
  const at = name ? firstLine.indexOf(name) : -1;
  const rest = at === -1 ? firstLine : firstLine.slice(at + name.length).replace(/^\s*(=\s*)?(async\s+)?(function\b\*?\s*[\w$]*)?\s*/, '');
  return rest.slice(0, NOTE_CHARS);
}

function outerNode(node: Node, rules: LanguageRules): Node {
  let outer = node;
  while (outer.parent && rules.wrappers.has(outer.parent.type)) outer = outer.parent;
  return outer;
}

interface Parent {
  kind: string;
  start: number;
  end: number;
}

/** Walks a syntax tree once and lists its declarations as regions, with the import block as one. */
export function outline(root: Node, rules: LanguageRules): RawRegion[] {
  const regions: RawRegion[] = [];

  const visitChildren = (node: Node, parent: Parent | undefined) => {
    let importRun: Node[] = [];
    const flushImports = () => {
      if (importRun.length) regions.push(importRegion(importRun));
      importRun = [];
    };
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (rules.imports.has(child.type) || rules.isImport?.(child)) {
        importRun.push(child);
        continue;
      }
      if (!child.type.endsWith('comment')) flushImports();
      visit(child, parent);
    }
    flushImports();
  };

  const visit = (node: Node, parent: Parent | undefined) => {
    const rule = rules.declarations[node.type];
    const kind0 = rule?.kind(node);
    if (!rule || !kind0) {
      if (!rules.opaque?.has(node.type)) visitChildren(node, parent);
      return;
    }
    const kind = kind0 === 'function' && parent && TYPE_KINDS.has(parent.kind) ? 'method' : kind0;
    const outer = outerNode(node, rules);
    const start = outer.startPosition.row + 1;
    const end = lastRow(node);
    const sameAsParent = parent && parent.start === start && parent.end === end && parent.kind === kind;
    if (!sameAsParent) {
      const name = (rule.name ?? ((n: Node) => n.childForFieldName('name')?.text ?? ''))(node);
      // A test's title is its name; what follows it is the callback, not a signature.
      const note = kind === 'suite' || kind === 'test' ? '' : signature(node, name);
      regions.push({ start, end, kind, name: name || '(anonymous)', note });
    }
    if (CONTAINER_KINDS.has(kind)) visitChildren(rule.body?.(node) ?? node, { kind, start, end });
  };

  visitChildren(root, undefined);
  return regions;
}

/** The 1-based last line of a node; a node that swallows its line's newline ends on the line before. */
function lastRow(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}

function importRegion(run: Node[]): RawRegion {
  const first = run[0];
  const last = run[run.length - 1];
  const count = run.length;
  return {
    start: first.startPosition.row + 1,
    end: lastRow(last),
    kind: 'imports',
    name: 'imports',
    note: `${count} import${count === 1 ? '' : 's'}`,
  };
}
