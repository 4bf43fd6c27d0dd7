import { HarnessFigures } from './tally';

/** One run of `npm run bench:sessions`, as .bench/sessions.json keeps it. */
export interface SessionsResult {
  date: string;
  node: string;
  corpus: string;
  quick: boolean;
  seed: string;
  harnesses: Record<string, HarnessFigures & { harness: string; model: string; paths: string[] }>;
  split: Record<'tuned' | 'held-out', Record<string, HarnessFigures>>;
  /** Corpus files no harness profile describes, left out. */
  unknown: string[];
}

/** A share as people read it; a figure that rounds to nothing is 0.0%, never -0.0%. */
const percent = (x: number) => `${(x * 100).toFixed(1).replace(/^-(0\.0)$/, '$1')}%`;

/** The table people read: one row per harness, all its sessions, then each half. */
export function table(result: SessionsResult): string {
  const header =
    '| harness | sessions | reads | reads, share of all tokens | cap saving | the same, each read again the region the map gives | the same, no read charged again | ledger | cap + ledger | listing | combined | estimated | capped | left to the host | read again |';
  const row = (name: string, f: HarnessFigures) =>
    `| ${name} | ${f.sessions} | ${f.reads} | ${percent(f.readShare)} | ${percent(f.capSaving)} | ${percent(f.capSavingRegions)} | ${percent(f.capSavingUncharged)} | ${percent(f.ledgerSaving)} | ${percent(f.capLedgerSaving)} | ${percent(f.listingSaving)} | ${percent(f.combinedSaving)} | ${percent(f.estimatedShare)} | ${f.capped} | ${f.leftToHost} | ${f.extraReads} |`;
  const rows = Object.entries(result.harnesses).flatMap(([file, f]) => [
    row(`${f.harness} (\`${file}\`)`, f),
    ...(['tuned', 'held-out'] as const).map((half) => row(`${f.harness}, ${half}`, result.split[half][file])),
  ]);
  return [header, `|${'---|'.repeat(15)}`, ...rows].join('\n');
}

const signed = (x: number) => `${(Math.abs(x) * 100).toFixed(1)}%`;

/** The README's first claim, per harness: what Skim would have cut on its recorded sessions (the cap and the ledger), and how much of it was estimated. */
export function claim(result: SessionsResult): string {
  return Object.values(result.harnesses)
    .map(
      (f) =>
        `on ${f.sessions} recorded sessions of ${f.harness} (${f.model}), Skim would have ${f.capLedgerSaving >= 0 ? 'cut' : 'added'} ${signed(f.capLedgerSaving)} ${f.capLedgerSaving >= 0 ? 'of' : 'to'} read tokens (${percent(f.capSaving)} by the read cap, ${percent(f.ledgerSaving)} by the session ledger; ${percent(f.estimatedShare)} of reads estimated)`,
    )
    .join('; ');
}
