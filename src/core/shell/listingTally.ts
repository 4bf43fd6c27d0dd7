import { ListingProgram, ListingShape } from './listing';

/** A folder's entries that a shortened listing leaves out: its own, and those below it, folder by folder in the order it listed them. */
interface FolderCount {
  /** Its path below the listed folder, one name a part. */
  parts: string[];
  /** Entries in it and below it that were left out. */
  total: number;
  /** The listing's line where it first showed an entry of it left out: the rows keep the listing's order. */
  first: number;
  children: Map<string, FolderCount>;
}

/** One row of what a shortened listing leaves out: a folder (its path below the listed folder, one name a part), how deep it is shown, and its entries. */
export interface FolderRow {
  parts: string[];
  /** Entries left out in it and below it. */
  entries: number;
  /** The row stands for this many more folders, too small to be shown one by one. */
  more?: number;
  indent: number;
}

/** What a shortened listing leaves out, by folder: the entries in all, those of the listed folder itself, and the rows. */
export interface LeftOut {
  entries: number;
  own: number;
  rows: FolderRow[];
}

/** The units tree draws a line's depth with, four characters each (UTF-8 and ASCII): an entry's name follows them. */
const TREE_UNIT = /^(?:├── |└── |│\u00a0\u00a0 |\|-- |`-- |\| {3}| {4})/;

const newFolder = (parts: string[], first: number): FolderCount => ({ parts, total: 0, first, children: new Map() });

/**
 * Reads a recursive listing's output line by line (ls -R, find, tree, as their shape says they
 * print) and counts, by folder, the entries past the lines shown: the lines themselves are the
 * command's, byte for byte; this only says what the rest holds. A line it cannot place (a name
 * with a newline in it, an output of another shape) is a doubt, and a doubt leaves the counts
 * unsaid: Skim's command then steps aside.
 */
export class ListingTally {
  /** Lines read. */
  lines = 0;
  doubt?: string;
  private readonly root = newFolder([], 0);
  /** The folder each of the first `limit` lines lists an entry of (undefined: a line that lists none). */
  private readonly head: (string[] | undefined)[] = [];
  private counted: number;
  // ls -R: the folder whose entries are being read, and whether the next line is a header (or a total).
  private folder: string[] | undefined = [];
  private atHeader = true;
  private atTotal = false;
  // ls -a: the . and .. of the folder being read, each let by once.
  private dots = new Set<string>();
  private dotsFolder?: string[];
  // tree: the names at each depth above the line being read; past the blank line, its report.
  private stack: string[] = [];
  private treeDone = false;

  constructor(
    private readonly program: ListingProgram,
    private readonly shape: ListingShape,
    /** The folder as the command names it, which it prints paths below. */
    private readonly named: string,
    private readonly limit: number,
  ) {
    this.counted = limit;
  }

  /** The next line of the output, without its newline. */
  line(text: string): void {
    const at = this.lines++;
    if (this.doubt) return;
    const parent = this.program === 'ls' ? this.lsLine(text) : this.program === 'find' ? this.findLine(text, at) : this.treeLine(text, at);
    if (at < this.limit) this.head.push(parent);
    else if (parent) this.add(parent, at);
  }

  private add(parts: string[], at: number): void {
    let folder = this.root;
    folder.total++;
    folder.first = Math.min(folder.first, at);
    for (let i = 0; i < parts.length; i++) {
      let child = folder.children.get(parts[i]);
      if (!child) folder.children.set(parts[i], (child = newFolder(parts.slice(0, i + 1), at)));
      child.total++;
      child.first = Math.min(child.first, at);
      folder = child;
    }
  }

  /** The prefix ls puts before a folder's path below the listed one: the name as given, its last slashes made one. */
  private get lsPrefix(): string {
    const trimmed = this.named.replace(/\/+$/, '');
    return trimmed === '' ? '/' : `${trimmed}/`;
  }

  /** find's: the name as given, then a slash unless it ends with one. */
  private get findPrefix(): string {
    return this.named.endsWith('/') ? this.named : `${this.named}/`;
  }

  private lsLine(text: string): string[] | undefined {
    if (text === '') {
      this.atHeader = true;
      return undefined;
    }
    if (this.atHeader) {
      this.atHeader = false;
      this.atTotal = !!this.shape.totals;
      if (!text.endsWith(':')) return this.doubtOf(`a folder's header was expected, not "${text}"`);
      const header = text.slice(0, -1);
      if (header === this.named) this.folder = [];
      else if (header.startsWith(this.lsPrefix)) this.folder = header.slice(this.lsPrefix.length).split('/');
      else return this.doubtOf(`"${header}" is not below ${this.named}`);
      return undefined;
    }
    if (this.atTotal) {
      this.atTotal = false;
      if (!/^total \S+$/.test(text)) return this.doubtOf(`"total" was expected, not "${text}"`);
      return undefined;
    }
    // ls -a lists . and .. in every folder: lines, not entries.
    if (this.shape.dots && /(?:^|\s)\.\.?\/?$/.test(text) && this.dotsLeft(text)) return undefined;
    return this.folder;
  }

  private dotsLeft(text: string): boolean {
    if (this.dotsFolder !== this.folder) {
      this.dotsFolder = this.folder;
      this.dots = new Set();
    }
    const dot = /\.\.\/?$/.test(text) ? '..' : '.';
    if (this.dots.has(dot)) return false;
    this.dots.add(dot);
    return true;
  }

  private findLine(text: string, at: number): string[] | undefined {
    if (text === this.named && at === 0) return undefined;
    if (!text.startsWith(this.findPrefix)) return this.doubtOf(`"${text}" is not below ${this.named}`);
    const parts = text.slice(this.findPrefix.length).split('/');
    return parts.slice(0, -1);
  }

  private treeLine(text: string, at: number): string[] | undefined {
    if (at === 0 || this.treeDone) return undefined;
    if (text === '') {
      this.treeDone = true;
      return undefined;
    }
    let rest = text;
    let depth = 0;
    for (let unit = TREE_UNIT.exec(rest); unit; unit = TREE_UNIT.exec(rest)) {
      rest = rest.slice(unit[0].length);
      depth++;
    }
    if (depth === 0 || depth > this.stack.length + 1) return this.doubtOf(`"${text}" is no entry tree draws`);
    this.stack.length = depth - 1;
    const parent = [...this.stack];
    // A folder's name, as the next lines' parent: -F marks it with a slash; a link is shown with its target.
    this.stack.push(rest.replace(/\/$/, ''));
    return parent;
  }

  /** A folder as the command names it: the listed folder's name, then its path below it (as ls or find join them; tree draws none). */
  nameOf(parts: readonly string[]): string {
    if (!parts.length) return this.named;
    return `${this.program === 'ls' ? this.lsPrefix : this.findPrefix}${parts.join('/')}`;
  }

  private doubtOf(why: string): undefined {
    this.doubt = why;
    return undefined;
  }

  /**
   * What is left out when the first `shown` lines are shown (at most the limit, and no more than
   * the last call asked: the count only grows), as at most `maxRows` rows: the listed folder's
   * folders in the order listed, the largest of them opened into theirs while the rows allow.
   */
  leftOut(shown: number, maxRows: number): LeftOut {
    for (; this.counted > shown; this.counted--) {
      const parent = this.head[this.counted - 1];
      if (parent) this.add(parent, this.counted - 1);
    }
    const own = this.root.total - [...this.root.children.values()].reduce((sum, c) => sum + c.total, 0);
    return { entries: this.root.total, own, rows: rowsOf(this.root, maxRows) };
  }
}

