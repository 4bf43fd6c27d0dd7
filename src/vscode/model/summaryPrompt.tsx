import { AssistantMessage, BasePromptElementProps, PromptElement, UserMessage } from '@vscode/prompt-tsx';
import { ChatMessage } from '../../core/model/model';

export interface SummaryPromptProps extends BasePromptElementProps {
  /** The summarizer's conversation: instructions, the numbered file, and any repair turns. */
  messages: ChatMessage[];
}

/**
 * The summarizer's prompt as prompt-tsx messages. vscode.lm has no system role, so the
 * instructions go first as a user message. Nothing here may be pruned: a file that does not fit
 * the model is refused before rendering, never silently cut.
 */
export class SummaryPrompt extends PromptElement<SummaryPromptProps> {
  render() {
    return (
      <>
        {this.props.messages.map((message) =>
          message.role === 'assistant' ? <AssistantMessage>{message.content}</AssistantMessage> : <UserMessage>{message.content}</UserMessage>,
        )}
      </>
    );
  }
}
