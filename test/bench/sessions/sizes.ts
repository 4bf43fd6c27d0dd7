import { RecordedSession } from './corpus';
import { MINI_UNDER } from './harnesses';
import { wholeContent } from './rebuild';

/** A SWE-bench session's repository (`django__django-11099` → `django__django`): its files at nearby commits are near in size. */
export const repositoryOf = (session: RecordedSession): string => session.session.replace(/-\d+$/, '');

/**
 * What the corpus shows of its files' sizes, in characters: a file read whole, or one mini-swe-agent
 * cut while `cat`-ing it (its observation says how many characters it left out), by repository and path.
 */
export class SizeBook {
  private readonly totals = new Map<string, number>();

  add(session: RecordedSession): void {
    for (const event of session.events) {
      for (const read of event.reads) {
        const whole = wholeContent(read);
        const elided = read.truncated && read.mode === 'cat' ? /\n(\d+) characters elided\n/.exec(event.obs) : null;
        const chars = whole ? [...whole.join('\n')].length + 1 : elided ? MINI_UNDER + Number(elided[1]) : undefined;
        if (chars !== undefined) this.totals.set(`${repositoryOf(session)}\u0000${read.file}`, chars);
      }
    }
  }

  /** The file's characters, where the corpus shows them. */
  total(session: RecordedSession, file: string): number | undefined {
    return this.totals.get(`${repositoryOf(session)}\u0000${file}`);
  }

  /** The median size of the files the corpus shows to be over `chars` characters: what a file a harness clipped there is taken to hold, lacking better. */
  medianOver(chars: number): number | undefined {
    const over = [...this.totals.values()].filter((n) => n > chars).sort((a, b) => a - b);
    return over.length ? over[Math.floor(over.length / 2)] : undefined;
  }
}
