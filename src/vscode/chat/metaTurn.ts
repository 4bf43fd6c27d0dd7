import * as vscode from 'vscode';
import { metaAnswer } from '../../core/route/meta';
import { screenAnswer } from '../../core/screen/screenAnswer';
import { WorkspaceMaps } from '../workspace/workspaceMaps';

/** What a question about Skim's tools is answered from: each tool's declaration (core/tools/registry). */
export interface ContributedTool {
  name: string;
  toolReferenceName?: string;
  userDescription?: string;
}

const ABOUT = [
  '`@skim` answers a question about your code from the functions Skim locates for it (never a model call to find them), with one request to the model you chose for the chat, each region shown as a reference.',
  'A change or a command to run goes to agent mode with those regions attached; a question about Skim itself is answered from its own tables, as this one is.',
  'Ask, for example: `@skim where is the request timeout applied?`, `@skim what tools does Skim have?`, `@skim which judge settings are there?`, `@skim what is in the cache?`.',
].join('\n\n');

/** The markdown of a question about Skim: its tools from their declarations, its settings from the option table, its cache from the folder's own. No model call. */
async function metaMarkdown(
  workspace: WorkspaceMaps,
  tools: readonly ContributedTool[],
  question: string,
  folder: vscode.WorkspaceFolder | undefined,
): Promise<string> {
  const answer = metaAnswer(question);
  switch (answer.topic) {
    case 'tools':
      return [
        "Skim's tools, for Copilot's agent mode and over MCP (`skim mcp`); put one in a prompt with its `#` name:",
        ...tools.map((t) => `- **${t.name}**${t.toolReferenceName ? ` (\`#${t.toolReferenceName}\`)` : ''}: ${t.userDescription ?? ''}`),
      ].join('\n');
    case 'settings':
      return [
        answer.settings.length === 1 ? 'The setting:' : `Skim's settings (${answer.settings.length}):`,
        ...answer.settings.map((s) => `- \`${s.setting}\` (default \`${s.default || '""'}\`): ${s.description}`),
      ].join('\n');
    case 'cache': {
      if (!folder) return 'No folder is open, so there is no cache to describe. Open the project folder first.';
      const stored = await workspace.storedCount(folder);
      return `Skim's map cache for ${folder.name} holds ${stored.maps} file${stored.maps === 1 ? '' : 's'} mapped, in \`${stored.file}\`; tree-sitter outlines are kept beside it. A map is used only while the file's SHA-256 is unchanged. **Skim: Clear Cache** empties it.`;
    }
    case 'about':
      return ABOUT;
  }
}

/** A meta turn: answered from Skim's own tables and state, screened as every text Skim shows. */
export async function metaTurn(
  workspace: WorkspaceMaps,
  tools: readonly ContributedTool[],
  question: string,
  folder: vscode.WorkspaceFolder | undefined,
  stream: vscode.ChatResponseStream,
): Promise<void> {
  const markdown = await metaMarkdown(workspace, tools, question, folder);
  const screened = folder ? await screenAnswer(workspace.context(folder), markdown) : { text: markdown };
  stream.markdown(screened.text);
}
