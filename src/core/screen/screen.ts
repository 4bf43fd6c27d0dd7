import { currentJudge } from '../judge/current';
import { judgeScreen } from '../judge/screenSite';
import { flagLines, ScreenFlag } from './flags';
import { Redaction, redactSecrets } from './secrets';

/**
 * The result screen: every text Skim returns to a model (reads, maps, search hits, tree and
 * language-server answers, the hook's extra text) passes here. Credentials are redacted (on by
 * default; SKIM_REDACT=off, or skim.screen.redactSecrets in VS Code, turns it off), passages
 * addressed to an AI agent are flagged, and where a judge is configured the flagged passages are
 * judged (judge/screenSite). It only ever adds restriction or information.
 */
export interface Screen {
  flags: ScreenFlag[];
  redactions: Redaction[];
  /** Passages the judge found to be addressed to an agent, wrapped as data (enforcing only). */
  wrapped: { start: number; end: number }[];
}

export interface ScreenOptions {
  redact: boolean;
}

let options: ScreenOptions = { redact: process.env.SKIM_REDACT !== 'off' };

/** The host's settings (VS Code's), applied to every screen from now on. */
export function setScreenOptions(next: ScreenOptions): void {
  options = next;
}

export async function screenText(text: string): Promise<{ text: string; screen: Screen }> {
  const redacted = options.redact ? await redactSecrets(text) : { text, redactions: [] };
  const flags = flagLines(redacted.text);
  const judged = await judgeScreen(redacted.text, flags, currentJudge());
  return { text: judged.text, screen: { flags, redactions: redacted.redactions, wrapped: judged.wrapped } };
}

/** The screened text alone. */
export async function screened(text: string): Promise<string> {
  return (await screenText(text)).text;
}
