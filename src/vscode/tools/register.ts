import * as vscode from 'vscode';
import { resultText } from '../../core/tools/result';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { toolTable } from './table';
import { toolResult } from './toolResult';
import { shownFailure, shownToolMessages } from './shownMessages';

/** The language-model tools, registered from one table; their names, descriptions and schemas are the declarations package.json is written from. What the chat shows of a call, and its errors, pass the screen. */
export function registerTools(workspace: WorkspaceMaps): vscode.Disposable[] {
  // What the chat shows of a call (its running lines, its error) quotes the call's input: screened, as every message.
  const screen = (message: string) => workspace.shownMessage(message);
  return Object.entries(toolTable(workspace)).map(([name, tool]) =>
    vscode.lm.registerTool<never>(name, {
      async prepareInvocation(options) {
        const { invocation, past } = await shownToolMessages(screen, tool.messages(options.input));
        return { invocationMessage: invocation, pastTenseMessage: past };
      },
      async invoke(options, token) {
        let result;
        try {
          result = await tool.invoke(options.input, token, options.tokenizationOptions);
        } catch (error) {
          throw await shownFailure(screen, error);
        }
        return toolResult(resultText(result), options, token);
      },
    }),
  );
}
