import * as vscode from 'vscode';
import { resultText } from '../../core/tools/result';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolTable } from './table';
import { toolResult } from './toolResult';

/** The language-model tools, registered from one table; their names, descriptions and schemas are the declarations package.json is written from. */
export function registerTools(workspace: WorkspaceMaps): vscode.Disposable[] {
  return Object.entries(toolTable(workspace)).map(([name, tool]) =>
    vscode.lm.registerTool<never>(name, {
      prepareInvocation(options) {
        const { invocation, past } = tool.messages(options.input);
        return { invocationMessage: invocation, pastTenseMessage: past };
      },
      async invoke(options, token) {
        return toolResult(resultText(await tool.invoke(options.input, token, options.tokenizationOptions)), options, token);
      },
    }),
  );
}
