import { findNodeAtLocation, JSONPath, Node, parseTree } from 'jsonc-parser';

/**
 * Surgical edits of a JSON (with comments) text: each edit touches only the bytes of the value
 * it adds or removes and the separator beside it, so a person's comments, order, spacing and
 * line endings stay exactly as they were. (jsonc-parser's own `modify` re-formats the whole
 * container it edits.) Parsing is jsonc-parser's.
 */
export class JsonText {
  constructor(
    public text: string,
    private readonly unit: string,
    private readonly eol: string,
  ) {}

  static of(text: string): JsonText {
    const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
    return new JsonText(text, unit.startsWith('\t') ? '\t' : unit, text.includes('\r\n') ? '\r\n' : '\n');
  }

  node(at: JSONPath): Node | undefined {
    const root = parseTree(this.text, [], { allowTrailingComma: true });
    return root && (at.length === 0 ? root : findNodeAtLocation(root, at));
  }

  /** Appends `value` to the array at `at` (which must exist). */
  append(at: JSONPath, value: unknown): void {
    const list = this.node(at) as Node;
    const items = list.children ?? [];
    this.insertInto(list, items.length ? items[items.length - 1] : undefined, this.render(value, list, items));
  }

  /** Adds `"key": value` at the end of the object at `at` (which must exist). */
  addProperty(at: JSONPath, key: string, value: unknown): void {
    const object = this.node(at) as Node;
    const members = object.children ?? [];
    this.insertInto(object, members.length ? members[members.length - 1] : undefined, `${JSON.stringify(key)}: ${this.render(value, object, members)}`);
  }

  /** Replaces the value at `at` with `value`, laid out at the same indentation. */
  replace(at: JSONPath, value: unknown): void {
    const node = this.node(at) as Node;
    this.splice(node.offset, node.offset + node.length, this.pretty(value, this.indentOf(node.offset)));
  }

  /** Removes the array element or object member at `at`, with the separator that went with it. */
  remove(at: JSONPath): void {
    let node = this.node(at) as Node;
    if (node.parent?.type === 'property') node = node.parent;
    const container = node.parent as Node;
    const siblings = container.children as Node[];
    const i = siblings.indexOf(node);
    if (siblings.length === 1) return this.splice(container.offset + 1, container.offset + container.length - 1, '');
    if (i === 0) return this.splice(node.offset, siblings[1].offset, '');
    const before = siblings[i - 1];
    const lineStart = this.text.lastIndexOf('\n', node.offset - 1);
    if (lineStart > before.offset + before.length && /^[ \t]*$/.test(this.text.slice(lineStart + 1, node.offset))) {
      // On a line of its own: the line goes, and the comma after the member before it.
      const from = this.text[lineStart - 1] === '\r' ? lineStart - 1 : lineStart;
      this.splice(from, node.offset + node.length, '');
      const comma = /^[ \t]*,/.exec(this.text.slice(before.offset + before.length));
      if (comma) this.splice(before.offset + before.length, before.offset + before.length + comma[0].length, comma[0].slice(0, -1));
      return;
    }
    this.splice(before.offset + before.length, node.offset + node.length, '');
  }

  /**
   * Puts `item` after the container's last member (or into the empty container). In a container
   * laid out one member a line, the item gets a line of its own, after any comment that ends the
   * last member's line, so removing it again restores the text exactly.
   */
  private insertInto(container: Node, last: Node | undefined, item: string): void {
    if (!last) {
      const outer = this.indentOf(container.offset);
      return this.splice(container.offset + 1, container.offset + container.length - 1, `${this.eol}${outer}${this.unit}${item}${this.eol}${outer}`);
    }
    const end = last.offset + last.length;
    const inner = this.text.slice(container.offset, container.offset + container.length);
    if (!inner.includes('\n')) return this.splice(end, end, `, ${item}`);
    let lineEnd = this.text.indexOf('\n', end);
    if (lineEnd === -1) lineEnd = this.text.length;
    if (this.text[lineEnd - 1] === '\r') lineEnd--;
    const rest = this.text.slice(end, lineEnd);
    // Whatever closes the container on the same line stays after the new item.
    const restOfLine = /^[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?$/.test(rest) ? lineEnd : end;
    this.splice(restOfLine, restOfLine, `${this.eol}${this.indentOf(last.offset)}${item}`);
    this.splice(end, end, ',');
  }

  /** A value laid out as its neighbours are: one line in a one-line container, else indented like them. */
  private render(value: unknown, container: Node, members: readonly Node[]): string {
    const inner = this.text.slice(container.offset, container.offset + container.length);
    if (members.length > 0 && !inner.includes('\n')) return JSON.stringify(value);
    return this.pretty(value, members.length ? this.indentOf(members[0].offset) : this.indentOf(container.offset) + this.unit);
  }

  private pretty(value: unknown, indent: string): string {
    return JSON.stringify(value, null, this.unit).split('\n').join(`${this.eol}${indent}`);
  }

  /** The white space that starts the line holding `offset`. */
  private indentOf(offset: number): string {
    const lineStart = this.text.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*/.exec(this.text.slice(lineStart, offset))?.[0] ?? '';
  }

  private splice(from: number, to: number, insert: string): void {
    this.text = this.text.slice(0, from) + insert + this.text.slice(to);
  }
}
