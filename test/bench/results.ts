/** One measure of `npm run bench`, as .bench/results.json keeps it. */
export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
  /** The target as people read it (`≤ 1.5×`), where the measure has one. */
  target?: string;
  ok?: boolean;
}

/** .bench/results.json: one run's rows, with when, on which Node, and whether it was the quick run. */
export interface BenchResults {
  date: string;
  node: string;
  quick: boolean;
  rows: BenchRow[];
  /** Every language outside the corpus, tuning and held-out apart. */
  languages?: LanguageRow[];
}

/** One language's maps on one set of files (outside the corpus: tuning or held-out), against the targets. */
export interface LanguageRow {
  language: string;
  set: string;
  /** ctags, or keyword lines where ctags has no parser for the language. */
  reference: string;
  files: number;
  tags: number;
  /** Share of the reference's declarations a region of the same name holds, over all the set's files; the worst file's, and which file. */
  recall: number;
  worstRecall: number;
  worstFile: string;
  /** Median over the files of the whole map's tokens over the bare listing's. */
  density: number;
  /** The same with the map's notes left out: what its doc notes and the signatures that tell overloads and clauses apart cost. */
  densityWithoutNotes: number;
  /** The same with each region's end line left out: what the end lines cost. */
  densityWithoutEnds: number;
  /** The guarded flow's and map-first's reach against the same flow with the listing, over the files the guard shortens (none: undefined). */
  guarded?: number;
  mapFirst?: number;
  ok: { recall: boolean; worst: boolean; density: boolean; guarded: boolean };
  /** With a second reference: its name, what either reference finds, the share of that a region locates, and what only the second finds by shape. */
  second?: { reference: string; either: number; recall: number; onlySecond: number; onlySecondLocated: number; shapes: Record<string, number> };
}
