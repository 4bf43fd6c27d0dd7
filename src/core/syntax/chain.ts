/** What skim_node_at answers, apart from how it is found: so that the parse's callers (here or in the outline worker) can name it. */

export interface NodeAtResult {
  path: string;
  language: string;
  line: number;
  column: number;
  /** Outermost first: the root, then each named node down to the one at the position (past MAX_CHAIN, its middle left out). */
  chain: { type: string; name: string | null; start: number; end: number }[];
  /** How many nodes of the middle of a chain longer than MAX_CHAIN were left out, after its first OUTER_KEPT. */
  folded: number;
}

/** The longest chain answered: code nested deeper (a generated or hostile file) would flood the answer. */
export const MAX_CHAIN = 64;
/** Of a longer chain, the outermost kept (the declarations holding the position); the rest kept are the innermost. */
export const OUTER_KEPT = 16;
