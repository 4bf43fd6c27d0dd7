import { OutputCut } from '../../core/shell/outputCut';
import { ParsedArgs, positiveInt } from '../args';

/** --max-bytes, --max-chars and --max-lines (`skim lines`, `skim listing`): the host's cut of a command's output, when given. */
export function cutOf(args: ParsedArgs): OutputCut | undefined {
  const bytes = positiveInt(args.flags, 'max-bytes');
  const chars = positiveInt(args.flags, 'max-chars');
  const lines = positiveInt(args.flags, 'max-lines');
  if (bytes === undefined && chars === undefined && lines === undefined) return undefined;
  return { ...(bytes && { bytes }), ...(chars && { chars }), ...(lines && { lines }), keeps: 'head' };
}
