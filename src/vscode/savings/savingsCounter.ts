import { measureShortenedRead, O200K, TokenCounter } from '../../core/savings';
import { MapServices } from '../workspace/mapServices';
import { Savings } from './savings';
import { WorkspaceFile } from '../workspace/workspacePaths';

/** Counts what Show Savings shows: shortened reads, their tokens counted by the model the settings choose where it can, else o200k; model calls. */
export class SavingsCounter {
  constructor(
    private readonly savings: Savings,
    private readonly services: MapServices,
  ) {}

  async shortened(file: WorkspaceFile, shown: [number, number], askedEnd: number, mapText: string): Promise<void> {
    const { model } = await this.services.service(file).catch(() => ({ model: undefined }));
    const tokens: TokenCounter = model ? { name: `${model.producer}'s own countTokens`, count: (text) => model.countTokens(text) } : O200K;
    const read = await measureShortenedRead(file.real, file.key, shown, askedEnd, mapText, tokens).catch(() => undefined);
    if (read) await this.savings.record(read, tokens.name);
  }

  modelCalls(calls: number): Promise<void> {
    return this.savings.recordModelCalls(calls);
  }
}
