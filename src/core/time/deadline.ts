/**
 * The one way Skim waits with a deadline: the work's value, or undefined once `ms` have passed
 * (the work goes on unobserved; a caller that can stop it passes an AbortSignal of its own).
 * The timer never keeps the process alive after the work settles.
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, ms))));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A pause of `ms` milliseconds. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
