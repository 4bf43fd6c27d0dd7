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
}
