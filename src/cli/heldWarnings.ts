import { within } from '../core/time/deadline';
import type { Io } from './io';

/** What stands for a warning the screen did not answer for in time: nothing of it is shown unscreened. */
export const UNSCREENED_WARNING = 'a warning could not be screened in time, so it is not shown';

/**
 * The warnings of a process that answers from the small bundle (the hook, `skim lines`), held and
 * written once it is done, each screened: a warning quotes paths and arguments (a file's name
 * holding a token, or an order to the agent), and a message is output. The screen is loaded only
 * where there is a warning to write, so a quiet run pays nothing for it.
 */
export function heldWarnings(io: Io): { io: Io; flush(screen: (text: string) => Promise<string>, untilMs: number): Promise<void> } {
  const held: string[] = [];
  return {
    io: { ...io, warn: (text) => held.push(text) },
    async flush(screen, untilMs) {
      for (const text of held.splice(0)) {
        const shown = await within(
          screen(text).catch(() => undefined),
          untilMs - Date.now(),
        );
        io.warn(shown ?? UNSCREENED_WARNING);
      }
    },
  };
}
