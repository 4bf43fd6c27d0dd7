import { clipWhole } from './clip';
import { counted } from './counts';
import { withoutMarkup } from './markup';
import { CALLABLE, isSignature, mapLabels, noteOf, SHOWN_NOTE_CHARS, UNMARKED } from './labels';
import { mapTree, regionsAt, regionTree, RegionNode } from './tree';
import { MapEntry, MapOrigin, Region } from './types';

/**
 * Every text a reader sees of a map is drawn here from the stored rows: the CLI, tool results,
 * hook context and editor views all call these functions. Nothing else formats a map.
 */

/**
 * Who made the map, in the header's words: a structural outline by the tool that made it (its
 * producer's first part: the grammar is the file's own, the rules' version is the cache's
 * business), a model's map by the model.
 */
function madeBy(entry: MapEntry): string {
  switch (entry.status) {
    case 'structural':
      return `${entry.producer.split(':')[0]} outline`;
    case 'model':
      return `written by ${entry.producer}`;
    case 'prose-only':
      return `prose only, no line map: the model never gave a usable map; answered by ${entry.producer}`;
  }
}

export function mapHeader(entry: MapEntry): string {
  return `Map of ${entry.path} (${counted(entry.lines, 'line')}; ${madeBy(entry)})`;
}

export function regionLabel(region: Region): string {
  return `${region.kind} ${region.name}`.trim();
}

/** "12" for one line, "12-40" for more. */
const lineSpan = (r: Region) => (r.start === r.end ? `${r.start}` : `${r.start}-${r.end}`);

/**
 * A region alone, with its kind word: a callable as its name and short signature (`fn0(n): number`),
 * anything else as its kind and name, the note after a dash; a kind named like itself (the import
 * block) as its note.
 */
function label(region: Region, notes: 'all' | 'signatures'): string {
  const note = noteOf(region);
  const shown = notes === 'all' || (note.length <= SHOWN_NOTE_CHARS && isSignature(region, note)) ? note : '';
  if (isSignature(region, shown)) return `${region.name}${shown}`;
  if (region.name === region.kind) return shown || region.kind;
  return `${region.kind} ${region.name}${shown ? ` — ${shown}` : ''}`;
}

/** One region on one line, with its kind and its signature when short: `2912-2990 method Server.ServeHTTP`. */
export function regionLine(region: Region): string {
  return `${lineSpan(region)} ${label(region, 'signatures')}`;
}

/** Whether two regions are the same region of one map: a region that crossed a worker thread is a copy, never the same object. */
const sameRegion = (a: Region | null | undefined, b: Region | null) =>
  a === b || (!!a && !!b && a.start === b.start && a.end === b.end && a.kind === b.kind && a.name === b.name);

/**
 * Items found in a file (search hits, query captures), each under the region of the map that
 * holds it, in the order given: a region's line once, then its items indented beneath it; items
 * outside every region at the top level.
 */
export function placedLines(items: readonly { region: Region | null; text: string }[], indent = '  '): string[] {
  const out: string[] = [];
  let last: Region | null | undefined;
  for (const item of items) {
    if (!sameRegion(last, item.region)) {
      if (item.region) out.push(`${indent}${regionLine(item.region)}`);
      else if (last !== undefined) out.push(`${indent}(outside every region)`);
      last = item.region;
    }
    out.push(`${indent}${item.region ? '  ' : ''}${item.text}`);
  }
  return out;
}

/** What every node holds: its members counted by kind ("4 methods, 1 class") and the lines they span with it. */
interface Members {
  counts: Map<string, number>;
  start: number;
  end: number;
}

/** Every node's members, bottom-up in one pass, without recursion. */
function membersOf(roots: readonly RegionNode[]): Map<RegionNode, Members> {
  const order: RegionNode[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as RegionNode;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  const members = new Map<RegionNode, Members>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const mine: Members = { counts: new Map(), start: node.region.start, end: node.region.end };
    for (const child of node.children) {
      const theirs = members.get(child) as Members;
      if (!child.group) mine.counts.set(child.region.kind, (mine.counts.get(child.region.kind) ?? 0) + 1);
      for (const [kind, n] of theirs.counts) mine.counts.set(kind, (mine.counts.get(kind) ?? 0) + n);
      mine.start = Math.min(mine.start, theirs.start);
      mine.end = Math.max(mine.end, theirs.end);
    }
    members.set(node, mine);
  }
  return members;
}

