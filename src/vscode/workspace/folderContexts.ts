import * as vscode from 'vscode';
import { createContext, SkimContext } from '../../core/context';
import { SeenLines } from '../../core/judge/seenLines';
import { screenMessage } from '../../core/screen/message';
import { screenNames } from '../../core/screen/names';
import { JudgeHolder } from '../judge/judgeConfig';
import { SkimLog } from '../user/log';
import { settings } from '../settings/settings';

/** Each workspace folder's session: its own settings, the judge, the lines its tools showed, the log. */
export class FolderContexts {
  /** What each folder's session was shown by Skim's tools, by folder URI. */
  private readonly seen = new Map<string, SeenLines>();

  constructor(
    private readonly log: SkimLog,
    private readonly judges: JudgeHolder,
  ) {}

  context(folder: vscode.WorkspaceFolder): SkimContext {
    const key = folder.uri.toString();
    let seen = this.seen.get(key);
    if (!seen) this.seen.set(key, (seen = new SeenLines()));
    return createContext({ options: settings(folder.uri), judge: this.judges.judge, log: this.log, seen });
  }

  /** Names a person is shown (a file's, a folder's), screened as any name Skim shows (screenNames): the savings table, the map view, the status bar. */
  async shownNames(names: readonly string[]): Promise<string[]> {
    return (await screenNames(this.shownContext(), names)).shown;
  }

  /** A message shown to the chat's model or a person (a tool's error, its running line), screened as every message Skim shows (screenMessage). */
  shownMessage(message: string): Promise<string> {
    return screenMessage(this.shownContext(), message);
  }

  private shownContext(): SkimContext {
    return createContext({ options: settings(), judge: this.judges.judge, log: this.log });
  }
}
