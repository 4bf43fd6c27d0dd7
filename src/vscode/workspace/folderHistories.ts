import * as path from 'node:path';
import * as vscode from 'vscode';
import { historyFileBeside } from '../../core/history/historyStore';
import { HistoryStatus, ProjectHistory } from '../../core/history/projectHistory';
import { outlineFileBeside } from '../../core/cache/outlineStore';
import { learnWeights } from '../../core/locate/learnWeights';
import { onPath } from '../../core/search/program';

/**
 * Each workspace folder's git history for locate (core/history), read in the extension host in
 * the background on the first locate and again when the head moves, kept beside the folder's
 * outlines; while it is read, the window's status bar shows its progress.
 */
export class FolderHistories {
  private readonly histories = new Map<string, ProjectHistory>();
  /** The histories whose read the status bar shows now: one progress a read. */
  private readonly shown = new Set<ProjectHistory>();

  constructor(
    /** Where a folder's map cache lives (FolderStores.cacheFile): the history sits beside its outlines. */
    private readonly cacheFile: (folder: vscode.WorkspaceFolder) => string,
  ) {}

  history(folder: vscode.WorkspaceFolder): ProjectHistory {
    const key = folder.uri.toString();
    let history = this.histories.get(key);
    if (!history) {
      const file = historyFileBeside(outlineFileBeside(this.cacheFile(folder)));
      history = new ProjectHistory(folder.uri.fsPath, { file, git: onPath('git'), scratch: path.dirname(file), learn: learnWeights });
      const made = history;
      history.watch((status) => this.showProgress(folder, made, status));
      this.histories.set(key, history);
    }
    return history;
  }

  /** A progress in the window's status bar from the status that starts a read until the one that ends it. */
  private showProgress(folder: vscode.WorkspaceFolder, history: ProjectHistory, first: HistoryStatus): void {
    if (first.state !== 'reading' || this.shown.has(history)) return;
    this.shown.add(history);
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Skim: reading ${folder.name}'s history` }, (progress) => {
      return new Promise<void>((resolve) => {
        const stop = history.watch((status) => {
          if (status.state !== 'reading') {
            stop();
            this.shown.delete(history);
            resolve();
            return;
          }
          const of = status.total === undefined ? '' : ` of ${status.total.toLocaleString('en-US')}`;
          progress.report({ message: `${status.commits.toLocaleString('en-US')}${of} commits` });
        });
      });
    });
  }
}
