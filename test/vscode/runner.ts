/**
 * Runs the integration suite inside a real VS Code extension host, offline: code-server (VS Code's
 * server and workbench, installed by scripts/setup-vscode-host.sh) starts the Node extension host,
 * and Debian's chromium, driven headless by playwright-core, opens the workbench with a payload
 * naming the extensions under development and the test module. The exit code comes back through
 * the workbench's automation hooks.
 *
 *   node out/test/vscode/runner.js [--suite main|reload|activation|screenshot|multiroot|untrusted] [--installed skim.vsix]
 *                                  [--state DIR] [--timeout SEC] [--pictures DIR] [--files NAME,NAME…] [--reverse]
 *
 * --files runs only the suite's files named (without .test.ts), in the order named; --reverse runs them last to first
 * (each file sets up what it needs: neither changes what a test finds).
 * --state keeps the profile and workspace in DIR (a fresh one is made and removed otherwise).
 * The multiroot suite opens a workspace of two folders (see multiRootWorkspace). The untrusted suite opens its
 * folder in Restricted Mode, with hostile workspace settings.
 * The reload suite opens two windows in a row over one profile: its `before` tests, then its
 * `after` tests in the window that reopens (that is how it checks that the cache survives a reload).
 * A test asks what the window shows by logging SKIM-SHOWN {"id", "picture"?}: the runner writes
 * the text of every frame of the page (webviews included) to $SKIM_TEST_SHOWN_DIR/<id>.json, and
 * with --pictures takes a picture of the window as DIR/<picture>.png (for the README); with
 * "press" or "click" it then presses a key, or clicks the text given, as a person would.
 * Exit: 0 all passed, 1 a test failed, 2 the harness failed or timed out.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, Browser, Page } from 'playwright-core';
import { HOSTILE_WORKSPACE_SETTINGS, installScriptedModel, multiRootFolderName, ROOT, SCRIPTED_MODEL_FOLDER, writeUserSettings } from './profile';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/**
 * A logged error whose stack lies wholly inside VS Code's own code (the workbench page or code-server's files) without
 * its frames: they say nothing about Skim. Its other lines stay (mocha's report of a failure is its title, message and
 * stack in one line). A stack with any other frame (dist/extension.js, a test) is kept whole.
 */
