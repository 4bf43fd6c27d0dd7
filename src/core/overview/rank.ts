/**
 * Ranks files as Aider's repository map does: a graph in which each file's code points at the
 * files that declare the names it uses, weighted by how often and how telling the name is, ranked
 * by PageRank; each declaration then gets the share of rank that flows to its name. Two changes,
 * measured on Go's runtime and net/http and on mocha: random jumps land in proportion to a file's
 * size, so that a big file's uses weigh more than a 30-line test program's; and a file is ranked
 * by the rank that flows to it from the others, not counting its own jumps, with a damping of 0.6
 * rather than 0.85, so that a few files naming only each other (a cgo pair, one test program's
 * files) do not trap rank above the files the whole tree names. Names are numbers here (interned
 * by the caller), so that a large tree costs typed arrays, not objects.
 */
export interface RankFile {
  /** How much the file's uses weigh (its share of the random jumps): its size in lines, say. */
  weight: number;
  /** Each declaration's name as code names it (an id), or -1 for one code cannot name. */
  declares: Int32Array;
  /** The names the file's code uses: id, count, id, count… */
  uses: Uint32Array;
}

export interface RankResult {
  /** The rank that flows to each file from the files that use its names. */
  rank: Float64Array;
  /** Per file, per declaration: how many times the other files' code names it. */
  references: Uint32Array[];
  /** Per file, per declaration: the rank that flows to its name from the files that use it. */
  score: Float64Array[];
  /** Whether the ranks settled before `until`; when not, they are those of the last round. */
  settled: boolean;
}

const DAMPING = 0.6;
const MAX_ITERATIONS = 60;
/** The ranks sum to 1: a change this small in all moves no file past another that matters. */
const TOLERANCE = 1e-7;

/** A name declared in more files than this tells nothing of which one is meant: it draws no edges (its uses are still counted). */
export const MAX_DECLARERS = 20;

/**
 * How much one use of a name says about the file that declares it (Aider's weights): a long
 * compound name (`parseHeader`, `read_config`) ten times more, a private one (`_cache`) and one
 * declared in more than five places a tenth. Places are declarations, not files: click's
 * `to_info_dict`, declared by six classes in each of two files, is a common word of the code, not
 * one declaration many files need.
 */
export function nameWeight(name: string, declarations: number): number {
  let weight = 1;
  const compound = /[a-z][A-Z]|[A-Z][a-z]/.test(name) || /[A-Za-z]_|_[A-Za-z]|[A-Za-z]-[A-Za-z]/.test(name);
  if (compound && name.length >= 8) weight *= 10;
  if (name.startsWith('_')) weight *= 0.1;
  if (declarations > 5) weight *= 0.1;
  return weight;
}

export interface RankOptions {
  /** When to stop iterating (performance.now()): the ranks are then those of the last round, said not settled. */
  until?: number;
  /** A name's weight beyond nameWeight (1 unless said): a member use of a builtin type's method name weighs a tenth. */
  factor?: (id: number) => number;
}

