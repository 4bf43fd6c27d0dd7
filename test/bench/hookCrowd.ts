/**
 * Many hooks on one new large file at once (issue 36): an agent's parallel reads, or subagents,
 * each asking for the map of a 100,000-line file no cache holds yet. Every hook must answer
 * within its budget (SKIM_HOOK_BUDGET_MS, 15 s; the hosts give up at 30 s), counted from when the
 * host started its process: the time from spawn to exit of each, the longest, and what each said.
 * Then the same again, the map made by then or not; then one hook at a time on the cached map,
 * with its CPU time and memory. The machine's load is recorded beside them: a figure taken on a
 * busy machine says so.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

type Record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) => void;

const BUDGET_MS = 15_000;
const LINES = 100_000;

/** Whole modules of Python's standard library, one after another, cut at LINES lines: real code, one new file. */
function largePython(): string {
  const lib = '/usr/lib/python3.11';
  const modules = [
    'typing',
    'inspect',
    'argparse',
    'subprocess',
    'tarfile',
    'pathlib',
    'configparser',
    'dataclasses',
    'enum',
    'functools',
    'datetime',
    'decimal',
    'pydoc',
    'difflib',
    'shutil',
    'tempfile',
    'locale',
    'calendar',
    'pickle',
    'random',
    'ipaddress',
    'imaplib',
    'smtplib',
    'mailbox',
    'optparse',
    'doctest',
    'traceback',
    'turtle',
    'uuid',
    'weakref',
  ];
  const lines: string[] = [];
  while (lines.length < LINES) for (const m of modules) lines.push(...readFileSync(path.join(lib, `${m}.py`), 'utf8').split('\n'));
  return `${lines.slice(0, LINES).join('\n')}\n`;
}

/** One hook process from spawn to exit: its time and the start of what it answered. */
function hook(cli: string, payload: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; said: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'hook'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => {
      const said = out.includes('"updatedInput"')
        ? 'capped, with the map'
        : (/No map of [^(]+\(([^)]{0,60})/.exec(out)?.[1] ?? (out ? out.slice(0, 60) : 'nothing'));
      resolve({ ms: performance.now() - started, said });
    });
    child.stdin.end(payload);
  });
}

/**
 * One hook process run alone: its time from spawn to exit, and the CPU time and peak memory it
 * used, which it writes at its exit to a pipe of its own (fd 3), apart from its answer.
 */
function usedByHook(cli: string, payload: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpuMs: number; rssMb: number; said: string }> {
  const report = `process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeSync(3, JSON.stringify(u)); });`;
  const script = `${report} process.argv.splice(1, 0, ${JSON.stringify(cli)}); require(${JSON.stringify(cli)});`;
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script, 'hook'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore', 'pipe'] });
    let out = '';
    let usage = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stdio[3]?.on('data', (d: Buffer) => (usage += d.toString()));
    child.on('close', () => {
      const used = JSON.parse(usage || '{}') as Partial<NodeJS.ResourceUsage>;
      resolve({
        ms: performance.now() - started,
        cpuMs: ((used.userCPUTime ?? NaN) + (used.systemCPUTime ?? NaN)) / 1000,
        rssMb: (used.maxRSS ?? NaN) / 1024,
        said: out.includes('"updatedInput"') ? 'capped, with the map' : out.slice(0, 60),
      });
    });
    child.stdin?.end(payload);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureHookCrowd(record: Record, dir: string): Promise<void> {
  const crowd = 20;
  const project = path.join(dir, 'crowd-project');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  const file = path.join(project, 'large.py');
  writeFileSync(file, largePython());
  const cli = path.resolve(__dirname, '../../../dist/cli.js');
  const env = {
    ...process.env,
    SKIM_CACHE_DIR: path.join(dir, 'crowd-cache'),
    XDG_STATE_HOME: path.join(dir, 'crowd-state'),
    SKIM_HOOK_BUDGET_MS: String(BUDGET_MS),
  };
  const payload = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 'crowd', tool_name: 'Read', tool_input: { file_path: file }, cwd: project });
  for (const round of ['a fresh cache', 'again']) {
    const load = os.loadavg()[0];
    const answers = await Promise.all(Array.from({ length: crowd }, () => hook(cli, payload, project, env)));
    const longest = Math.max(...answers.map((a) => a.ms));
    const within = answers.filter((a) => a.ms <= BUDGET_MS).length;
    const said = new Map<string, number>();
    for (const a of answers) said.set(a.said, (said.get(a.said) ?? 0) + 1);
    console.log(
      `  ${crowd} hooks, ${round} (load ${load.toFixed(1)} on ${os.cpus().length} CPUs): ${[...said].map(([what, n]) => `${n}× ${what}`).join('; ')}`,
    );
    record(`${crowd} concurrent hooks on a ${LINES.toLocaleString('en')}-line file, ${round}: longest, spawn to exit`, longest / 1000, 's', {
      text: `≤ ${BUDGET_MS / 1000}`,
      ok: longest <= BUDGET_MS,
    });
    record(`  answered within the ${BUDGET_MS / 1000} s budget`, within, `of ${crowd}`);
    record(`  the machine's load as they started`, load, `on ${os.cpus().length} CPUs`);
  }
  // What a cached map costs one read: the crowd's figure once the map is made is this, times the hooks, over the CPUs.
  const load = os.loadavg()[0];
  const alone: Awaited<ReturnType<typeof usedByHook>>[] = [];
  for (let run = 0; run < 5; run++) alone.push(await usedByHook(cli, payload, project, env));
  console.log(`  one hook at a time, the map cached (load ${load.toFixed(1)}): ${alone.map((a) => a.said).join('; ')}`);
  record(`one hook on that file, its map cached: spawn to exit (median of 5)`, median(alone.map((a) => a.ms)) / 1000, 's');
  record(`  its CPU time (user and system)`, median(alone.map((a) => a.cpuMs)) / 1000, 's');
  record(`  its peak memory`, median(alone.map((a) => a.rssMb)), 'MB');
  record(`  the machine's load as it started`, load, `on ${os.cpus().length} CPUs`);
}