/** "4 methods, 1 class": counts by kind, as every summary of a map says them. */
export function countsText(counts: Map<string, number>): string {
  return [...counts].map(([kind, n]) => counted(n, kind)).join(', ');
}

/** How region lines look: each node's label, and one level of indentation. */
interface Look {
  labels: Map<RegionNode, string>;
  unit: string;
}

/**
 * A map indents by one tab per level: a tab is one token where two spaces before a line number
 * are two. Elsewhere (what is at a line, shown in hovers too) two spaces.
 */
const mapLook = (labels: Map<RegionNode, string>): Look => ({ labels, unit: '\t' });

/** Indentation stops deepening at 16 levels, so that no nesting makes a line longer than its region's. */
const indent = (node: RegionNode, look: Look) => look.unit.repeat(Math.min(node.level, 16));
/**
 * A region's line starts with its lines. A group's line has none: a group is no region (`skim at`
 * and hovers never answer with it, and its members' lines have gaps between them), only a name said once.
 */
const plainLine = (node: RegionNode, look: Look) => `${indent(node, look)}${node.group ? '' : `${lineSpan(node.region)} `}${look.labels.get(node)}`;

/**
 * ` [folded: 4 methods]`, with the lines they span where some lie past their parent's own (Go's
 * methods after their struct) or where the parent is a group, which has no lines of its own.
 */
function foldSuffix(node: RegionNode, members: Members): string {
  const beyond = !!node.group || members.start < node.region.start || members.end > node.region.end;
  return ` [folded: ${countsText(members.counts)}${beyond ? ` in ${members.start}-${members.end}` : ''}]`;
}

/** The part of a label a run of one-line siblings shows after each line number: the kind word is said once for the run. */
const runItem = (node: RegionNode, look: Look) => {
  const text = look.labels.get(node) as string;
  return `${node.region.start} ${UNMARKED.has(node.region.kind) ? text : text.slice(node.region.kind.length + 1)}`.trimEnd();
};

/**
 * Region lines down to `maxDepth` (deeper members folded into their parent's line). Three or
 * more one-line siblings of one kind with no members share a line, each with its own number.
 * Iterative, so no nesting is too deep for it.
 */
function regionLines(roots: readonly RegionNode[], maxDepth: number, look: Look, members?: Map<RegionNode, Members>, drawn?: Set<Region>): string[] {
  const out: string[] = [];
  const pending: (readonly RegionNode[])[] = [roots];
  const at: number[] = [0];
  const oneLine = (node: RegionNode, kind: string) =>
    node.region.start === node.region.end && node.children.length === 0 && node.region.name !== node.region.kind && node.region.kind === kind;
  while (pending.length) {
    const nodes = pending[pending.length - 1];
    const i = at[at.length - 1];
    if (i >= nodes.length) {
      pending.pop();
      at.pop();
      continue;
    }
    const node = nodes[i];
    let j = i;
    while (j < nodes.length && oneLine(nodes[j], node.region.kind)) j++;
    if (j - i >= 3) {
      for (const n of nodes.slice(i, j)) drawnOne(drawn, n);
      const run = nodes.slice(i, j).map((n) => runItem(n, look));
      out.push(`${indent(node, look)}${UNMARKED.has(node.region.kind) ? '' : `${node.region.kind}: `}${run.join('; ')}`);
      at[at.length - 1] = j;
      continue;
    }
    at[at.length - 1] = i + 1;
    drawnOne(drawn, node);
    if (node.children.length && node.depth >= maxDepth) {
      out.push(plainLine(node, look) + foldSuffix(node, (members ?? membersOf([node])).get(node) as Members));
    } else {
      out.push(plainLine(node, look));
      if (node.children.length) {
        pending.push(node.children);
        at.push(0);
      }
    }
  }
  return out;
}

/** Adds to `drawn` the regions whose fields a node's line shows: its own, or a group's members, whose names make the group's. */
function drawnOne(drawn: Set<Region> | undefined, node: RegionNode): void {
  if (!drawn) return;
  if (node.group) for (const member of node.children) drawn.add(member.region);
  else drawn.add(node.region);
}

