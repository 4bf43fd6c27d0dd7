import { BasePromptElementProps, PromptElement, renderElementJSON, TextChunk } from '@vscode/prompt-tsx';
import * as vscode from 'vscode';

/**
 * Copilot moves any plain-text tool-result part over 8,192 characters to a file and shows the
 * model only a pointer; prompt-tsx parts are rendered inline within the token budget. So only
 * text that is certainly small goes as plain text.
 */
export const PLAIN_TEXT_MAX = 4096;

interface TextProps extends BasePromptElementProps {
  text: string;
}

class ToolText extends PromptElement<TextProps> {
  render() {
    return <TextChunk>{this.props.text}</TextChunk>;
  }
}

export async function toolResult(
  text: string,
  options: { tokenizationOptions?: vscode.LanguageModelToolTokenizationOptions },
  token: vscode.CancellationToken,
): Promise<vscode.LanguageModelToolResult> {
  if (text.length <= PLAIN_TEXT_MAX) return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  const json = await renderElementJSON(ToolText, { text }, options.tokenizationOptions, token);
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelPromptTsxPart(json)]);
}
