import { regionsAt, regionTree, RegionNode } from './tree';
import { MapEntry, MapOrigin, Region } from './types';

/**
 * Every text a reader sees of a map is drawn here from the stored rows: the CLI, tool results,
 * hook context and editor views all call these functions. Nothing else formats a map.
 */

const STATUS_LABEL: Record<MapEntry['status'], string> = {
  model: 'map written by',
  structural: 'structural outline by',
  'prose-only': 'prose only, no line map: the model never gave a usable map; answered by',
};

export function mapHeader(entry: MapEntry): string {
  return `Map of ${entry.path} (${entry.lines} lines; ${STATUS_LABEL[entry.status]} ${entry.producer})`;
}

export function regionLabel(region: Region): string {
  return `${region.kind} ${region.name}`.trim();
}

/** Kinds whose signature note, starting with its parameters, already says what they are. */
const CALLABLE = new Set(['function', 'method', 'constructor', 'macro']);

/** "12" for one line, "12-40" for more. */
const lineSpan = (r: Region) => (r.start === r.end ? `${r.start}` : `${r.start}-${r.end}`);

/**
 * Which notes a map shows, each whole or not at all (no note is better than a broken one): `all`
 * (a hover), `short` (those that fit SHOWN_NOTE_CHARS), `signatures` (a callable's short
 * signature only, when a map must fit), `none`.
 */
type Notes = 'all' | 'short' | 'signatures' | 'none';

/** The longest note a map shows; the whole note is always in the row (editor hovers, --json). */
const SHOWN_NOTE_CHARS = 40;

const isSignature = (region: Region, note: string) => CALLABLE.has(region.kind) && /^[(<]/.test(note);

function shownNote(region: Region, notes: Notes): string {
  const note = region.note === region.kind ? '' : region.note;
  if (notes === 'all') return note;
  if (notes === 'none' || note.length > SHOWN_NOTE_CHARS) return '';
  return notes === 'short' || isSignature(region, note) ? note : '';
}

/**
 * A region as few tokens show it: a callable as its name and signature (`fn0(n): number`),
 * anything else as its kind and name, the note after a dash; a kind named like
 * itself (the import block) as its note. A note that only repeats the kind is left out.
 */
function label(region: Region, notes: Notes): string {
  const note = shownNote(region, notes);
  if (isSignature(region, note)) return `${region.name}${note}`;
  if (region.name === region.kind) return note || region.kind;
  return `${region.kind} ${region.name}${note ? ` — ${note}` : ''}`;
}

/** One region on one line as a map shows it, with its signature when short: `2912-2990 method Server.ServeHTTP`. */
export function regionLine(region: Region): string {
  return `${lineSpan(region)} ${label(region, 'signatures')}`;
}

/**
 * Items found in a file (search hits, query captures), each under the region of the map that
 * holds it, in the order given: a region's line once, then its items indented beneath it; items
 * outside every region at the top level.
 */
export function placedLines(items: readonly { region: Region | null; text: string }[], indent = '  '): string[] {
  const out: string[] = [];
  let last: Region | null | undefined;
  for (const item of items) {
    if (item.region !== last) {
      if (item.region) out.push(`${indent}${regionLine(item.region)}`);
      else if (last !== undefined) out.push(`${indent}(outside every region)`);
      last = item.region;
    }
    out.push(`${indent}${item.region ? '  ' : ''}${item.text}`);
  }
  return out;
}

/** The legend a model reads once, above the lines. */
const LEGEND = 'Regions (lines, then name(signature) or kind name — note; members indented under their parent):';

/** Every node's members counted by kind ("4 methods, 1 class"), bottom-up in one pass, without recursion. */
function memberCounts(roots: readonly RegionNode[]): Map<RegionNode, Map<string, number>> {
  const order: RegionNode[] = [];
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as RegionNode;
    order.push(node);
    stack.push(...node.children);
  }
  const counts = new Map<RegionNode, Map<string, number>>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const mine = new Map<string, number>();
    for (const child of node.children) {
      mine.set(child.region.kind, (mine.get(child.region.kind) ?? 0) + 1);
      for (const [kind, n] of counts.get(child) ?? []) mine.set(kind, (mine.get(kind) ?? 0) + n);
    }
    counts.set(node, mine);
  }
  return counts;
}

