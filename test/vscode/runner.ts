/**
 * Runs the integration suite inside a real VS Code extension host, offline: code-server (VS Code's
 * server and workbench, installed by scripts/setup-vscode-host.sh) starts the Node extension host,
 * and Debian's chromium, driven headless by playwright-core, opens the workbench with a payload
 * naming the extensions under development and the test module. The exit code comes back through
 * the workbench's automation hooks.
 *
 *   node out/test/vscode/runner.js [--suite main|reload|activation|screenshot] [--installed skim.vsix]
 *                                  [--state DIR] [--timeout SEC] [--screenshot FILE]
 *
 * --state keeps the profile and workspace in DIR, so a second run sees the first one's storage
 * (that is how the suite checks that the cache survives a window reload).
 * --screenshot takes a picture of the window when the suite logs SKIM-SCREENSHOT (for the README).
 * Exit: 0 all passed, 1 a test failed, 2 the harness failed or timed out.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, Browser } from 'playwright-core';
import { installScriptedModel, ROOT, SCRIPTED_MODEL_FOLDER, writeUserSettings } from './profile';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** The paths scripts/setup-vscode-host.sh wrote, unless the environment already names them. */
function hostEnv(): { node: string; entry: string; chromium: string } {
  const file = path.join(
    process.env.SKIM_VSCODE_HOST ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'skim-vscode-host'),
    'env.sh',
  );
  const vars: Record<string, string> = {};
  if (existsSync(file)) for (const m of readFileSync(file, 'utf8').matchAll(/^export (\w+)="(.*)"$/gm)) vars[m[1]] = m[2];
  const get = (name: string) => process.env[name] ?? vars[name];
  const node = get('SKIM_CODE_SERVER_NODE');
  const entry = get('SKIM_CODE_SERVER_ENTRY');
  if (!node || !entry || !existsSync(entry)) {
    console.error('[vscode-test] no VS Code host: run `bash scripts/setup-vscode-host.sh` first');
    process.exit(2);
  }
  return { node, entry, chromium: get('SKIM_CHROMIUM') ?? '/usr/bin/chromium' };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<number> {
  const host = hostEnv();
  const suite = option('suite') ?? 'main';
  const installed = option('installed');
  const timeoutMs = Number(option('timeout') ?? 600) * 1000;
  const stateDir = option('state');
  const screenshot = option('screenshot');
  const dir = stateDir ? path.resolve(stateDir) : mkdtempSync(path.join(os.tmpdir(), 'skim-vscode-'));
  // The main suite starts from nothing; the reload suite opens the window the main suite left.
  if (stateDir && suite === 'main') rmSync(dir, { recursive: true, force: true });
  const userData = path.join(dir, 'user-data');
  const extensionsDir = path.join(dir, 'extensions');
  const workspace = path.join(dir, 'workspace');
  // VS Code watches .github/hooks for hook files; a folder that exists from the start is watched
  // reliably, one created later sometimes is not (then a hook installed mid-session goes unseen).
  for (const d of [userData, extensionsDir, workspace, path.join(workspace, '.github', 'hooks')]) mkdirSync(d, { recursive: true });
  writeUserSettings(userData);
  const configFile = path.join(dir, 'config.yaml');
  writeFileSync(configFile, 'auth: none\n');

  installScriptedModel(extensionsDir);
  if (installed) {
    execFileSync(host.node, [host.entry, '--extensions-dir', extensionsDir, '--install-extension', path.resolve(installed), '--force'], { stdio: 'inherit' });
  }

  // The workspace's storage is keyed by its remote URI, which holds the port: a reload keeps it.
  const portFile = path.join(dir, 'port');
  const port = suite === 'reload' && existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : await freePort();
  writeFileSync(portFile, String(port));
  const address = `127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    host.node,
    [
      host.entry,
      '--config',
      configFile,
      '--auth',
      'none',
      '--bind-addr',
      address,
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      // A built VS Code runs the payload's extension tests only with the smoke-test driver on.
      '--vscode-option',
      'enable-smoke-test-driver',
    ],
    {
      env: {
        ...process.env,
        SKIM_TEST_SUITE: suite,
        SKIM_TEST_INSTALLED: installed ? '1' : '',
        SKIM_TEST_WORKSPACE: workspace,
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CACHE_HOME: path.join(dir, 'xdg-cache'),
        // Where the hook keeps its edit-gate stamps (and records of the hook files it wrote).
        XDG_STATE_HOME: path.join(dir, 'xdg-state'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let serverLog = '';
  server.stdout?.on('data', (d) => (serverLog += d));
  server.stderr?.on('data', (d) => (serverLog += d));

  let browser: Browser | undefined;
  const finished = new Promise<number>((resolve) => {
    const timer = setTimeout(() => {
      console.error(`[vscode-test] timed out after ${timeoutMs / 1000}s\n${serverLog.slice(-4000)}`);
      resolve(2);
    }, timeoutMs);
    server.on('exit', (code) => {
      clearTimeout(timer);
      console.error(`[vscode-test] code-server exited (${code})\n${serverLog.slice(-4000)}`);
      resolve(2);
    });
    void (async () => {
      while (!/HTTP server listening/.test(serverLog)) await new Promise((r) => setTimeout(r, 100));
      browser = await chromium.launch({
        executablePath: host.chromium,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const quiet = /^\[(ChatModelSelection|AgentHost|AgentHost:remote|AccountPolicyGate)\]/;
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        const line = format(...(Array.isArray(args) ? args : [args]));
        if (screenshot && line.includes('SKIM-SCREENSHOT')) void page.screenshot({ path: screenshot });
        if (quiet.test(line)) return;
        (type === 'error' || type === 'warn' ? console.error : console.log)(type === 'info' ? line : `[${type}] ${line}`);
      });
      await page.exposeFunction('codeAutomationExit', (code: unknown) => {
        clearTimeout(timer);
        resolve(typeof code === 'number' ? code : 2);
      });
      const remote = (p: string) => `vscode-remote://${address}${p.split(path.sep).join('/')}`;
      const payload = [
        // Installed mode still needs a development path for the test run; the scripted model's folder serves.
        ['extensionDevelopmentPath', remote(installed ? path.join(extensionsDir, SCRIPTED_MODEL_FOLDER) : ROOT)],
        ['extensionTestsPath', remote(path.join(ROOT, 'out/test/vscode/index.js'))],
        ['skipWelcome', 'true'],
      ];
      await page.goto(`http://${address}/?payload=${encodeURIComponent(JSON.stringify(payload))}&folder=${encodeURIComponent(workspace)}`);
    })().catch((error: Error) => {
      console.error(`[vscode-test] ${error.message}`);
      resolve(2);
    });
  });

  const code = await finished;
  await browser?.close().catch(() => undefined);
  server.kill('SIGTERM');
  if (!stateDir) rmSync(dir, { recursive: true, force: true });
  console.error(`[vscode-test] ${suite} suite exit code ${code}`);
  return code;
}

void main().then((code) => process.exit(code));
