import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { tsRegions, tsSource } from '../../../support/files';
import { copilotChat, mapAnswer, scriptedModel, skim, workspaceDir, write } from '../../support';

/** One agent turn in which Copilot's agent calls its own read_file, then the text the model got back. */
async function agentReads(file: string, endLine: number): Promise<string> {
  const model = await scriptedModel();
  model.setAgentScript([{ name: 'read_file', input: { filePath: file, startLine: 1, endLine } }]);
  const before = model.requests.length;
  // A new conversation each time: the scripted model counts the tool results in the one it is given.
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await vscode.commands.executeCommand('workbench.action.chat.open', {
    query: `Read ${path.basename(file)}.`,
    mode: 'agent',
    modelSelector: { vendor: 'skim-test', id: 'scripted-1' },
    blockOnResponse: true,
  });
  const turns = model.requests.slice(before).filter((r) => r.kind === 'agent');
  assert.ok(turns.length >= 2, `the agent loop made ${turns.length} model request(s)`);
  return turns[turns.length - 1].toolResults.join('\n');
}

/** tsSource's layout (30 functions, stride 30) with every body line unique: line L of function k reads `n = n + k*1000+i`. */
const SOURCE = tsSource(30, 26)
  .split('\n')
  .map((line, at) => line.replace(/n \+ (\d+);/, (_m, i) => `n + ${Math.floor(at / 30) * 1000 + Number(i)};`))
  .join('\n');
const lineOf = (k: number, i: number) => `  n = n + ${k * 1000 + i};`;

/** The text holds the file's lines up to `last` and none after it (`next`). */
function endsAt(text: string, last: string, next: string | undefined): void {
  const lines = text.split('\n');
  assert.ok(lines.includes(last), `missing ${last}`);
  if (next) assert.ok(!lines.includes(next), `unexpected ${next}`);
}

describe("Copilot's own read_file with Skim's read hook (scripted model, offline)", function () {
  this.timeout(300_000);
  let big: string;
  before(async () => {
    await skim();
    // Copilot's agent is what reads: the host ships it disabled until chat is set up.
    await copilotChat();
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(tsRegions(30, 26), 'Thirty helpers, mapped for the hook.')]);
    big = write('hooked.ts', SOURCE);
  });
  // The hook goes with this file even when a test before the last one fails: the files after it read unhooked.
  after(() => vscode.commands.executeCommand('skim.removeReadHook', { host: 'vscode', scope: 'workspace' }));

  it('without the hook, Copilot reads all 900 lines as it always does', async () => {
    const text = await agentReads(big, 900);
    endsAt(text, lineOf(29, 25), undefined);
    assert.doesNotMatch(text, /\[skim\]/);
  });

  it('"Skim: Install Read Hook" writes the workspace hook file, naming the command it runs', async () => {
    await vscode.commands.executeCommand('skim.installReadHook', { host: 'vscode', scope: 'workspace' });
    const file = path.join(workspaceDir(), '.github', 'hooks', 'skim-vscode.json');
    assert.ok(existsSync(file));
    const { PreToolUse, PostToolUse } = JSON.parse(readFileSync(file, 'utf8')).hooks;
    assert.equal(PreToolUse.length, 1);
    // Behind the filter that starts VS Code's runtime only for reads and edits (after a call, for edits alone).
    const command =
      /^\S*awk '.*"ELECTRON_RUN_AS_NODE=1 \S+ \S+dist\/cli\.js hook --host vscode --scope workspace; cat >\/dev\/null".*' \|\| true # skim read guard$/;
    assert.match(PreToolUse[0].command, command);
    // The prefilter names the reads host by host (core/hook/hosts), as the installed matcher does.
    assert.match(PreToolUse[0].command, /"read_file copilot_readFile Read view str_replace_editor skim_read_file /);
    assert.equal(PostToolUse.length, 1);
    assert.match(PostToolUse[0].command, command);
    assert.match(PostToolUse[0].command, /n=split\("replace_string_in_file multi_replace_string_in_file /);
  });

  it('a 900-line read arrives as 200 lines with the notice and the map the running extension made (one model call)', async () => {
    const model = await scriptedModel();
    // VS Code finds a new hook file through its file watcher, sometimes only seconds later: until
    // it has, Copilot reads unhooked (and Skim is not asked, so no model call is spent).
    let text = await agentReads(big, 900);
    for (let attempt = 0; attempt < 15 && !text.includes('<PreToolUse-context>'); attempt++) {
      await new Promise((r) => setTimeout(r, 2000));
      text = await agentReads(big, 900);
    }
    endsAt(text, lineOf(6, 18), lineOf(6, 19));
    assert.match(text, /<PreToolUse-context>/);
    assert.match(
      text,
      /\[skim\] This read was shortened: lines 1-200 of hooked\.ts are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./,
    );
    assert.match(text, /written by vscode\.lm:skim-test\/scripted-1@p1\):\nThirty helpers, mapped for the hook\./);
    assert.match(text, /^871-899 fn29$/m);
    assert.doesNotMatch(text, /written to file/i);
    assert.equal(model.summaryCalls(), 1);
  });

  it('a second oversized read of the unchanged file costs no model call', async () => {
    const model = await scriptedModel();
    const text = await agentReads(big, 900);
    endsAt(text, lineOf(6, 18), lineOf(6, 19));
    assert.match(text, /Next start: line 201\./);
    assert.equal(model.summaryCalls(), 1);
  });

  it('a 150-line read goes through untouched', async () => {
    const text = await agentReads(big, 150);
    endsAt(text, lineOf(4, 25), lineOf(5, 0));
    assert.doesNotMatch(text, /\[skim\]/);
  });

  it("Copilot's own edit of a file changed on disk since its read is refused, and allowed once it read again", async () => {
    const model = await scriptedModel();
    const file = write('gated.ts', 'export const answer = 1;\n');
    const edit = (from: string, to: string) => ({
      name: 'replace_string_in_file',
      input: { filePath: file, oldString: from, newString: to, explanation: 'scripted edit' },
    });
    model.setAgentScript([
      { name: 'read_file', input: { filePath: file, startLine: 1, endLine: 1 } },
      { ...edit('answer = 1', 'answer = 2'), before: () => writeFileSync(file, 'export const answer = 10;\n') },
      { name: 'read_file', input: { filePath: file, startLine: 1, endLine: 1 } },
      edit('answer = 10', 'answer = 20'),
      edit('export const', 'export let'),
    ]);
    const before = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
    await vscode.commands.executeCommand('workbench.action.chat.open', {
      query: 'Edit gated.ts.',
      mode: 'agent',
      modelSelector: { vendor: 'skim-test', id: 'scripted-1' },
      blockOnResponse: true,
    });
    const turns = model.requests.slice(before).filter((r) => r.kind === 'agent');
    const results = turns[turns.length - 1].toolResults;
    assert.equal(results.length, 5, results.join('\n---\n'));
    assert.match(results[1], /gated\.ts changed since you read it; read it again before editing it \(Skim's edit gate\)\./);
    assert.doesNotMatch(results[3] + results[4], /Skim's edit gate/);
    await vscode.workspace.saveAll();
    assert.equal(readFileSync(file, 'utf8'), 'export let answer = 20;\n');
  });

  it('"Skim: Remove Read Hook" takes the hook file away', async () => {
    await vscode.commands.executeCommand('skim.removeReadHook', { host: 'vscode', scope: 'workspace' });
    assert.equal(existsSync(path.join(workspaceDir(), '.github', 'hooks', 'skim-vscode.json')), false);
  });
});
