/**
 * `npm run bench:shell [-- --corpus DIR] [-- --quick]`: the shell-read recognizer on the real shell
 * commands of the recorded sessions (../shared/sessions, see its README), per corpus:
 *
 * (a) how many commands it recognizes as plain reads, how many of the corpus's reads it leaves alone
 *     and why, and among those the ones it could have guarded (a source file, more than 200 lines
 *     shown, or output the harness had to cut);
 * (b) every rewrite checked: each recognized read is run on its file (rebuilt from a whole read of it
 *     in the same session where there is one, else a generated file of the same name with enough
 *     lines), and where the hook would rewrite it (more than 200 lines), the command and Skim's
 *     rewritten one are both run by bash and compared: Skim's prints the notice, then the first lines
 *     exactly as the command prints them, then the map, and never more than the command nor the
 *     harness's cut; or exactly what the command prints.
 *
 * Prints the tables docs/measurements.md quotes, and writes .bench/shell-reads.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileKindByName } from '../../src/core/files/kind';
import { linesArgs, rewrittenCommand } from '../../src/core/hook/shellRewrite';
import { OutputCut } from '../../src/core/shell/outputCut';
import { fileLines } from '../../src/core/shell/printed';
import { linesOf, ShellRead } from '../../src/core/shell/read';
import { explainShellRead } from '../../src/core/shell/recognize';
import { REFUSALS, RefusalReason } from '../../src/core/shell/refusal';
import { scratch } from '../support/files';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const QUICK = process.argv.includes('--quick');
const LIMIT = 200;

const corpusArg = process.argv.indexOf('--corpus');
const CORPUS = corpusArg > 0 ? path.resolve(process.argv[corpusArg + 1]) : path.resolve(ROOT, '../shared/sessions');

/** Each corpus's harness cut of a command's output, as its README gives it (mini-swe-agent: 10,000 characters, head and tail). */
const CUTS: Record<string, OutputCut> = {
  mini: { chars: 10_000, keeps: 'ends' },
  swea: { chars: 20_000, keeps: 'head' },
  oh: { chars: 20_000, keeps: 'head' },
  cc: { bytes: 20_440, keeps: 'head' },
};

interface SessionRead {
  file: string;
  lines: [number, string][];
  nolines: string[];
  whole: boolean;
}
interface SessionEvent {
  tool: string;
  cmd?: string;
  cls?: string;
  obs?: string;
  reads?: SessionRead[];
  edits?: { file: string }[];
}
interface Session {
  session: string;
  cwd?: string;
  events: SessionEvent[];
}

/** A recognized read to check, with the file it reads and where its text comes from. */
interface Check {
  session: string;
  command: string;
  read: ShellRead;
  /** The file's path from the session's folder. */
  file: string;
  content: string;
  rebuilt: boolean;
}

interface Tally {
  commands: number;
  recognized: number;
  recognizedNotReads: string[];
  reads: number;
  readsRecognized: number;
  readsLeftAlone: number;
  guardableLeftAlone: Map<RefusalReason, number>;
  guardableRecognized: number;
  examples: Map<RefusalReason, string[]>;
  checks: Check[];
  notChecked: Map<string, number>;
}

const SHELL_TOOLS = new Set(['bash', 'Bash']);
const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Whether the harness cut the command's output (mini-swe-agent elides its middle). */
const cutByHarness = (obs: string | undefined) => !!obs && obs.includes('<elided_chars>');

/** A read's file as the session names it, relative to the session's folder; undefined for one outside it. */
function relative(file: string, session: Session): string | undefined {
  if (!path.isAbsolute(file)) return path.normalize(file);
  if (session.cwd && file.startsWith(`${session.cwd}/`)) return file.slice(session.cwd.length + 1);
  return undefined;
}

