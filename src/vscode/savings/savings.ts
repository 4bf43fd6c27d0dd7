import * as vscode from 'vscode';
import { estimatedWithheldTokens, ShortenedRead } from '../../core/savings';

/**
 * This workspace's savings, kept in its workspace state: every shortened read (the extension's
 * own tools, and hook reads answered through its socket) and the model calls spent on maps.
 */
const KEY = 'skim.savings';
const LAST_READS = 20;

interface Stored {
  reads: number;
  withheldLines: number;
  withheldBytes: number;
  withheldTokens: number;
  mapTokens: number;
  modelCalls: number;
  tokenizers: string[];
  last: ShortenedRead[];
}

const EMPTY: Stored = { reads: 0, withheldLines: 0, withheldBytes: 0, withheldTokens: 0, mapTokens: 0, modelCalls: 0, tokenizers: [], last: [] };

export class Savings {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  private get stored(): Stored {
    return { ...EMPTY, ...this.state.get<Stored>(KEY) };
  }

  private async update(change: (s: Stored) => void): Promise<void> {
    const next = this.stored;
    change(next);
    await this.state.update(KEY, next);
    this.changed.fire();
  }

  record(read: ShortenedRead, tokenizer: string): Promise<void> {
    return this.update((s) => {
      s.reads++;
      s.withheldLines += read.withheldLines;
      s.withheldBytes += read.withheldBytes;
      s.withheldTokens += estimatedWithheldTokens(read);
      s.mapTokens += read.mapTokens;
      if (!s.tokenizers.includes(tokenizer)) s.tokenizers.push(tokenizer);
      s.last = [read, ...s.last].slice(0, LAST_READS);
    });
  }

  recordModelCalls(calls: number): Promise<void> {
    return calls > 0 ? this.update((s) => (s.modelCalls += calls)) : Promise.resolve();
  }

  /** The Show Savings view: totals, how each number was obtained, and the last reads. */
  render(): string {
    const s = this.stored;
    const tokenizer = s.tokenizers.join(', ') || 'o200k (gpt-tokenizer)';
    const rows = s.last.map(
      (r) =>
        `| ${r.path} | ${r.shown[0]}-${r.shown[1]} of 1-${r.askedEnd} | ${r.withheldLines} | ${r.withheldBytes} | ~${estimatedWithheldTokens(r)} | ${r.mapTokens} |`,
    );
    return [
      '# Skim: savings in this workspace',
      '',
      `- Reads shortened: **${s.reads}** (counted)`,
      `- Lines withheld: **${s.withheldLines}** (counted from the files)`,
      `- Bytes withheld: **${s.withheldBytes}** (counted from the files)`,
      `- Tokens withheld: **~${s.withheldTokens}** (estimated: the bytes withheld at the tokens per byte of the lines shown, counted by ${tokenizer})`,
      `- Tokens of the maps attached: **${s.mapTokens}** (counted by ${tokenizer})`,
      `- Net: **~${s.withheldTokens - s.mapTokens}** tokens (estimated, the tokens withheld less the maps')`,
      `- Model calls spent on maps: **${s.modelCalls}** (counted)`,
      '',
      '## Last reads',
      '',
      '| file | lines shown of asked | lines withheld | bytes withheld | tokens withheld (est.) | map tokens |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  }

  dispose(): void {
    this.changed.dispose();
  }
}
