import { Region } from '../map/types';
import { ChatMessage, Model, ModelUnavailableError } from '../model/model';
import { parseAnswer } from './parseAnswer';
import { modelProducer, repairRequest, summaryMessages } from './prompt';

/** One call, then at most two repairs: a model that cannot give the shape in three will not in ten. */
export const MAX_MODEL_CALLS = 3;

export interface ModelSummary {
  status: 'model' | 'prose-only';
  producer: string;
  prose: string;
  regions: Region[];
  modelCalls: number;
  /** Why the map is prose only: the last problem found in the model's answer. */
  problem?: string;
}

/** The model could not be asked (or stopped answering) after `modelCalls` calls. */
export class SummaryFailedError extends ModelUnavailableError {
  constructor(
    message: string,
    readonly modelCalls: number,
  ) {
    super(message);
  }
}

/**
 * Asks the model to map one file. A malformed answer is sent back for repair at most twice;
 * after the third (or the last of `maxCalls`), whatever prose it held is kept and the entry says it has no map.
 */
export async function summarizeWithModel(
  model: Model,
  displayPath: string,
  lines: readonly string[],
  signal?: AbortSignal,
  /** Fewer calls than MAX_MODEL_CALLS when a read already spent some (a file that changed while it was read). */
  maxCalls = MAX_MODEL_CALLS,
): Promise<ModelSummary> {
  const messages: ChatMessage[] = summaryMessages(displayPath, lines);
  if (model.maxInputTokens !== undefined && model.countTokens) {
    const tokens = await model.countTokens(messages.map((m) => m.content).join('\n'));
    if (tokens > model.maxInputTokens) {
      throw new SummaryFailedError(`${displayPath} is ${tokens} tokens, more than the model's input limit of ${model.maxInputTokens}`, 0);
    }
  }
  let calls = 0;
  let problem = '';
  let prose = '';
  while (calls < Math.min(maxCalls, MAX_MODEL_CALLS)) {
    let answer: string;
    try {
      calls++;
      answer = await model.complete(messages, signal);
    } catch (error) {
      throw new SummaryFailedError((error as Error).message, calls);
    }
    const parsed = parseAnswer(answer, lines.length);
    if (parsed.ok) return { status: 'model', producer: modelProducer(model.producer), prose: parsed.prose, regions: parsed.regions, modelCalls: calls };
    problem = parsed.problem;
    prose = parsed.prose || prose;
    messages.push({ role: 'assistant', content: answer.slice(0, 4000) }, { role: 'user', content: repairRequest(problem) });
  }
  return { status: 'prose-only', producer: modelProducer(model.producer), prose, regions: [], modelCalls: calls, problem };
}
