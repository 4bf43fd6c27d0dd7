/**
 * Skim's messages to the user, one at a time: a warning never stacks on the first-run offer or on
 * another of Skim's warnings. A message waits until the one before it was answered or has had its
 * time on screen (VS Code moves an unanswered notification to the bell after about ten seconds).
 */
export class SkimMessages {
  private last: Promise<unknown> = Promise.resolve();

  /** How long a notification that nobody answers holds the queue. */
  static readonly ON_SCREEN_MS = 10_000;

  /** Shows a message after those queued before it; `holdMs` Infinity holds the queue until it is answered (the offer). */
  show<T>(present: () => Thenable<T>, holdMs = SkimMessages.ON_SCREEN_MS): Promise<T | undefined> {
    const shown = this.last.then(() => present());
    const held = Number.isFinite(holdMs) ? Promise.race([shown, new Promise((resolve) => setTimeout(resolve, holdMs))]) : shown;
    this.last = held.catch(() => undefined);
    return shown.then(
      (answer) => answer,
      () => undefined,
    );
  }
}
