/**
 * How much each of history's signals counts beside the words' (locate/withHistory), as shares of
 * the best words' score. The default holds for a project whose history has not been learned from.
 */
export interface LocateWeights {
  /** What the commits most like the question changed, per function. */
  similar: number;
  /** The same per file, in choosing which files to outline. */
  similarFile: number;
  /** What changed together with the leading functions. */
  cochange: number;
  /** How often and how recently a function changed. */
  prior: number;
  /** The question against the messages of the commits that changed a function. */
  messages: number;
  /** A file the question names, in choosing which files to outline. */
  namedFile: number;
}

export const DEFAULT_WEIGHTS: LocateWeights = { similar: 0.1, similarFile: 0.5, cochange: 0.03, prior: 0.02, messages: 0.2, namedFile: 1 };
