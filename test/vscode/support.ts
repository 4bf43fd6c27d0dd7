import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkimApi } from '../../src/vscode/extension';
import { flattenText, ScriptedModelApi } from './scriptedModel';

export const SKIM_ID = 'skim-dev.skim';

export function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test window has no workspace folder');
  return folder.uri.fsPath;
}

export function write(name: string, content: string): string {
  const file = path.join(workspaceDir(), name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

export async function skim(): Promise<SkimApi> {
  const extension = vscode.extensions.getExtension<SkimApi>(SKIM_ID);
  const ids = vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.'));
  assert.ok(extension, `${SKIM_ID} is not installed in the test host (it has ${ids.join(', ')})`);
  return extension.activate();
}

export async function scriptedModel(): Promise<ScriptedModelApi> {
  const extension = vscode.extensions.getExtension<ScriptedModelApi>('skim-test.scripted-model');
  assert.ok(extension, 'the scripted model extension is not loaded');
  return extension.activate();
}

/** Calls a tool through vscode.lm.invokeTool and returns the text the model would read. */
export async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return flattenText(result.content);
}

/** The scripted model's answer for a file of functions laid out by tsSource(). */
export function mapAnswer(regions: { start: number; end: number; kind: string; name: string }[], prose = 'Numeric helpers.'): string {
  return JSON.stringify({ prose, regions: regions.map((r) => ({ ...r, note: `computes ${r.name}` })) });
}
