import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { hookCommands } from '../../src/core/hook/command';
import { hookPlace, installHook, removeHook } from '../../src/core/hook/install';
import { installMcp, mcpPlace, removeMcp } from '../../src/core/hook/mcpInstall';
import { skim } from '../support/cli';
import { scratch } from '../support/files';

const SERVER = { command: '/usr/bin/node', args: ['/opt/skim/dist/cli.js', 'mcp'] };

describe('registering skim mcp where each host reads MCP servers, and taking it out again', () => {
  let s: ReturnType<typeof scratch>;
  let state: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    s = scratch();
    state = path.join(s.dir, 'state');
    env = { HOME: path.join(s.dir, 'home'), CODEX_HOME: path.join(s.dir, 'home', '.codex'), COPILOT_HOME: path.join(s.dir, 'home', '.copilot') };
  });
  afterEach(() => s.cleanup());
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };

  it("adds a [mcp_servers.skim] table to Codex's config.toml and takes exactly it out: no newline at the end, CRLF, tables after", () => {
    const place = mcpPlace('codex', 'user', s.dir, env)!;
    assert.equal(place.file, path.join(s.dir, 'home', '.codex', 'config.toml'));
    for (const original of [
      'model = "gpt-5.5"\n\n[mcp_servers.docs]\ncommand = "docs-server"',
      'model = "o3"\r\n# mine\r\n[profiles.fast]\r\nmodel = "gpt-5.5"\r\n',
      '',
    ]) {
      put(place.file, original);
      assert.equal(installMcp(place, SERVER, state).changed, true);
      const eol = original.includes('\r\n') ? '\r\n' : '\n';
      assert.ok(
        readFileSync(place.file, 'utf8').endsWith(`[mcp_servers.skim]${eol}command = "/usr/bin/node"${eol}args = ["/opt/skim/dist/cli.js", "mcp"]${eol}`),
        JSON.stringify(readFileSync(place.file, 'utf8')),
      );
      assert.equal(installMcp(place, SERVER, state).changed, false);
      assert.equal(installMcp(place, { ...SERVER, command: '/usr/local/bin/node' }, state).changed, true);
      assert.equal(removeMcp(place, state).changed, true);
      assert.equal(readFileSync(place.file, 'utf8'), original);
    }
  });

  it('keeps the keys and tables a person added around its table, and refuses a skim server that is not Skim’s', () => {
    const place = mcpPlace('codex', 'user', s.dir, env)!;
    put(place.file, 'model = "o3"\n');
    installMcp(place, SERVER, state);
    writeFileSync(place.file, `${readFileSync(place.file, 'utf8')}\n# later\n[tui]\nnotifications = true\n`);
    removeMcp(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), 'model = "o3"\n\n\n# later\n[tui]\nnotifications = true\n');
    for (const theirs of ['[mcp_servers.skim]\ncommand = "my-skim"\n', '[mcp_servers]\nskim = { command = "x" }\n', '[mcp_servers.skim.env]\nA = "1"\n']) {
      put(place.file, theirs);
      assert.throws(() => installMcp(place, SERVER, state), /already has an MCP server named "skim" that Skim did not write; Skim leaves it alone/);
      assert.equal(readFileSync(place.file, 'utf8'), theirs);
    }
    for (const inline of ['mcp_servers = { }\n', 'mcp_servers = { docs = { command = "docs" } }\n']) {
      put(place.file, inline);
      assert.throws(
        () => installMcp(place, SERVER, state),
        (e: Error) =>
          e.message ===
          `${place.file} writes mcp_servers as one inline table (mcp_servers = { … }), which Skim does not edit; write it as [mcp_servers.NAME] tables, then try again.`,
      );
      assert.equal(readFileSync(place.file, 'utf8'), inline);
    }
  });

  it("adds skim to a JSON file's mcpServers beside the person's servers, and removal leaves the file byte for byte", () => {
    const copilot = mcpPlace('copilot-cli', 'user', s.dir, env)!;
    assert.equal(copilot.file, path.join(s.dir, 'home', '.copilot', 'mcp-config.json'));
    const original = '{\n  // mine\n  "mcpServers": {\n    "docs": { "type": "local", "command": "docs" }\n  }\n}\n';
    put(copilot.file, original);
    installMcp(copilot, SERVER, state);
    assert.deepEqual(JSON.parse(readFileSync(copilot.file, 'utf8').replace('// mine', '')).mcpServers.skim, { ...SERVER, type: 'local', tools: ['*'] });
    removeMcp(copilot, state);
    assert.equal(readFileSync(copilot.file, 'utf8'), original);
    const person = '{"mcpServers":{"skim":{"command":"their-skim"}}}';
    writeFileSync(copilot.file, person);
    assert.throws(() => installMcp(copilot, SERVER, state), /Skim did not write/);
    assert.equal(readFileSync(copilot.file, 'utf8'), person);
  });

  it("a workspace's .mcp.json Skim made goes away on removal, with its line in .git/info/exclude", () => {
    mkdirSync(path.join(s.dir, '.git', 'info'), { recursive: true });
    writeFileSync(path.join(s.dir, '.git', 'info', 'exclude'), '*.log');
    const place = mcpPlace('claude', 'workspace', s.dir, env)!;
    installMcp(place, SERVER, state);
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { mcpServers: { skim: SERVER } });
    assert.equal(readFileSync(path.join(s.dir, '.git', 'info', 'exclude'), 'utf8'), '/.mcp.json\n*.log');
    removeMcp(place, state);
    assert.equal(existsSync(place.file), false);
    assert.equal(readFileSync(path.join(s.dir, '.git', 'info', 'exclude'), 'utf8'), '*.log');
  });

  it("Gemini's settings.json holds both the hook and the server: installed and removed in any order, it comes back as it was, or goes when Skim made it", () => {
    const commands = hookCommands('/usr/bin/node', '/opt/skim/dist/cli.js', 'drift', { awk: undefined, target: { host: 'gemini', scope: 'user' } });
    const hook = hookPlace('gemini', 'user', s.dir, env);
    const mcp = mcpPlace('gemini', 'user', s.dir, env)!;
    assert.equal(hook.file, mcp.file);
    for (const original of ['{\n  "model": { "name": "gemini-2.5-pro" }\n}\n', undefined]) {
      for (const order of [
        ['hook', 'mcp'],
        ['mcp', 'hook'],
      ]) {
        if (original === undefined) rmSync(hook.file, { force: true });
        else put(hook.file, original);
        installHook(hook, commands, state);
        installMcp(mcp, SERVER, state);
        const both = JSON.parse(readFileSync(hook.file, 'utf8'));
        assert.equal(both.hooks.BeforeTool[0].hooks[0].timeout, 30_000);
        assert.match(both.hooks.AfterTool[0].matcher, /(^|\|)read_file\|.*run_shell_command/);
        assert.deepEqual(both.mcpServers.skim, SERVER);
        for (const what of order) {
          if (what === 'hook') removeHook(hook, state);
          else removeMcp(mcp, state);
        }
        assert.equal(existsSync(hook.file) ? readFileSync(hook.file, 'utf8') : undefined, original, `${order.join(' then ')}`);
      }
    }
  });

  it('skim mcp install needs a host, says VS Code gets the tools from the extension, and remove without a host finds every registration', async () => {
    const run = (args: string[]) => skim(args, { cwd: s.dir, env: { ...env, XDG_STATE_HOME: state } });
    assert.equal((await run(['mcp', 'install'])).code, 2);
    assert.match((await run(['mcp', 'install', '--host', 'vscode'])).stdout, /gets Skim's tools from the extension/);
    assert.match(
      (await run(['mcp', 'install', '--host', 'gemini'])).stdout,
      /^Skim's MCP server for gemini \(workspace\) registered in .*\.gemini\/settings\.json$/,
    );
    const claude = (await run(['mcp', 'install', '--host', 'claude'])).stdout.split('\n');
    assert.deepEqual(claude, [
      `Skim's MCP server for claude (workspace) registered in ${path.join(s.dir, '.mcp.json')} (read by the Copilot CLI too)`,
      "Claude Code starts a project's MCP server once you approve it (its prompt at start, or /mcp).",
    ]);
    const removed = (await run(['mcp', 'remove'])).stdout.split('\n');
    assert.equal(removed.length, 2);
    assert.deepEqual([existsSync(path.join(s.dir, '.mcp.json')), existsSync(path.join(s.dir, '.gemini', 'settings.json'))], [false, false]);
  });
});
