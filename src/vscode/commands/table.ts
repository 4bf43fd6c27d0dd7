import * as vscode from 'vscode';
import { CommandHandlers } from './ids';

/** Registers every command from the one table (extension.ts builds it from each part's handlers): a command left out of it does not compile. */
export function registerCommands(table: CommandHandlers): vscode.Disposable[] {
  return Object.entries(table).map(([id, run]) => vscode.commands.registerCommand(id, run as (...args: unknown[]) => unknown));
}
