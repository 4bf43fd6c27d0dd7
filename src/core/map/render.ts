import { regionsAt, regionTree, RegionNode } from './tree';
import { MapEntry, Region } from './types';

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

function regionLine(node: RegionNode, noteChars: number): string {
  const { region } = node;
  const note = region.note && noteChars > 0 ? ` — ${clip(region.note, noteChars)}` : '';
  return `${'  '.repeat(node.depth)}${region.start}-${region.end} ${regionLabel(region)}${note}`;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** Counts the members below a node by kind, e.g. "4 methods, 1 class". */
function memberSummary(nodes: readonly RegionNode[]): string {
  const counts = new Map<string, number>();
  const visit = (list: readonly RegionNode[]) => {
    for (const n of list) {
      counts.set(n.region.kind, (counts.get(n.region.kind) ?? 0) + 1);
      visit(n.children);
    }
  };
  visit(nodes);
  return [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`).join(', ');
}

/** Region lines down to `maxDepth`; deeper members are folded into their parent's line. */
function regionLines(roots: readonly RegionNode[], maxDepth: number, noteChars: number): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly RegionNode[]) => {
    for (const node of nodes) {
      let line = regionLine(node, noteChars);
      if (node.children.length && node.depth >= maxDepth) {
        line += ` [folded: ${memberSummary(node.children)}]`;
        out.push(line);
        continue;
      }
      out.push(line);
      walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** Top-level regions grouped into runs so that even a very long flat map fits: said to be folded. */
function bucketLines(roots: readonly RegionNode[], buckets: number): string[] {
  const size = Math.ceil(roots.length / buckets);
  const out: string[] = [];
  for (let i = 0; i < roots.length; i += size) {
    const run = roots.slice(i, i + size);
    const first = run[0].region;
    const last = run[run.length - 1].region;
    out.push(`${first.start}-${last.end} [folded: ${memberSummary(run)}; first ${regionLabel(first)}, last ${regionLabel(last)}]`);
  }
  return out;
}

function maxDepthOf(nodes: readonly RegionNode[]): number {
  let depth = -1;
  for (const n of nodes) depth = Math.max(depth, n.depth, maxDepthOf(n.children));
  return depth;
}

export interface RenderOptions {
  /** The most characters the rendering may take. Without it, the whole map is rendered. */
  maxChars?: number;
}

/**
 * The file's whole map as text. With `maxChars`, it is made to fit: notes are shortened first,
 * then members are folded into their parents depth by depth, then top-level runs are folded;
 * every fold is said in the text, so a shortened map never passes for a complete one.
 */
export function renderMap(entry: MapEntry, options: RenderOptions = {}): string {
  const header = mapHeader(entry);
  const prose = entry.prose ? `\n${entry.prose}` : '';
  if (entry.status === 'prose-only') return fit(`${header}:${prose}`, options.maxChars);
  if (entry.regions.length === 0) return fit(`${header}: no declarations found.${prose}`, options.maxChars);

  const roots = regionTree(entry.regions);
  const compose = (lines: string[], folded: string) =>
    `${header}${folded}:${prose}\nRegions (start-end kind name — note):\n${lines.join('\n')}`;

  const whole = compose(regionLines(roots, Infinity, Infinity), '');
  const budget = options.maxChars;
  if (budget === undefined || whole.length <= budget) return whole;

  const short = compose(regionLines(roots, Infinity, 60), '; notes shortened to fit');
  if (short.length <= budget) return short;
  for (let depth = maxDepthOf(roots) - 1; depth >= 0; depth--) {
    const text = compose(regionLines(roots, depth, 40), `; folded below depth ${depth + 1} to fit, run skim map for every region`);
    if (text.length <= budget) return text;
  }
  const bare = compose(regionLines(roots, 0, 0), '; members folded, notes left out to fit, run skim map for every region');
  if (bare.length <= budget) return bare;
  for (let buckets = Math.min(roots.length, 64); buckets >= 1; buckets = Math.floor(buckets / 2)) {
    const text = compose(bucketLines(roots, buckets), `; ${roots.length} top-level regions folded into runs to fit, run skim map for every region`);
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
  const roots = regionTree(hits);
  return regionLines(roots, Infinity, Infinity).join('\n');
}

/** The JSON shape `skim map --json` prints; other hosts reuse it. */
export function mapJson(entry: MapEntry, modelCalls: number) {
  return {
    path: entry.path,
    lines: entry.lines,
    hash: entry.hash,
    status: entry.status,
    producer: entry.producer,
    prose: entry.prose,
    regions: entry.regions.map(({ start, end, kind, name, note }) => ({ start, end, kind, name, note })),
    modelCalls,
  };
}

/** The CodeLens shown above a region's first line. */
export function codeLensTitle(region: Region): string {
  return `${regionLabel(region)} · ${region.start}-${region.end}${region.note ? ` · ${region.note}` : ''}`;
}

/** What a hover on `line` says: the regions holding it (innermost last), then the file's prose. */
export function renderHover(entry: MapEntry, line: number): string {
  return `${renderAt(entry, line)}\n\n${mapHeader(entry)}${entry.prose ? `:\n${entry.prose}` : ''}`;
}
