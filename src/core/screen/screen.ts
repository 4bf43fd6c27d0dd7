import { flagLines, ScreenFlag } from './flags';
import { Redaction, redactSecrets } from './secrets';

/**
 * The result screen: every text Skim returns to a model (reads, maps, search hits, tree and
 * language-server answers, the hook's extra text) passes here. Credentials are redacted (on by
 * default; SKIM_REDACT=off, or skim.screen.redactSecrets in VS Code, turns it off) and passages
 * addressed to an AI agent are flagged. It only ever adds restriction or information.
 */
export interface Screen {
  flags: ScreenFlag[];
  redactions: Redaction[];
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
  return { text: redacted.text, screen: { flags: flagLines(redacted.text), redactions: redacted.redactions } };
}

/** The screened text alone. */
export async function screened(text: string): Promise<string> {
  return (await screenText(text)).text;
}