/** "4 methods, 1 class": counts by kind, as every summary of a map says them. */
export function countsText(counts: Map<string, number>): string {
  return [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : kind.endsWith('s') ? 'es' : 's'}`).join(', ');
}

/** Indentation stops deepening at 16 levels, so that no nesting makes a line longer than its region's. */
const indent = (node: RegionNode) => '  '.repeat(Math.min(node.depth, 16));
const plainLine = (node: RegionNode, notes: Notes) => `${indent(node)}${lineSpan(node.region)} ${label(node.region, notes)}`;
const foldSuffix = (counts: Map<string, number> | undefined) => ` [folded: ${countsText(counts ?? new Map())}]`;

/**
 * Region lines down to `maxDepth` (deeper members folded into their parent's line). Three or
 * more one-line siblings of one kind with no members share a line, each with its own number.
 * Iterative, so no nesting is too deep for it.
 */
function regionLines(roots: readonly RegionNode[], maxDepth: number, notes: Notes, counts?: Map<RegionNode, Map<string, number>>): string[] {
  const out: string[] = [];
  const pending: (readonly RegionNode[])[] = [roots];
  const at: number[] = [0];
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
    while (j < nodes.length && nodes[j].region.start === nodes[j].region.end && nodes[j].children.length === 0 && nodes[j].region.kind === node.region.kind)
      j++;
    if (j - i >= 3) {
      const run = nodes
        .slice(i, j)
        .map((n) => `${n.region.start} ${CALLABLE.has(n.region.kind) ? label(n.region, notes) : label({ ...n.region, kind: '' }, notes).trim()}`);
      out.push(`${indent(node)}${CALLABLE.has(node.region.kind) ? '' : `${node.region.kind}: `}${run.join('; ')}`);
      at[at.length - 1] = j;
      continue;
    }
    at[at.length - 1] = i + 1;
    if (node.children.length && node.depth >= maxDepth) {
      out.push(plainLine(node, notes) + foldSuffix((counts ?? memberCounts([node])).get(node)));
    } else {
      out.push(plainLine(node, notes));
      if (node.children.length) {
        pending.push(node.children);
        at.push(0);
      }
    }
  }
  return out;
}

/** Top-level regions grouped into runs so that even a very long flat map fits: said to be folded. */
function bucketLines(roots: readonly RegionNode[], buckets: number, counts: Map<RegionNode, Map<string, number>>): string[] {
  const size = Math.ceil(roots.length / buckets);
  const out: string[] = [];
  for (let i = 0; i < roots.length; i += size) {
    const run = roots.slice(i, i + size);
    const total = new Map<string, number>();
    for (const node of run) {
      total.set(node.region.kind, (total.get(node.region.kind) ?? 0) + 1);
      for (const [kind, n] of counts.get(node) ?? []) total.set(kind, (total.get(kind) ?? 0) + n);
    }
    const first = run[0].region;
    const last = run[run.length - 1].region;
    out.push(`${first.start}-${last.end} [folded: ${countsText(total)}; first ${regionLabel(first)}, last ${regionLabel(last)}]`);
  }
  return out;
}

/**
 * The characters the region lines take when folded below each depth, for every depth at once,
 * in one pass: an upper bound (runs of one-line siblings only make the text shorter).
 */
function sizeByDepth(notes: Notes, counts: Map<RegionNode, Map<string, number>>): number[] {
  const own: number[] = [];
  const folded: number[] = [];
  for (const node of counts.keys()) {
    own[node.depth] = (own[node.depth] ?? 0) + plainLine(node, notes).length + 1;
    if (node.children.length) folded[node.depth] = (folded[node.depth] ?? 0) + foldSuffix(counts.get(node)).length;
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
 * The file's map as text. With `maxChars`, it is made to fit: notes other than signatures go first, then
 * members are folded into their parents below the deepest depth that fits, then top-level runs
 * are folded; every fold is said in the text, with the way to the whole map, so a shortened map
 * never passes for a complete one. Linear in the number of regions.
 */
export function renderMap(entry: MapEntry, options: RenderOptions = {}): string {
  const header = mapHeader(entry);
  const prose = entry.prose ? `\n${entry.prose}` : '';
  if (entry.status === 'prose-only') return fit(`${header}:${prose}`, options.maxChars);
  if (entry.regions.length === 0) return fit(`${header}: no declarations found.${prose}`, options.maxChars);

  const roots = regionTree(entry.regions);
  const how = options.wholeMap ? `; ${options.wholeMap} for the whole map` : '';
  const compose = (lines: string[], folded: string) => `${header}${folded}:${prose}\n${LEGEND}\n${lines.join('\n')}`;
  const budget = options.maxChars;
  const whole = compose(regionLines(roots, Infinity, 'short'), '');
  if (budget === undefined || whole.length <= budget) return whole;

  const signatures = compose(regionLines(roots, Infinity, 'signatures'), `; only signature notes kept to fit${how}`);
  if (signatures.length <= budget) return signatures;
  const counts = memberCounts(roots);
  const fixed = compose([], `; only signature notes kept, members below depth 999 folded to fit${how}`).length;
  const sizes = sizeByDepth('signatures', counts);
  for (let depth = sizes.length - 2; depth >= 0; depth--) {
    if (fixed + sizes[depth] <= budget)
      return compose(regionLines(roots, depth, 'signatures', counts), `; only signature notes kept, members below depth ${depth + 1} folded to fit${how}`);
  }
  const bare = compose(regionLines(roots, 0, 'none', counts), `; members folded, notes left out to fit${how}`);
  if (bare.length <= budget) return bare;
  for (let buckets = Math.min(roots.length, 64); buckets >= 1; buckets = Math.floor(buckets / 2)) {
    const text = compose(bucketLines(roots, buckets, counts), `; ${roots.length} top-level regions folded into runs to fit${how}`);
    if (text.length <= budget || buckets === 1) return fit(text, budget);
  }
  return fit(bare, budget);
}

/** Last resort for prose that alone is over budget: cut and say so. */
function fit(text: string, maxChars: number | undefined): string {
  if (maxChars === undefined || text.length <= maxChars) return text;
  const marker = '\n[cut to fit]';
  return text.slice(0, Math.max(0, maxChars - marker.length)) + marker;
}

/** What is at one line: the regions containing it, innermost last, or that it is in a gap. */
export function renderAt(entry: MapEntry, line: number): string {
  if (line < 1 || line > entry.lines) return `${entry.path} has ${entry.lines} lines; line ${line} is outside it.`;
  if (entry.status === 'prose-only') return `${entry.path}: no line map (prose only), so line ${line} cannot be placed.`;
  const hits = regionsAt(entry.regions, line);
  if (hits.length === 0) return `${entry.path}:${line} is in a gap between regions.`;
  return regionLines(regionTree(hits), Infinity, 'all').join('\n');
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

/** The CodeLens shown above a region's first line. */
export function codeLensTitle(region: Region): string {
  return `${regionLabel(region)} · ${region.start}-${region.end}${region.note ? ` · ${region.note}` : ''}`;
}

const ORIGIN_LABEL: Record<MapOrigin, string> = {
  local: 'from the local cache',
  team: 'from the team cache',
  model: 'made by the model in this session',
  structural: 'outlined by tree-sitter',
};

/** Where a map came from, as the editor says it. */
export const originLabel = (origin: MapOrigin) => ORIGIN_LABEL[origin];

/** What a hover on `line` says: the regions holding it (innermost last), then the file's prose, and where the map came from. */
export function renderHover(entry: MapEntry, line: number, origin?: MapOrigin): string {
  const from = origin ? `, ${ORIGIN_LABEL[origin]}` : '';
  return `${renderAt(entry, line)}\n\n${mapHeader(entry)}${from}${entry.prose ? `:\n${entry.prose}` : ''}`;
}