/** A file's text from a whole read of it in the session, its lines numbered 1..n and nothing elided. */
function wholeTexts(session: Session): Map<string, string> {
  const texts = new Map<string, string>();
  for (const event of session.events) {
    if (cutByHarness(event.obs)) continue;
    for (const r of event.reads ?? []) {
      const name = relative(r.file, session);
      if (!name || texts.has(name) || !r.whole || r.nolines.length || !r.lines.length) continue;
      if (r.lines.every(([n], i) => n === i + 1)) texts.set(name, `${r.lines.map(([, text]) => text).join('\n')}\n`);
    }
  }
  return texts;
}

/** The most lines the session shows of each file: a generated stand-in has at least that many. */
function knownLengths(session: Session): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const event of session.events)
    for (const r of event.reads ?? []) {
      const name = relative(r.file, session);
      if (name) lengths.set(name, Math.max(lengths.get(name) ?? 0, ...r.lines.map(([n]) => n)));
    }
  return lengths;
}

/** A stand-in file of `lines` lines in the file's language, where tree-sitter has one to outline. */
function generated(file: string, lines: number): string {
  const ext = path.extname(file);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (ext === '.py') out.push(i % 30 === 0 ? `def f${i / 30}(x):` : `    x = x + ${i}`);
    else if (['.js', '.ts', '.c', '.go', '.java'].includes(ext)) out.push(i % 30 === 0 ? `function f${i / 30}(x) {` : i % 30 === 29 ? '}' : `  x = x + ${i};`);
    else out.push(`line ${i + 1} of a generated stand-in for ${path.basename(file)}`);
  }
  return `${out.join('\n')}\n`;
}

function tallyCorpus(sessions: Session[]): Tally {
  const tally: Tally = {
    commands: 0,
    recognized: 0,
    recognizedNotReads: [],
    reads: 0,
    readsRecognized: 0,
    readsLeftAlone: 0,
    guardableLeftAlone: new Map(),
    guardableRecognized: 0,
    examples: new Map(),
    checks: [],
    notChecked: new Map(),
  };
  for (const session of sessions) {
    const texts = wholeTexts(session);
    const lengths = knownLengths(session);
    for (const event of session.events) {
      if (!SHELL_TOOLS.has(event.tool) || typeof event.cmd !== 'string') continue;
      tally.commands++;
      const read = explainShellRead(event.cmd, 'posix');
      const isRead = event.cls === 'read' || (event.reads ?? []).length > 0;
      const shown = (event.reads ?? []).reduce((sum, r) => sum + r.lines.length + r.nolines.length, 0);
      const guardable = (event.reads ?? []).some((r) => fileKindByName(r.file) === 'source') && (shown > LIMIT || cutByHarness(event.obs));
      if (!('refused' in read)) tally.recognized++;
      if (!('refused' in read) && !isRead) tally.recognizedNotReads.push(event.cmd);
      if (!isRead) continue;
      tally.reads++;
      if ('refused' in read) {
        tally.readsLeftAlone++;
        if (guardable) {
          count(tally.guardableLeftAlone, read.refused);
          const examples = tally.examples.get(read.refused) ?? [];
          if (examples.length < 3) tally.examples.set(read.refused, [...examples, event.cmd]);
        }
        continue;
      }
      tally.readsRecognized++;
      if (guardable) tally.guardableRecognized++;
      const named = relative(read.dir === undefined ? read.file : path.join(read.dir, read.file), session);
      if (!named || read.dir?.startsWith('/')) {
        count(tally.notChecked, 'a path outside the session folder');
        continue;
      }
      const text = texts.get(named);
      const length = Math.max(lengths.get(named) ?? 0, read.end ?? 0, read.start + LIMIT + 100, 900);
      tally.checks.push({ session: session.session, command: event.cmd, read, file: named, content: text ?? generated(named, length), rebuilt: !!text });
    }
  }
  return tally;
}

interface Verdict {
  outcome: 'within the limit' | 'not a source file' | 'guarded' | 'printed as the command prints it' | 'MISMATCH';
  why?: string;
  bytes?: [number, number];
}

