import * as vscode from 'vscode';
import { Options } from '../../core/config/options';
import { optionsFromSettings, ReadOptions } from '../../core/config/read';

/**
 * Skim's options in VS Code, read through the one option table: the settings a person set (for a
 * workspace folder when `scope` names one), else the environment variables for the options VS
 * Code has no setting for, else the defaults. In an untrusted workspace a restricted setting's
 * workspace value is not read. Read fresh on every use, so a change applies at once.
 */
export function readSettings(scope?: vscode.ConfigurationScope): ReadOptions {
  return optionsFromSettings(vscode.workspace.getConfiguration('skim', scope), process.env, vscode.workspace.isTrusted);
}

export function settings(scope?: vscode.ConfigurationScope): Options {
  return readSettings(scope).options;
}
