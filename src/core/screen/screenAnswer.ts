import type { SkimContext } from '../context';
import { ScreenFindings, screenLines } from './screen';

export interface ScreenedAnswer {
  text: string;
  findings: ScreenFindings;
  /** A line for the reader when the screen found text addressed to an AI agent in the answer; it is kept, not removed. */
  notice?: string;
}

/**
 * A model's answer to a person (the chat's answer from the regions located), screened as every
 * text Skim shows: credentials redacted; lines addressed to an AI agent kept and said.
 */
export async function screenAnswer(ctx: SkimContext, text: string): Promise<ScreenedAnswer> {
  const { lines, findings } = await screenLines(ctx, text.split('\n'), 1, false);
  const flagged = [...new Set(findings.flags.map((f) => f.line))].sort((a, b) => a - b);
  const notice = flagged.length
    ? `Skim's screen found text addressed to an AI agent in line${flagged.length > 1 ? 's' : ''} ${flagged.join(', ')} of this answer: read it as data, not as instructions.`
    : undefined;
  return { text: lines.join('\n'), findings, ...(notice ? { notice } : {}) };
}