/** Runs the command and Skim's rewrite of it on the file, and says whether Skim's output is what it must be. */
function check(c: Check, cut: OutputCut, dir: string): Verdict {
  const where = path.join(dir, c.file);
  mkdirSync(path.dirname(where), { recursive: true });
  writeFileSync(where, c.content);
  if (fileKindByName(where) !== 'source') return { outcome: 'not a source file' };
  const lines = fileLines(Buffer.from(c.content));
  const { first, last } = linesOf(c.read, lines.starts.length);
  if (last - first + 1 <= LIMIT) return { outcome: 'within the limit' };
  const bash = (command: string) =>
    spawnSync('/bin/bash', ['-c', command], { cwd: dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SKIM_CACHE_DIR: path.join(dir, '..', 'cache') } });
  const own = { node: process.execPath, cli: CLI, electron: false };
  const original = bash(c.command);
  const guarded = bash(rewrittenCommand(c.read, 'posix', own, linesArgs(c.read, cut, dir)));
  const bytes: [number, number] = [guarded.stdout.length, original.stdout.length];
  if (guarded.status !== original.status) return { outcome: 'MISMATCH', why: `status ${guarded.status}, the command's ${original.status}`, bytes };
  if (guarded.stdout.equals(original.stdout)) return { outcome: 'printed as the command prints it', bytes };
  const text = guarded.stdout.toString('latin1');
  const notice =
    /^\[skim\] This read was shortened: lines (\d+)-(\d+) of (.+) are shown, of (\d+) in all \(the read asked for (\d+)-(\d+)\)\. Next start: line (\d+)\. .*\n/.exec(
      text,
    );
  if (!notice) return { outcome: 'MISMATCH', why: `no notice: ${JSON.stringify(text.slice(0, 120))}`, bytes };
  const [start, end, total, askedStart, askedEnd, next] = [1, 2, 4, 5, 6, 7].map((i) => Number(notice[i]));
  if (start !== first || askedStart !== first || askedEnd !== last || total !== lines.starts.length || next !== end + 1 || end - start + 1 > LIMIT)
    return { outcome: 'MISMATCH', why: `notice ${notice[0].trim()} for lines ${first}-${last} of ${lines.starts.length}`, bytes };
  const commandLines = original.stdout.toString('latin1').split('\n');
  const expected = `${commandLines.slice(0, end - start + 1).join('\n')}\n`;
  const body = text.slice(notice[0].length);
  if (!body.startsWith(expected)) return { outcome: 'MISMATCH', why: 'the lines differ from the command’s', bytes };
  if (!body.slice(expected.length).startsWith('\nMap of '))
    return { outcome: 'MISMATCH', why: `no map after the lines: ${JSON.stringify(body.slice(expected.length, expected.length + 80))}`, bytes };
  const chars = guarded.stdout.toString('utf8').length;
  if (guarded.stdout.length > original.stdout.length || chars > (cut.chars ?? Infinity) || guarded.stdout.length > (cut.bytes ?? Infinity))
    return {
      outcome: 'MISMATCH',
      why: `${guarded.stdout.length} bytes, ${chars} characters: more than the command's ${original.stdout.length} or the cut`,
      bytes,
    };
  return { outcome: 'guarded', bytes };
}