/** Top-level regions grouped into runs so that even a very long flat map fits: said to be folded. */
function bucketLines(roots: readonly RegionNode[], buckets: number, members: Map<RegionNode, Members>, drawn?: Set<Region>): string[] {
  const size = Math.ceil(roots.length / buckets);
  const out: string[] = [];
  for (let i = 0; i < roots.length; i += size) {
    const run = roots.slice(i, i + size);
    const total = new Map<string, number>();
    let end = 0;
    for (const node of run) {
      const theirs = members.get(node) as Members;
      if (!node.group) total.set(node.region.kind, (total.get(node.region.kind) ?? 0) + 1);
      for (const [kind, n] of theirs.counts) total.set(kind, (total.get(kind) ?? 0) + n);
      end = Math.max(end, theirs.end);
    }
    drawnOne(drawn, run[0]);
    drawnOne(drawn, run[run.length - 1]);
    const first = run[0].region;
    const last = run[run.length - 1].region;
    // The run's lines are said inside the brackets: a run is no region, so no line starts with them.
    out.push(`[folded: ${countsText(total)} in ${first.start}-${end}; first ${regionLabel(first)}, last ${regionLabel(last)}]`);
  }
  return out;
}

/**
 * The characters the region lines take when folded below each depth, for every depth at once,
 * in one pass: an upper bound (runs of one-line siblings only make the text shorter).
 */
function sizeByDepth(look: Look, members: Map<RegionNode, Members>): number[] {
  const own: number[] = [];
  const folded: number[] = [];
  for (const [node, mine] of members) {
    own[node.depth] = (own[node.depth] ?? 0) + plainLine(node, look).length + 1;
    if (node.children.length) folded[node.depth] = (folded[node.depth] ?? 0) + foldSuffix(node, mine).length;
  }
  const sizes: number[] = [];
  let above = 0;
  for (let d = 0; d < own.length; d++) {
    above += own[d] ?? 0;
    sizes.push(above + (folded[d] ?? 0));
  }
  return sizes;
}

export interface RenderOptions {
  /** The most characters the rendering may take. Without it, the whole map is rendered. */
  maxChars?: number;
  /** How this host's reader gets the whole map when this one is folded, e.g. "call skim_summarize_file". */
  wholeMap?: string;
}

/**
 * The file's map as text. With `maxChars`, it is made to fit: notes go first (signatures that tell
 * same-named members apart stay), then members are folded into their parents below the deepest
 * depth that fits, then top-level runs are folded; every fold is said in the text, with the way to
 * the whole map, so a shortened map never passes for a complete one. Linear in the number of regions.
 * Where even the fewest runs do not fit, the text is cut, and says so.
 */
export function renderMap(entry: MapEntry, options: RenderOptions = {}): string {
  return layOut(entry, options).text;
}

/**
 * The map as renderMap lays it out, with the regions whose kind, name or note its text shows (a
 * group's members standing for the group): a map folded to fit draws a few of its thousands of
 * regions, and only those need screening (screen/shownEntry).
 */
export function laidOutMap(entry: MapEntry, options: RenderOptions = {}): Fitted & { drawn: ReadonlySet<Region> } {
  return layOut(entry, options);
}

/**
 * Each map's tree, made once per regions list: a hook lays one map out several times (to find
 * what it draws, to check what the screened map draws, to fit its answer), and the tree of a
 * large file's thousands of regions was the most of each. A map's regions are never edited once
 * made (an entry is replaced whole), and nothing changes a tree.
 */
const trees = new WeakMap<readonly Region[], RegionNode[]>();
function treeOf(regions: readonly Region[]): RegionNode[] {
  let tree = trees.get(regions);
  if (!tree) trees.set(regions, (tree = mapTree(regions)));
  return tree;
}