const byListing = (folder: FolderCount) => [...folder.children.values()].sort((a, b) => a.first - b.first);

/**
 * Rows for the listed folder's folders: each of its folders, in the listing's order (past
 * `maxRows`, the largest, and one row for the rest); then, while rows are left, the largest row
 * not yet opened is replaced by itself and its own folders below it.
 */
function rowsOf(root: FolderCount, maxRows: number): FolderRow[] {
  type Row = FolderRow & { folder?: FolderCount; opened?: boolean };
  const rowsFor = (folder: FolderCount, indent: number, room: number): Row[] => {
    const children = byListing(folder);
    if (children.length <= room) return children.map((c) => ({ parts: c.parts, entries: c.total, indent, folder: c }));
    const kept = new Set([...children].sort((a, b) => b.total - a.total || a.first - b.first).slice(0, Math.max(0, room - 1)));
    const rest = children.filter((c) => !kept.has(c));
    return [
      ...children.filter((c) => kept.has(c)).map((c) => ({ parts: c.parts, entries: c.total, indent, folder: c })),
      { parts: folder.parts, entries: rest.reduce((sum, c) => sum + c.total, 0), more: rest.length, indent },
    ];
  };
  let rows: Row[] = rowsFor(root, 0, maxRows);
  for (;;) {
    const candidates = rows.filter((r) => r.folder && !r.opened && r.folder.children.size > 0);
    if (!candidates.length) break;
    const largest = candidates.reduce((a, b) => (b.entries > a.entries ? b : a));
    const room = maxRows - rows.length;
    if (room < Math.min(2, largest.folder?.children.size ?? 0)) break;
    const at = rows.indexOf(largest);
    rows = [...rows.slice(0, at), { ...largest, opened: true }, ...rowsFor(largest.folder as FolderCount, largest.indent + 1, room), ...rows.slice(at + 1)];
  }
  return rows.map(({ parts, entries, more, indent }) => ({ parts, entries, indent, ...(more ? { more } : {}) }));
}