function withoutHostFrames(line: string): string {
  const frame = (l: string) => /^\s+at /.test(l);
  const frames = line.split('\n').filter(frame);
  const host = (at: string) => /\/static\/out\/vs\/|\/code-server\/lib\/vscode\/|\(native\)|node:internal\//.test(at);
  if (!frames.length || !frames.every(host)) return line;
  return `${line
    .split('\n')
    .filter((l) => !frame(l))
    .join('\n')
    .trimEnd()} (${frames.length} frames in VS Code itself)`;
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

/** The text of every frame of the page: the workbench, and each webview inside it. */
async function pageText(page: Page): Promise<string> {
  // Evaluated in the page, whose `document` the runner's own typings do not know.
  const read = 'document.body ? document.body.innerText : ""';
  const texts = await Promise.all(page.frames().map((frame) => frame.evaluate<string>(read).catch(() => '')));
  // A hover's text keeps its spaces as no-break spaces: as a person reads it, they are spaces.
  return texts.join('\n').replace(/\u00a0/g, ' ');
}

/** Clicks the link or button with exactly this text, in whichever frame shows it (a webview's page, as a person would). */
async function clickText(page: Page, text: string): Promise<void> {
  for (const frame of page.frames()) {
    const target = frame.getByText(text, { exact: true });
    if ((await target.count().catch(() => 0)) > 0) return target.first().click();
  }
  throw new Error(`nothing on the page reads "${text}"`);
}

/** Answers a SKIM-SHOWN request: what the window shows, written where the test waits for it, and its picture when asked. */
async function answerShown(page: Page, line: string, shownDir: string, pictures: string | undefined): Promise<void> {
  const request = JSON.parse(line.slice(line.indexOf('SKIM-SHOWN') + 'SKIM-SHOWN'.length)) as { id: string; picture?: string; press?: string; click?: string };
  if (pictures && request.picture) await page.screenshot({ path: path.join(pictures, `${request.picture}.png`) });
  const text = await pageText(page);
  if (request.press) await page.keyboard.press(request.press);
  if (request.click) await clickText(page, request.click);
  const file = path.join(shownDir, `${request.id}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify({ text }));
  renameSync(`${file}.tmp`, file);
}

/**
 * A .code-workspace file of two folders: the suite's workspace, and a second one whose name (a
 * workspace file's to choose) carries a credential, which the tools print on their
 * `In workspace folder …` line. A window opens a multi-root workspace only from the start: adding
 * a folder later makes the web workbench load a new window.
 */
function multiRootWorkspace(dir: string, workspace: string): string {
  const second = path.join(dir, 'second');
  mkdirSync(second, { recursive: true });
  const file = path.join(dir, 'skim.code-workspace');
  writeFileSync(file, JSON.stringify({ folders: [{ path: workspace }, { path: second, name: multiRootFolderName() }] }, null, 2));
  return file;
}

async function main(): Promise<number> {
  const suite = option('suite') ?? 'main';
  const stateDir = option('state');
  const dir = stateDir ? path.resolve(stateDir) : mkdtempSync(path.join(os.tmpdir(), 'skim-vscode-'));
  // Every suite starts from nothing: none depends on another having run.
  if (stateDir) rmSync(dir, { recursive: true, force: true });
  let code = 0;
  for (const phase of suite === 'reload' ? ['before', 'after'] : ['']) {
    code = await openWindow(suite, phase, dir);
    if (code !== 0) break;
  }
  if (!stateDir) rmSync(dir, { recursive: true, force: true });
  console.error(`[vscode-test] ${suite} suite exit code ${code}`);
  return code;
}

/** One window over the profile and workspace in `dir`, running one suite (and phase); its exit code. */
async function openWindow(suite: string, phase: string, dir: string): Promise<number> {
  const host = hostEnv();
  const installed = option('installed');
  const timeoutMs = Number(option('timeout') ?? 600) * 1000;
  const pictures = option('pictures') && path.resolve(option('pictures') as string);
  if (pictures) mkdirSync(pictures, { recursive: true });
  const shownDir = path.join(dir, 'shown');
  mkdirSync(shownDir, { recursive: true });
  const userData = path.join(dir, 'user-data');
  const extensionsDir = path.join(dir, 'extensions');
  const workspace = path.join(dir, 'workspace');
  // VS Code watches .github/hooks for hook files; a folder that exists from the start is watched
  // reliably, one created later sometimes is not (then a hook installed mid-session goes unseen).
  for (const d of [userData, extensionsDir, workspace, path.join(workspace, '.github', 'hooks')]) mkdirSync(d, { recursive: true });
  const untrusted = suite === 'untrusted';
  writeUserSettings(userData, untrusted);
  // What a hostile repository would set: no limit on reads, no edit gate.
  if (untrusted) {
    mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(HOSTILE_WORKSPACE_SETTINGS));
  }
  const configFile = path.join(dir, 'config.yaml');
  writeFileSync(configFile, 'auth: none\n');

  installScriptedModel(extensionsDir);
  if (installed && phase !== 'after') {
    execFileSync(host.node, [host.entry, '--extensions-dir', extensionsDir, '--install-extension', path.resolve(installed), '--force'], { stdio: 'inherit' });
  }

  // The workspace's storage is keyed by its remote URI, which holds the port: a reload keeps it.
  const portFile = path.join(dir, 'port');
  const port = phase === 'after' && existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : await freePort();
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
      ...(untrusted ? [] : ['--disable-workspace-trust']),
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
        SKIM_TEST_PHASE: phase,
        SKIM_TEST_FILES: option('files') ?? '',
        SKIM_TEST_REVERSE: process.argv.includes('--reverse') ? '1' : '',
        SKIM_TEST_SHOWN_DIR: shownDir,
        SKIM_TEST_INSTALLED: installed ? '1' : '',
        SKIM_TEST_WORKSPACE: workspace,
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CACHE_HOME: path.join(dir, 'xdg-cache'),
        // Where the hook keeps its edit-gate stamps (and records of the hook files it wrote).
        XDG_STATE_HOME: path.join(dir, 'xdg-state'),
        // No extension gallery: the host is offline, and code-server's default (open-vsx.org) filled every run's log with
        // ENOTFOUND from the workbench's gallery queries; an empty gallery is one VS Code does not query.
        EXTENSIONS_GALLERY: '{}',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let serverLog = '';
  server.stdout?.on('data', (d) => (serverLog += d));
  server.stderr?.on('data', (d) => (serverLog += d));

  let browser: Browser | undefined;
  let ended = false;
  const finished = new Promise<number>((resolve) => {
    const timer = setTimeout(() => {
      console.error(`[vscode-test] timed out after ${timeoutMs / 1000}s\n${serverLog.slice(-4000)}`);
      resolve(2);
    }, timeoutMs);
    server.on('exit', (code) => {
      if (ended) return;
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
      // The workbench's own chatter, which no test of Skim is about: a run printed about 1,190 lines of it.
      const quiet =
        /^(\[(ChatModelSelection|AgentHost|AgentHost:remote|AccountPolicyGate)\]|Ignoring fetching additional builtin extensions from gallery as it is disabled\.$)/;
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        const line = withoutHostFrames(format(...(Array.isArray(args) ? args : [args])));
        if (line.includes('SKIM-SHOWN'))
          void answerShown(page, line, shownDir, pictures).catch((error: Error) => console.error(`[vscode-test] SKIM-SHOWN: ${error.message}`));
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
      const opened = suite === 'multiroot' ? `workspace=${encodeURIComponent(multiRootWorkspace(dir, workspace))}` : `folder=${encodeURIComponent(workspace)}`;
      await page.goto(`http://${address}/?payload=${encodeURIComponent(JSON.stringify(payload))}&${opened}`);
    })().catch((error: Error) => {
      console.error(`[vscode-test] ${error.message}`);
      resolve(2);
    });
  });

  const code = await finished;
  ended = true;
  await browser?.close().catch(() => undefined);
  // The next window (the reload suite's second) reuses the port: this server must be gone first.
  const exited = server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  return code;
}

void main().then((code) => process.exit(code));