function layOut(entry: MapEntry, options: RenderOptions): Fitted & { drawn: ReadonlySet<Region> } {
  const header = mapHeader(entry);
  const prose = entry.prose ? `\n${entry.prose}` : '';
  const none = new Set<Region>();
  if (entry.status === 'prose-only') return { ...fit(`${header}:${prose}`, options.maxChars), drawn: none };
  if (entry.regions.length === 0) return { ...fit(`${header}: no declarations found.${prose}`, options.maxChars), drawn: none };

  const roots = treeOf(entry.regions);
  const how = options.wholeMap ? `; ${options.wholeMap} for the whole map` : '';
  const compose = (lines: string[], folded: string) => `${header}${folded}:${prose}\n${lines.join('\n')}`;
  const budget = options.maxChars;
  const inRuns = (members: Map<RegionNode, Members>, maxChars: number) => {
    for (let buckets = Math.min(roots.length, 64); ; buckets = Math.floor(buckets / 2)) {
      const drawn = new Set<Region>();
      const text = compose(bucketLines(roots, buckets, members, drawn), `; ${roots.length} top-level regions folded into runs to fit${how}`);
      if (text.length <= maxChars || buckets === 1) return { ...fit(text, maxChars), drawn };
    }
  };
  // A map whose top-level line numbers alone are over the budget is folded into runs: labelling and drawing its thousands of regions
  // first, to find that no way of drawing them fits, was most of a hook's time on a large file whose map was cached.
  if (budget !== undefined && compose([], '').length + leastDrawn(roots) > budget) return inRuns(membersOf(roots), budget);
  const all = new Set<Region>();
  const whole = compose(regionLines(roots, Infinity, mapLook(mapLabels(roots, 'short')), undefined, all), '');
  if (budget === undefined || whole.length <= budget) return { text: whole, cut: false, drawn: all };

  const look = mapLook(mapLabels(roots, 'signatures'));
  const signatures = compose(regionLines(roots, Infinity, look), `; notes left out to fit${how}`);
  if (signatures.length <= budget) return { text: signatures, cut: false, drawn: all };
  const members = membersOf(roots);
  const fixed = compose([], `; notes left out, members below depth 999 folded to fit${how}`).length;
  const sizes = sizeByDepth(look, members);
  for (let depth = sizes.length - 2; depth >= 0; depth--) {
    if (fixed + sizes[depth] <= budget) {
      const drawn = new Set<Region>();
      const lines = regionLines(roots, depth, look, members, drawn);
      return { text: compose(lines, `; notes left out, members below depth ${depth + 1} folded to fit${how}`), cut: false, drawn };
    }
  }
  const drawn = new Set<Region>();
  const bare = compose(regionLines(roots, 0, mapLook(mapLabels(roots, 'none')), members, drawn), `; members folded, notes left out to fit${how}`);
  if (bare.length <= budget) return { text: bare, cut: false, drawn };
  return inRuns(members, budget);
}

/**
 * Fewer characters than any drawing of `roots` line by line takes, however labelled or folded: each
 * top-level region shows at least its first line's number (a group, its qualifier), and one character
 * (a line break or a run's "; ") parts it from the next.
 */
function leastDrawn(roots: readonly RegionNode[]): number {
  return roots.reduce((sum, node) => sum + (node.group ?? String(node.region.start)).length, Math.max(0, roots.length - 1));
}

interface Fitted {
  text: string;
  /** Whether the text had to be cut (and says so). */
  cut: boolean;
}

/** Last resort for prose that alone is over budget: cut and say so. */
function fit(text: string, maxChars: number | undefined): Fitted {
  if (maxChars === undefined || text.length <= maxChars) return { text, cut: false };
  const marker = '\n[cut to fit]';
  return { text: text.slice(0, Math.max(0, maxChars - marker.length)) + marker, cut: true };
}

/** What is at one line of the file (1 to its last): the regions containing it, innermost last, or that it is in a gap. */
export function renderAt(entry: MapEntry, line: number): string {
  if (entry.status === 'prose-only') return `${entry.path}: no line map (prose only), so line ${line} cannot be placed.`;
  const hits = regionsAt(entry.regions, line);
  if (hits.length === 0) return `${entry.path}:${line} is in a gap between regions.`;
  const roots = regionTree(hits);
  const labels = new Map<RegionNode, string>();
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as RegionNode;
    labels.set(node, label(node.region, 'all'));
    for (const child of node.children) stack.push(child);
  }
  return regionLines(roots, Infinity, { labels, unit: '  ' }).join('\n');
}

/** The JSON shape `skim map --json` prints (with where the map came from, when known, and who published a team map); other hosts reuse it. */
export function mapJson(entry: MapEntry, modelCalls: number, source?: MapOrigin, publisher?: string | null) {
  return {
    path: entry.path,
    lines: entry.lines,
    hash: entry.hash,
    status: entry.status,
    producer: entry.producer,
    prose: entry.prose,
    regions: entry.regions.map(({ start, end, kind, name, note }) => ({ start, end, kind, name, note })),
    modelCalls,
    ...(source ? { source } : {}),
    ...(publisher !== undefined ? { publisher } : {}),
  };
}

/**
 * A note in plain words, as an editor line shows it: a writer's markup gone as markup.ts reads it
 * (JSDoc links by their text, Markdown links, emphasis, HTML tags), backticks too, and a link the
 * note was cut inside of; white space on one line.
 */
