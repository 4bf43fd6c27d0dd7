import * as vscode from 'vscode';
import { estimatedWithheldTokens, ShortenedRead } from '../../core/savings';

/**
 * This workspace's savings, kept in its workspace state: every shortened read (the extension's
 * own tools, and hook reads answered through its socket) and the model calls spent on maps.
 */
const KEY = 'skim.savings';
const LAST_READS = 20;
/** How many reads the chart goes back over. */
const SERIES = 500;

/** One shortened read, as the chart draws it. */
export interface SavingsPoint {
  at: number;
  withheldTokens: number;
  mapTokens: number;
}

interface Stored {
  reads: number;
  withheldLines: number;
  withheldBytes: number;
  withheldTokens: number;
  mapTokens: number;
  modelCalls: number;
  tokenizers: string[];
  last: ShortenedRead[];
  series: SavingsPoint[];
}

/** The savings as the view shows them: totals, how the tokens were counted, the chart's points and the last reads. */
export type SavingsTotals = Readonly<Stored>;

const EMPTY: Stored = { reads: 0, withheldLines: 0, withheldBytes: 0, withheldTokens: 0, mapTokens: 0, modelCalls: 0, tokenizers: [], last: [], series: [] };

export class Savings {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  /** What is counted so far. */
  totals(): SavingsTotals {
    return { ...EMPTY, ...this.state.get<Stored>(KEY) };
  }

  private async update(change: (s: Stored) => void): Promise<void> {
    const next = { ...this.totals() };
    change(next);
    await this.state.update(KEY, next);
    this.changed.fire();
  }

  record(read: ShortenedRead, tokenizer: string): Promise<void> {
    return this.update((s) => {
      const withheldTokens = estimatedWithheldTokens(read);
      s.reads++;
      s.withheldLines += read.withheldLines;
      s.withheldBytes += read.withheldBytes;
      s.withheldTokens += withheldTokens;
      s.mapTokens += read.mapTokens;
      if (!s.tokenizers.includes(tokenizer)) s.tokenizers = [...s.tokenizers, tokenizer];
      s.last = [read, ...s.last].slice(0, LAST_READS);
      s.series = [...s.series, { at: read.at, withheldTokens, mapTokens: read.mapTokens }].slice(-SERIES);
    });
  }

  recordModelCalls(calls: number): Promise<void> {
    return calls > 0 ? this.update((s) => (s.modelCalls += calls)) : Promise.resolve();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
