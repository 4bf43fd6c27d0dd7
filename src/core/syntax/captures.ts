import type { Node } from 'web-tree-sitter';
import { innermost } from '../map/tree';
import { Region } from '../map/types';

/**
 * A tree-sitter query's answer: each capture with its position, its text (first line, clipped)
 * and the region of the file's outline that holds it.
 */

export const NAMED_QUERIES = ['definitions', 'imports', 'calls', 'calls:NAME', 'strings'] as const;

export interface Capture {
  /** The capture's name (`call`, `definition.function`, or the name a written query gave it). */
  name: string;
  type: string;
  /** 1-based lines, 1-based columns. */
  start: { line: number; column: number };
  end: { line: number; column: number };
  text: string;
  region: Region | null;
}

export interface QueryResult {
  path: string;
  language: string;
  query: string;
  captures: Capture[];
  total: number;
  capped: boolean;
  /** The query ran out of time on this file: captures found by then. */
  timedOut: boolean;
}

/** A query Skim cannot run on this file: said to the model as it is. */
export class QueryTreeError extends Error {}

export const DEFAULT_MAX_CAPTURES = 100;
const TEXT_CHARS = 120;

function clip(text: string): string {
  const first = text.split('\n', 1)[0].trimEnd();
  const more = first.length < text.trimEnd().length;
  return first.length > TEXT_CHARS ? `${first.slice(0, TEXT_CHARS)}…` : more ? `${first} …` : first;
}

export function captureOf(name: string, node: Node, regions: readonly Region[]): Capture {
  const start = { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
  return {
    name,
    type: node.type,
    start,
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1 },
    text: clip(node.text),
    region: innermost(regions, start.line),
  };
}
