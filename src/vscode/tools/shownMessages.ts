import { nameOnOneLine } from '../../core/map/controls';

/** How a message is screened before the chat shows it (the workspace's screen/message). */
export type MessageScreen = (message: string) => Promise<string>;

/** A tool's lines in the chat while it runs and after (which quote its input: a path, a question, a symbol), screened. */
export async function shownToolMessages(screen: MessageScreen, messages: { invocation: string; past: string }): Promise<{ invocation: string; past: string }> {
  const [invocation, past] = await Promise.all([screen(nameOnOneLine(messages.invocation)), screen(nameOnOneLine(messages.past))]);
  return { invocation, past };
}

/**
 * A tool's failure as the model reads it: the same error, its message (which quotes names and the
 * caller's arguments) on one line and screened. A cancellation is passed on as it is: it says nothing.
 */
export async function shownFailure(screen: MessageScreen, error: unknown): Promise<unknown> {
  if (!(error instanceof Error) || error.name === 'Canceled') return error;
  const shown = new Error(await screen(nameOnOneLine(error.message)));
  shown.name = error.name;
  return shown;
}
