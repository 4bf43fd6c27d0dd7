import { ToolDeclaration } from '../../core/tools/declaration';
import { checkedInput } from '../../core/tools/input';
import { TOOLS } from '../../core/tools/registry';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { folderHost } from './folderHost';
import { eachFolder } from './folders';
import { LmTool } from './lmTool';
import { AFTER_CALL, AfterCall } from './afterCall';

type AnyInput = { filePath?: string; path?: string };

/** A declared tool as the extension runs it: in the folder of the file it names, or over each workspace folder. */
function lmTool(workspace: WorkspaceMaps, tool: ToolDeclaration<AnyInput>, after?: AfterCall<AnyInput>): LmTool<AnyInput> {
  return {
    messages: (input) => tool.messages(input),
    async invoke(given, token, tokenization) {
      // VS Code hands the model's arguments over unchecked: they are checked here, as MCP and the command line check them.
      const input = checkedInput<AnyInput>(tool, given);
      const result =
        tool.over === 'file'
          ? await tool.run(folderHost(workspace, workspace.resolve(String(input.filePath)).folder, { token, tokenization }), input)
          : await eachFolder(workspace, input.path, token, tool.work, (folder, signal, folders) =>
              tool.run(folderHost(workspace, folder, { token, tokenization, signal, folders }), input),
            );
      await after?.(workspace, input, result);
      return result;
    },
  };
}

/** Every declared tool by its name, as package.json and the MCP server have them; the chat shows each as its declaration says. */
export function toolTable(workspace: WorkspaceMaps): Record<string, LmTool<never>> {
  return Object.fromEntries(
    TOOLS.map((tool) => [tool.name, lmTool(workspace, tool as ToolDeclaration<AnyInput>, AFTER_CALL[tool.name] as AfterCall<AnyInput> | undefined)]),
  );
}
