import * as vscode from 'vscode';

/**
 * The scripted model, as a test extension registering a real provider with
 * vscode.lm.registerLanguageModelChatProvider. Skim's summary requests are answered from
 * `summaryScript`; requests that offer tools (Copilot's agent loop) follow `agentScript`;
 * `@skim`'s answer from the regions it located gets ANSWER, or what `setAnswer` says (REFUSE, STALL, any
 * text); other requests (titles and the like) get a fixed text.
 */
export interface ToolCall {
  name: string;
  input: object;
  /** Runs as the call is made: a change on disk between two calls. */
  before?: () => void;
}

export interface RecordedRequest {
  kind: 'summary' | 'agent' | 'utility' | 'judge' | 'answer';
  text: string;
  tools: { name: string; description: string }[];
  /** Text of every tool result part in the conversation (text and prompt-tsx parts flattened). */
  toolResults: string[];
}

export interface ScriptedModelApi {
  requests: RecordedRequest[];
  summaryCalls(): number;
  setSummaryScript(replies: string[]): void;
  setAgentScript(calls: ToolCall[]): void;
  /** What `@skim`'s answer request gets until reset: a text (empty, noise), REFUSE or STALL. */
  setAnswer(reply: string): void;
  reset(): void;
}

const SUMMARY_MARKER = 'You map one source file';
const ANSWER_MARKER = 'from the regions Skim located for it';
/** What the model answers `@skim` from the regions it located. */
export const ANSWER = 'SCRIPTED-ANSWER: parse() in ms/index.js reads the number and the unit.';
/** A summary reply that never comes: the request waits until it is cancelled. */
export const HANG = '<hang>';
/** An answer refused: the provider throws a LanguageModelError whose message holds a credential (REFUSAL_TOKEN). */
export const REFUSE = '<refuse>';
/** A GitHub token's shape, in the refusal: the chat must show it redacted. */
export const REFUSAL_TOKEN = `ghp_${'Zq4'.repeat(12)}`;
/** An answer that never comes, cancelled or not: the provider stalls until reset. */
export const STALL = '<stall>';

/** Flattens a prompt-tsx JSON tree (or any part) to its text. */
export function flattenText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(flattenText).join('');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (typeof node.text === 'string' && !('children' in node)) return node.text;
    if ('value' in node) return flattenText(node.value);
    if ('node' in node) return flattenText(node.node);
    if ('children' in node) return flattenText(node.children);
    if ('content' in node) return flattenText(node.content);
  }
  return '';
}

export function activate(context: vscode.ExtensionContext): ScriptedModelApi {
  let summaryScript: string[] = [];
  let agentScript: ToolCall[] = [];
  let answer = ANSWER;
  let releaseStalls: (() => void)[] = [];
  const api: ScriptedModelApi = {
    requests: [],
    summaryCalls: () => api.requests.filter((r) => r.kind === 'summary').length,
    setSummaryScript: (replies) => (summaryScript = replies),
    setAgentScript: (calls) => (agentScript = calls),
    setAnswer: (reply) => (answer = reply),
    reset: () => {
      api.requests.length = 0;
      summaryScript = [];
      agentScript = [];
      answer = ANSWER;
      for (const release of releaseStalls) release();
      releaseStalls = [];
    },
  };

  const provider: vscode.LanguageModelChatProvider = {
    provideLanguageModelChatInformation() {
      return [
        {
          id: 'scripted-1',
          name: 'Scripted',
          family: 'scripted',
          version: '1.0.0',
          maxInputTokens: 200_000,
          maxOutputTokens: 16_000,
          capabilities: { toolCalling: true },
        },
        {
          id: 'scripted-small',
          name: 'Scripted, small input',
          family: 'scripted-small',
          version: '1.0.0',
          maxInputTokens: 2_000,
          maxOutputTokens: 1_000,
          capabilities: {},
        },
      ];
    },
    async provideLanguageModelChatResponse(_model, messages, options, progress, token) {
      const text = messages.map((m) => m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('')).join('\n');
      const toolResults = messages.flatMap((m) =>
        m.content.filter((p) => p instanceof vscode.LanguageModelToolResultPart).map((p) => flattenText((p as vscode.LanguageModelToolResultPart).content)),
      );
      const tools = (options.tools ?? []).map((t) => ({ name: t.name, description: t.description }));
      if (text.includes(SUMMARY_MARKER) && tools.length === 0) {
        api.requests.push({ kind: 'summary', text, tools, toolResults });
        const reply = summaryScript[Math.min(api.summaryCalls() - 1, summaryScript.length - 1)] ?? '';
        if (reply === HANG) {
          await new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()));
          return;
        }
        progress.report(new vscode.LanguageModelTextPart(reply));
        return;
      }
      // Skim's judge (vscode.lm backend): a passage that addresses an agent is no ordinary code.
      if (text.includes('</state>') && tools.length === 0) {
        api.requests.push({ kind: 'judge', text, tools, toolResults });
        const passage = text.slice(text.indexOf('<state>'), text.indexOf('</state>'));
        const hazard = /NOTE TO AI AGENTS/.test(passage);
        const ordinary = /Is this ordinary/.test(text);
        progress.report(new vscode.LanguageModelTextPart(hazard !== ordinary ? 'yes' : 'no'));
        return;
      }
      if (text.includes(ANSWER_MARKER) && tools.length === 0) {
        api.requests.push({ kind: 'answer', text, tools, toolResults });
        if (answer === REFUSE) throw vscode.LanguageModelError.Blocked(`The scripted model's quota for ${REFUSAL_TOKEN} is spent`);
        // Deaf to cancellation, as a model gone quiet can be: only reset() ends it.
        if (answer === STALL) return new Promise<void>((resolve) => releaseStalls.push(resolve));
        if (answer) progress.report(new vscode.LanguageModelTextPart(answer));
        return;
      }
      if (tools.length === 0) {
        api.requests.push({ kind: 'utility', text, tools, toolResults });
        progress.report(new vscode.LanguageModelTextPart('Scripted title'));
        return;
      }
      api.requests.push({ kind: 'agent', text, tools, toolResults });
      const step = toolResults.length;
      if (step < agentScript.length) {
        const call = agentScript[step];
        call.before?.();
        progress.report(new vscode.LanguageModelToolCallPart(`call_${step + 1}`, call.name, call.input));
        return;
      }
      progress.report(new vscode.LanguageModelTextPart('SCRIPTED-DONE'));
    },
    async provideTokenCount(_model, text) {
      const value = typeof text === 'string' ? text : flattenText(text.content);
      return Math.ceil(value.length / 4);
    },
  };
  context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider('skim-test', provider));
  // A language server that never answers: Lua definitions hang, so skim_lsp's deadline is what ends them.
  context.subscriptions.push(
    vscode.languages.registerDefinitionProvider({ language: 'lua' }, { provideDefinition: () => new Promise<undefined>(() => undefined) }),
  );
  return api;
}