export function rankFiles(files: readonly RankFile[], nameOf: (id: number) => string, { until = Infinity, factor = () => 1 }: RankOptions = {}): RankResult {
  const n = files.length;
  let names = 0;
  for (const file of files) for (const id of file.declares) names = Math.max(names, id + 1);

  // Which files declare each name (each file once), as one array cut by offsets; `mine[id] === i` while file i is looked at and declares id.
  const mine = new Int32Array(names).fill(-1);
  const declarers = new Int32Array(names);
  const declarations = new Int32Array(names);
  files.forEach((file, i) => {
    for (const id of file.declares) {
      if (id >= 0) declarations[id]++;
      if (id < 0 || mine[id] === i) continue;
      mine[id] = i;
      declarers[id]++;
    }
  });
  const offset = new Int32Array(names + 1);
  for (let id = 0; id < names; id++) offset[id + 1] = offset[id] + declarers[id];
  const declaring = new Int32Array(offset[names]);
  const filled = offset.slice(0, names);
  mine.fill(-1);
  files.forEach((file, i) => {
    for (const id of file.declares) {
      if (id < 0 || mine[id] === i) continue;
      mine[id] = i;
      declaring[filled[id]++] = i;
    }
  });
  const declared = (id: number) => id < names && declarers[id] > 0;

  // How many times each name is used in all; a file's own uses of what it declares are not references.
  const totalUses = new Float64Array(names);
  for (const file of files) for (let k = 0; k < file.uses.length; k += 2) if (declared(file.uses[k])) totalUses[file.uses[k]] += file.uses[k + 1];
  const own = new Float64Array(names);
  const references = files.map((file) => {
    for (let k = 0; k < file.uses.length; k += 2) if (declared(file.uses[k])) own[file.uses[k]] = file.uses[k + 1];
    const counts = Uint32Array.from(file.declares, (id) => (id < 0 ? 0 : totalUses[id] - own[id]));
    for (let k = 0; k < file.uses.length; k += 2) if (declared(file.uses[k])) own[file.uses[k]] = 0;
    return counts;
  });

  const weight = Float64Array.from({ length: names }, (_, id) => (declarers[id] ? nameWeight(nameOf(id), declarations[id]) * factor(id) : 0));
  /** Each use of a name that draws edges, from file r: the weight each of its declarers (but r) gets. A file's own declarations draw none. */
  const eachUse = (r: number, visit: (id: number, share: number) => void) => {
    const { declares, uses } = files[r];
    for (const id of declares) if (id >= 0) mine[id] = r;
    for (let k = 0; k < uses.length; k += 2) {
      const id = uses[k];
      if (!declared(id)) continue;
      const targets = declarers[id] - (mine[id] === r ? 1 : 0);
      if (targets > 0 && targets <= MAX_DECLARERS) visit(id, (weight[id] * Math.sqrt(uses[k + 1])) / targets);
    }
  };

  // The graph, file to file, each edge's weight summed over the names that draw it.
  mine.fill(-1);
  const sum = new Float64Array(n);
  const edges = files.map((_, r) => {
    const touched: number[] = [];
    eachUse(r, (id, share) => {
      for (let e = offset[id]; e < offset[id + 1]; e++) {
        const d = declaring[e];
        if (d === r) continue;
        if (sum[d] === 0) touched.push(d);
        sum[d] += share;
      }
    });
    const to = Int32Array.from(touched);
    const w = Float64Array.from(touched, (d) => sum[d]);
    for (const d of touched) sum[d] = 0;
    return { to, weight: w, total: w.reduce((a, b) => a + b, 0) };
  });

  // Random jumps land in proportion to each file's weight: a big file's uses of names weigh more than a 30-line test program's.
  const weights = files.map((file) => Math.max(0, file.weight));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const jump = Float64Array.from(weights, (w) => (totalWeight > 0 ? w / totalWeight : 1 / n));
  let rank = Float64Array.from(jump);
  let settled = false;
  for (let iteration = 0; iteration < MAX_ITERATIONS && performance.now() <= until; iteration++) {
    const next = Float64Array.from(jump, (j) => (1 - DAMPING) * j);
    let dangling = 0;
    for (let r = 0; r < n; r++) {
      const { to, weight: w, total } = edges[r];
      if (total === 0) {
        dangling += rank[r];
        continue;
      }
      const flow = (DAMPING * rank[r]) / total;
      for (let e = 0; e < to.length; e++) next[to[e]] += flow * w[e];
    }
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] += DAMPING * dangling * jump[i];
      change += Math.abs(next[i] - rank[i]);
    }
    rank = next;
    if (change < TOLERANCE || iteration === MAX_ITERATIONS - 1) {
      settled = true;
      break;
    }
  }

  // The rank flowing to each file from the others, and to each name, as each file that declares it receives it.
  const inflow = new Float64Array(n);
  for (let r = 0; r < n; r++) for (let e = 0; e < edges[r].to.length; e++) inflow[edges[r].to[e]] += (rank[r] * edges[r].weight[e]) / edges[r].total;
  const flow = new Float64Array(names);
  mine.fill(-1);
  files.forEach((_, r) => {
    if (edges[r].total > 0) eachUse(r, (id, share) => (flow[id] += (rank[r] * share) / edges[r].total));
  });
  const score = files.map((file) => Float64Array.from(file.declares, (id) => (id < 0 ? 0 : flow[id])));
  return { rank: inflow, references, score, settled };
}
