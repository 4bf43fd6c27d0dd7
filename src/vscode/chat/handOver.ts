import * as vscode from 'vscode';
import { Intent } from '../../core/route/intent';
import { GatheredRegion } from './gather';

/** The regions attached at most: the first ones ranked; the agent reads further itself. */
export const ATTACHED_REGIONS = 5;

export interface HandOver {
  /** The command that opens agent mode with the request and the regions: run once the turn has ended, and offered as a button. */
  command: vscode.Command;
  attached: GatheredRegion[];
}

const WHY: Record<Intent, string> = {
  edit: 'It asks for a change',
  execute: 'It asks for something to be run',
  locate: 'The judge found that the code located does not answer it',
  meta: 'It is about Skim',
};

/** The workbench takes an attachment's range in its own 1-based shape; a vscode.Range would reach it as an array (its toJSON). */
const editorRange = (range: vscode.Range) => ({
  startLineNumber: range.start.line + 1,
  startColumn: range.start.character + 1,
  endLineNumber: range.end.line + 1,
  endColumn: range.end.character + 1,
});

/**
 * A request `@skim` does not answer itself, handed to agent mode: VS Code's own
 * `workbench.action.chat.open` with `mode: 'agent'`, the request as the query, the chat's model
 * kept (`modelSelector`), and the regions Skim located attached as files with their line ranges
 * (`attachFiles`: the chat shows them as context chips and the agent reads their lines).
 */
export function handOver(request: vscode.ChatRequest, regions: readonly GatheredRegion[]): HandOver {
  const attached = regions.slice(0, ATTACHED_REGIONS);
  const query = attached.length
    ? `${request.prompt}\n\n(Skim located ${attached.length === 1 ? 'this region' : 'these regions'} for it first: ${attached.map((r) => r.label).join('; ')}.)`
    : request.prompt;
  const options = {
    query,
    mode: 'agent',
    modelSelector: { vendor: request.model.vendor, id: request.model.id },
    attachFiles: attached.map((r) => ({ uri: r.location.uri, range: editorRange(r.location.range) })),
  };
  return { command: { command: 'workbench.action.chat.open', title: 'Continue in agent mode', arguments: [options] }, attached };
}

export const handOverReason = (intent: Intent) => WHY[intent];
