import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tsRegions, tsSource } from '../../../support/files';
import { copilotChat, mapAnswer, scriptedModel, skim, SKIM_TOOLS, write } from '../../support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One turn of Copilot's agent in a new conversation (the scripted model counts the tool results in the one it is given). */
async function agentTurn(query: string): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  await vscode.commands.executeCommand('workbench.action.chat.open', {
    query,
    mode: 'agent',
    modelSelector: { vendor: 'skim-test', id: 'scripted-1' },
    blockOnResponse: true,
  });
}

describe("Copilot's own agent loop calling Skim (scripted model, offline)", function () {
  this.timeout(300_000);

  it("offers Skim's tools, and a 900-line skim_read_file comes back through Copilot as 200 lines, the notice and the map", async () => {
    await skim();
    await copilotChat();
    const model = await scriptedModel();
    model.reset();
    const file = write('agent.ts', tsSource(30, 26));
    model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    model.setAgentScript([{ name: 'skim_read_file', input: { filePath: file, startLine: 1, endLine: 900 } }]);

    await agentTurn('Read agent.ts and tell me what it does.');

    const agentTurns = model.requests.filter((r) => r.kind === 'agent');
    assert.ok(agentTurns.length >= 2, `the agent loop made ${agentTurns.length} model request(s)`);
    const offered = new Map(agentTurns[0].tools.map((t) => [t.name, t.description]));
    for (const name of SKIM_TOOLS) assert.ok(offered.get(name), `${name} was not offered`);
    // Once each: skim mcp is offered to VS Code's MCP servers only by setting (skim.mcp.offerServer), so Copilot does not see every tool twice.
    assert.deepEqual([...offered.keys()].filter((name) => /skim/i.test(name)).sort(), SKIM_TOOLS);
    // The edit tools Skim's edit gate reads, as Copilot offers them.
    for (const name of ['replace_string_in_file', 'create_file']) assert.ok(offered.has(name), `${name} was not offered`);
    assert.match(offered.get('skim_read_file') ?? '', /A 1,400-line file costs seven 200-line reads/);

    const result = agentTurns[agentTurns.length - 1].toolResults.join('\n');
    assert.doesNotMatch(result, /written to file/i);
    assert.match(
      result,
      /\[skim\] This read was shortened: lines 1-200 of agent\.ts are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./,
    );
    const numbered = result.split('\n').filter((l) => /^\d+\t/.test(l));
    assert.equal(numbered.length, 200);
    assert.equal(numbered[199], '200\t  n = n + 18;');
    assert.match(result, /^871-899 fn29$/m);
    assert.equal(model.summaryCalls(), 1);
  });

  it('calls skim_search through Copilot: 50 hits, each under its function, arrive inline however long', async () => {
    await copilotChat();
    const model = await scriptedModel();
    model.reset();
    write('searched.ts', tsSource(60, 26));
    model.setAgentScript([{ name: 'skim_search', input: { pattern: 'n = n \\+ 7;', glob: 'searched.ts' } }]);

    await agentTurn('Where is 7 added to n?');

    const agentTurns = model.requests.filter((r) => r.kind === 'agent');
    const result = agentTurns[agentTurns.length - 1].toolResults.join('\n');
    assert.doesNotMatch(result, /written to file/i);
    assert.match(result, /^60 matches for \/n = n \\\+ 7;\/ in the project; the first 50 are shown\. Narrow it with a path, a glob or a stricter pattern\./);
    assert.match(result, /^ {2}1471-1499 fn49\(n: number\): number\n {4}1479\t {2}n = n \+ 7;$/m);
    assert.equal(result.split('\n').filter((l) => /^ {4}\d+\t/.test(l)).length, 50);
    assert.equal(model.summaryCalls(), 0);
  });

  it("with skim.mcp.offerServer on, skim mcp is among VS Code's MCP servers again, for sessions that cannot see extension tools", async () => {
    await copilotChat();
    const model = await scriptedModel();
    model.reset();
    model.setAgentScript([]);
    const config = vscode.workspace.getConfiguration('skim.mcp');
    await config.update('offerServer', true, vscode.ConfigurationTarget.Global);
    try {
      let names: string[] = [];
      // VS Code starts the server when a request needs its tools: the first turn may come before it has listed them.
      for (let attempt = 0; attempt < 10 && !names.includes('mcp_skim_skim_read_file'); attempt++) {
        await agentTurn('Hello.');
        names =
          model.requests
            .filter((r) => r.kind === 'agent')
            .at(-1)
            ?.tools.map((t) => t.name) ?? [];
        if (!names.includes('mcp_skim_skim_read_file')) await sleep(2000);
      }
      assert.ok(names.includes('mcp_skim_skim_read_file'), `skim mcp's tools were not offered: ${names.filter((n) => /skim/i.test(n)).join(', ')}`);
    } finally {
      await config.update('offerServer', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