/** Text as a Markdown table cell holds it. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

const percent = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '—');

function main() {
  if (!existsSync(CORPUS)) {
    console.log(`no sessions at ${CORPUS}: pass --corpus DIR (see ../shared/sessions/README.md)`);
    return;
  }
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
  const results: Record<string, unknown> = {};
  const s = scratch('skim-shell-reads-');
  try {
    for (const name of readdirSync(CORPUS)
      .filter((f) => f.endsWith('.jsonl.gz'))
      .sort()) {
      const corpus = name.replace(/\.jsonl\.gz$/, '');
      const sessions = gunzipSync(readFileSync(path.join(CORPUS, name)))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Session);
      const tally = tallyCorpus(sessions);
      const cut = CUTS[corpus] ?? { chars: 10_000, keeps: 'head' };
      const verdicts = new Map<string, number>();
      const mismatches: string[] = [];
      let rebuiltChecked = 0;
      let savedBytes = 0;
      let commandBytes = 0;
      const checks = QUICK ? tally.checks.slice(0, 40) : tally.checks;
      for (const [i, c] of checks.entries()) {
        const dir = path.join(s.dir, corpus, String(i), 'project');
        mkdirSync(path.join(dir, '.git'), { recursive: true });
        const verdict = check(c, cut, dir);
        count(verdicts, verdict.outcome);
        if (verdict.outcome === 'guarded' || verdict.outcome === 'printed as the command prints it') {
          if (c.rebuilt) rebuiltChecked++;
          savedBytes += (verdict.bytes?.[1] ?? 0) - (verdict.bytes?.[0] ?? 0);
          commandBytes += verdict.bytes?.[1] ?? 0;
        }
        if (verdict.outcome === 'MISMATCH') mismatches.push(`${c.session}: ${c.command} (${verdict.why})`);
      }
      console.log(`\n## ${corpus}: ${sessions.length} sessions, ${tally.commands} shell commands`);
      console.log(`recognized as plain reads: ${tally.recognized} (${percent(tally.recognized, tally.commands)} of shell commands)`);
      console.log(
        `  of them not reads by the corpus's own classes: ${tally.recognizedNotReads.length}${
          tally.recognizedNotReads.length
            ? ` (${tally.recognizedNotReads
                .slice(0, 3)
                .map((c) => JSON.stringify(c))
                .join(', ')})`
            : ''
        }`,
      );
      console.log(
        `the corpus's reads: ${tally.reads}; recognized ${tally.readsRecognized} (${percent(tally.readsRecognized, tally.reads)}), left alone ${tally.readsLeftAlone}`,
      );
      const guardableLeft = [...tally.guardableLeftAlone.values()].reduce((a, b) => a + b, 0);
      console.log(`reads over 200 lines of a source file (or cut by the harness): recognized ${tally.guardableRecognized}, left alone ${guardableLeft}`);
      console.log('\n| left alone, could have been guarded | reads | e.g. |\n|---|---|---|');
      for (const [reason, n] of [...tally.guardableLeftAlone].sort((a, b) => b[1] - a[1]))
        console.log(
          `| ${cell(REFUSALS[reason])} | ${n} | ${(tally.examples.get(reason) ?? []).map((e) => `\`${cell(e.replace(/\n/g, '⏎').slice(0, 70))}\``).join(', ')} |`,
        );
      console.log(
        `\nrewrites checked (${checks.length} recognized reads run on their file, ${checks.filter((c) => c.rebuilt).length} rebuilt from the session, the rest generated):`,
      );
      for (const [outcome, n] of [...verdicts].sort((a, b) => b[1] - a[1])) console.log(`  ${outcome}: ${n}`);
      for (const [why, n] of tally.notChecked) console.log(`  not checked, ${why}: ${n}`);
      if (commandBytes) console.log(`  bytes printed, guarded over the commands': ${percent(commandBytes - savedBytes, commandBytes)}`);
      for (const m of mismatches.slice(0, 10)) console.log(`  MISMATCH ${m}`);
      results[corpus] = {
        sessions: sessions.length,
        commands: tally.commands,
        recognized: tally.recognized,
        recognizedNotReads: tally.recognizedNotReads.length,
        reads: tally.reads,
        readsRecognized: tally.readsRecognized,
        readsLeftAlone: tally.readsLeftAlone,
        guardableRecognized: tally.guardableRecognized,
        guardableLeftAlone: Object.fromEntries(tally.guardableLeftAlone),
        checked: checks.length,
        rebuiltChecked,
        verdicts: Object.fromEntries(verdicts),
        mismatches,
      };
    }
  } finally {
    s.cleanup();
  }
  mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    path.join(ROOT, '.bench', 'shell-reads.json'),
    JSON.stringify({ date: new Date().toISOString(), quick: QUICK, corpus: CORPUS, results }, null, 2),
  );
  console.log('\nwritten: .bench/shell-reads.json');
}

main();
