import type { SkimContext } from '../core/context';
import { screenMessage } from '../core/screen/message';
import type { Io } from './io';

/**
 * An Io whose warnings pass the screen before they are written: every error and warning a
 * command writes quotes names and arguments, so it is output like its answer. Warnings keep their
 * order; `drained` resolves once every one written so far is out.
 */
export function screenedIo(io: Io, ctx: SkimContext): { io: Io; drained(): Promise<void> } {
  let last: Promise<void> = Promise.resolve();
  const warn = (text: string) => {
    const shown = screenMessage(ctx, text);
    last = last.then(async () => io.warn(await shown.catch(() => '(a message Skim could not screen is not shown)')));
  };
  return { io: { ...io, warn }, drained: () => last };
}