export function plainNote(note: string): string {
  return withoutMarkup(note)
    .replace(/\{@\w+[^}]*$/, '')
    .replace(/`+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Functions nested in a function (closures, callbacks) shorter than this get no lens: they are read with their parent. */
export const CLOSURE_LENS_LINES = 30;

/**
 * The regions worth a CodeLens: every top-level declaration but the import block and one-line
 * methods (an object literal's `build: () => build` outside any class), members of a class or
 * namespace longer than one line, and a function nested in a function only when it is
 * CLOSURE_LENS_LINES lines or more.
 */
export function lensRegions(regions: readonly Region[]): Region[] {
  const out: Region[] = [];
  // Depth first in file order, without recursion: no nesting is too deep for it.
  const stack: { node: RegionNode; parent?: Region }[] = regionTree(regions)
    .map((node) => ({ node }))
    .reverse();
  while (stack.length) {
    const { node, parent } = stack.pop() as { node: RegionNode; parent?: Region };
    const { region } = node;
    const span = region.end - region.start + 1;
    const worth = !parent ? region.kind !== 'method' || span > 1 : CALLABLE.has(parent.kind) ? span >= CLOSURE_LENS_LINES : span > 1;
    if (region.kind !== 'imports' && worth) out.push(region);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i], parent: region });
  }
  return out;
}

/** The longest CodeLens title: a lens is one line above the code and must not run off the editor's edge. */
export const LENS_CHARS = 72;

/** Words only, for telling whether one text already says another. */
const words = (text: string) =>
  plainNote(text)
    .toLowerCase()
    .replace(/…$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Text cut to `max` characters where it reads whole (map/clip), keeping half of it at least; else within a word, as a last resort. */
const clipForEditor = (text: string, max: number): string => clipWhole(text, max, max / 2) ?? `${text.slice(0, max - 1).replace(/[\s,;:(]+$/, '')}…`;

/**
 * The CodeLens above a region's first line: its kind, its lines and its note in plain words
 * (`method · 585-704 · Runs the hooks`); the name is on the line below it. `onScreen` is the text
 * the editor already shows around the declaration (the comment above it, its own line): a note
 * that only repeats it is left out. At most LENS_CHARS characters.
 */
export function codeLensTitle(region: Region, onScreen = ''): string {
  const note = plainNote(region.note);
  const repeated = !words(note) || words(note) === words(region.kind) || ` ${words(onScreen)} `.includes(` ${words(note)} `);
  const head = region.name === region.kind ? `${note || region.kind} · ${lineSpan(region)}` : `${region.kind} · ${lineSpan(region)}`;
  if (repeated || region.name === region.kind) return clipForEditor(head, LENS_CHARS);
  return `${head} · ${clipForEditor(note, LENS_CHARS - head.length - 3)}`;
}

/** The longest hover line: one line, never a block. */
const HOVER_CHARS = 240;

/**
 * What a hover on `line` says, in one line: the region declared on that line (with `anywhere`,
 * the innermost region holding it): its kind and name, its lines and its note in plain words
 * (`method Runner.prototype.hook · 585-704 · (name, fn)`). Undefined where the line declares
 * nothing. Never file-level text: the map itself has that.
 */
export function renderHover(entry: MapEntry, line: number, anywhere = false): { region: Region; text: string } | undefined {
  const region = regionsAt(entry.regions, line)
    .filter((r) => anywhere || r.start === line)
    .at(-1);
  if (!region) return undefined;
  const note = plainNote(region.note);
  const text =
    region.name === region.kind ? `${note || region.kind} · ${lineSpan(region)}` : `${regionLabel(region)} · ${lineSpan(region)}${note ? ` · ${note}` : ''}`;
  return { region, text: clipForEditor(text, HOVER_CHARS) };
}

/**
 * What the screen took out of a map a person is shown, in one sentence ('' when nothing): the
 * map view and the status bar say it, since a left-out passage leaves no mark of its own.
 */
export function screenedText(screened: { redacted: number; leftOut: number }): string {
  const parts = [
    ...(screened.redacted ? [`redacted ${counted(screened.redacted, 'credential')}`] : []),
    ...(screened.leftOut ? [`left out ${counted(screened.leftOut, 'passage')} addressed to an AI agent`] : []),
  ];
  return parts.length ? `Skim's screen ${parts.join(' and ')}, as in every map its tools return.` : '';
}
