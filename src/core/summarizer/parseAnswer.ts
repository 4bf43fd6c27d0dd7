import { capProse, normalizeRegions, rawRegions } from '../map/normalize';
import { Region } from '../map/types';

export type ParsedAnswer = { ok: true; prose: string; regions: Region[] } | { ok: false; problem: string; prose: string };

/** Finds the JSON object in an answer, tolerating code fences and text around it. */
function extractJson(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  const candidate = (fenced ? fenced[1] : answer).trim();
  try {
    return JSON.parse(candidate);
  } catch {
    const first = candidate.indexOf('{');
    const last = candidate.lastIndexOf('}');
    if (first === -1 || last <= first) throw new Error('it is not JSON');
    try {
      return JSON.parse(candidate.slice(first, last + 1));
    } catch {
      throw new Error('it is not valid JSON (truncated or malformed)');
    }
  }
}

/**
 * Validates a model's answer. Prose is taken only from a "prose" field: text that is not the
 * answer's shape is never kept, since it would reach an agent on every read of the file. Shape problems (not JSON, missing or mistyped fields, no usable
 * region) are reported for repair; arithmetic inside a well-shaped answer (negative, reversed,
 * overlapping or out-of-range lines, numbers written as strings, oversized fields) is
 * normalized here and never sent back.
 */
export function parseAnswer(answer: string, lines: number): ParsedAnswer {
  if (!answer.trim()) return { ok: false, problem: 'the answer was empty', prose: '' };
  let value: unknown;
  try {
    value = extractJson(answer);
  } catch (error) {
    return { ok: false, problem: (error as Error).message, prose: '' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: 'it is not a JSON object', prose: '' };
  }
  const object = value as { prose?: unknown; regions?: unknown };
  const prose = typeof object.prose === 'string' ? capProse(object.prose) : '';
  if (typeof object.prose !== 'string') return { ok: false, problem: '"prose" is missing or not a string', prose: '' };
  if (!Array.isArray(object.regions)) return { ok: false, problem: '"regions" is missing or not an array', prose };
  const raw = rawRegions(object.regions);
  if (raw.length === 0) return { ok: false, problem: '"regions" has no region with a start line', prose };
  const regions = normalizeRegions(raw, lines);
  if (regions.length === 0) return { ok: false, problem: `no region lies within the file's ${lines} lines`, prose };
  return { ok: true, prose, regions };
}
