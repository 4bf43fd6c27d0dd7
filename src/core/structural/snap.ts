import { normalizeRegions } from '../map/normalize';
import { Region } from '../map/types';

/** How far a model's start line may be from a declaration's for the two to be the same thing. */
const NEAR = 5;

const sameName = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`) || a.endsWith(`::${b}`) || b.endsWith(`::${a}`);

/**
 * The structural cross-check: a model's region that names a declaration tree-sitter also found,
 * a few lines off, takes the declaration's exact lines. Regions the parser knows nothing of
 * (config blocks, test groups, sections) keep the model's lines. Never costs a model call.
 */
export function snapToDeclarations(regions: readonly Region[], declarations: readonly Region[], lines: number): Region[] {
  const snapped = regions.map((region) => {
    let best: Region | undefined;
    for (const d of declarations) {
      if (!sameName(region.name, d.name) || Math.abs(d.start - region.start) > NEAR) continue;
      if (!best || Math.abs(d.start - region.start) < Math.abs(best.start - region.start)) best = d;
    }
    return best ? { ...region, start: best.start, end: best.end } : region;
  });
  return normalizeRegions(snapped, lines);
}
