/**
 * `npm run bench`: speed and memory, measured side by side in one run (these machines are shared
 * and noisy, so only ratios within a run are quoted). Prints a table; writes .bench/results.json.
 */
import { testContext } from '../support/context';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { encode } from 'gpt-tokenizer';
import { MapCache } from '../../src/core/cache/store';
import { scanFile } from '../../src/core/files/scan';
import { guardedRead } from '../../src/core/guard/guard';
import { hookCommands } from '../../src/core/hook/command';
import { cappedNotice } from '../../src/core/guard/notice';
import { renderMap } from '../../src/core/map/render';
import { MapService } from '../../src/core/mapping/service';
import { MapEntry } from '../../src/core/map/types';
import { Project } from '../../src/core/files/project';
import { languageFor } from '../../src/core/structural/languages';
import { structuralMap, structuralProducer } from '../../src/core/structural/mapper';
import { summaryRequest } from '../../src/core/summarizer/prompt';
import { splitLines } from '../../src/core/files/readSource';
import { FIXTURES, scratch, tsSource } from '../support/files';
import { FileResult, measureCorpus, measureOutside, median as corpusMedian } from './corpus';
import { languageRows } from './perLanguage';
import { packageVsix } from '../support/packageVsix';
import { measureQueryBounds } from './query';
import { measureScreen } from './screen';
import { measureSearch } from './search';
import { measureSlowParses } from './slowParse';
import { measureHookCrowd } from './hookCrowd';
import { measureOverview } from './overview';
import { measureLocate } from './locate';
import { measureTeamCache } from './team';
import { measureCompressedAssets } from './compressedAssets';
import { BenchResults, BenchRow, LanguageRow } from './results';

const rows: BenchRow[] = [];
let languages: LanguageRow[] = [];
const record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) =>
  rows.push({ measure, value: Math.round(value * 1000) / 1000, unit, target: target?.text, ok: target?.ok });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** `npm run bench -- --quick` (what CI runs): small sizes and few rounds, every measure still taken; targets reported, never enforced. */
const QUICK = process.argv.includes('--quick');
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** A stored structural entry as the current outline rules would write it, so that it counts as fresh. */
function entryFor(key: string, bytes: Buffer, lines: number): MapEntry {
  return {
    path: key,
    size: bytes.length,
    hash: createHash('sha256').update(bytes).digest('hex'),
    lines,
    status: 'structural',
    producer: structuralProducer(key) as string,
    prose: 'bench',
    created: 0,
    regions: [{ start: 1, end: lines, kind: 'function', name: 'all', note: '' }],
  };
}

/** The plain read the guard is compared with: read the whole file, hash it, take the same 200 lines. */
function plainReadAndHash(file: string): string[] {
  const bytes = readFileSync(file);
  createHash('sha256').update(bytes).digest('hex');
  return splitLines(bytes.toString('utf8')).slice(0, 200);
}

async function guardVsPlain(dir: string) {
  const cache = await MapCache.open(path.join(dir, 'guard.sqlite'), { flushDelayMs: 60_000 });
  const maps = new MapService(testContext(), cache);
  const project = new Project(dir);
  for (const lines of QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000]) {
    const text =
      tsSource(Math.ceil(lines / 30), 26)
        .split('\n')
        .slice(0, lines)
        .join('\n') + '\n';
    const file = path.join(dir, `g${lines}.ts`);
    writeFileSync(file, text);
    cache.put(entryFor(`g${lines}.ts`, Buffer.from(text), lines));
    const guardTimes: number[] = [];
    const plainTimes: number[] = [];
    const rounds = lines >= 100_000 ? 20 : lines >= 10_000 ? 100 : 300;
    for (let i = 0; i < 5; i++) {
      await guardedRead(maps, project.file(file));
      plainReadAndHash(file);
    }
    for (let i = 0; i < rounds; i++) {
      let t = now();
      const r = await guardedRead(maps, project.file(file));
      guardTimes.push(now() - t);
      if (r.outcome !== 'capped' || r.modelCalls !== 0) throw new Error(`guard did not hit the cache: ${r.outcome}`);
      t = now();
      plainReadAndHash(file);
      plainTimes.push(now() - t);
    }
    const ratio = median(guardTimes) / median(plainTimes);
    record(`guard, fresh hit, ${lines} lines`, median(guardTimes), 'ms');
    record(`plain read + hash, ${lines} lines`, median(plainTimes), 'ms');
    record(`guard / plain, ${lines} lines`, ratio, '×', { text: '≤ 1.5×', ok: ratio <= 1.5 });
  }
  await cache.close();
}

async function structuralSpeed() {
  const sources: [string, string][] = [
    ['typescript', require.resolve('typescript/lib/lib.dom.d.ts')],
    ['javascript', require.resolve('mocha/lib/runner.js')],
  ];
  for (const name of ['widget.tsx', 'inventory.py', 'server.go', 'stack.rs', 'Account.java', 'ring.c', 'matrix.cpp', 'Ledger.cs']) {
    sources.push([languageFor(name)!.id, path.join(FIXTURES, 'structural', name)]);
  }
  for (const [language, file] of sources) {
    let text = readFileSync(file, 'utf8');
    while (splitLines(text).length < (QUICK ? 1_000 : 5_000)) text += `\n${text}`;
    const lines = splitLines(text).length;
    await structuralMap(file, text, lines); // loads the grammar
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = now();
      await structuralMap(file, text, lines);
      times.push(now() - t);
    }
    const perThousand = (median(times) / lines) * 1000;
    record(`structural map, ${language} (${lines} lines)`, perThousand, 'ms / 1,000 lines', { text: '≤ 20', ok: perThousand <= 20 });
  }
}

const SCALE = QUICK ? 2_000 : 20_000;

async function cacheAtScale(dir: string) {
  const file = path.join(dir, 'scale.sqlite');
  const cache = await MapCache.open(file, { flushDelayMs: 60_000 });
  for (let i = 0; i < SCALE; i++) {
    cache.put({
      path: `src/module${i}/file${i}.ts`,
      size: 4000 + i,
      hash: createHash('sha256').update(String(i)).digest('hex'),
      lines: 300,
      status: 'model',
      producer: 'openai:bench',
      prose: 'A module that does one thing and is used by several others. '.repeat(3),
      created: i,
      regions: Array.from({ length: 12 }, (_, k) => ({ start: k * 25 + 1, end: k * 25 + 20, kind: 'function', name: `fn${k}`, note: 'does part of the work' })),
    });
  }
  await cache.close();
  const opens: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = now();
    const c = await MapCache.open(file);
    opens.push(now() - t);
    await c.close();
  }
  const c = await MapCache.open(file);
  const t = now();
  const lookups = 5_000;
  for (let i = 0; i < lookups; i++) if (!c.get(`src/module${(i * 7919) % SCALE}/file${(i * 7919) % SCALE}.ts`)) throw new Error('lookup missed');
  const perLookup = (now() - t) / lookups;
  await c.close();
  const at = `at ${SCALE.toLocaleString('en')} entries`;
  record(`cache file ${at}`, statSync(file).size / 1048576, 'MB');
  record(`cache open ${at}`, median(opens), 'ms', { text: '≤ 500', ok: median(opens) <= 500 });
  record(`cache lookup ${at}`, perLookup, 'ms', { text: '≤ 0.5', ok: perLookup <= 0.5 });
}

/** Runs in a child process so that its peak memory is the guard's alone. */
async function memoryChild(dir: string) {
  const file = path.join(dir, 'huge.js');
  const cache = await MapCache.open(path.join(dir, 'mem.sqlite'));
  const whole = await scanFile(file, { start: 1, take: 0 });
  cache.put({ ...entryFor('huge.js', Buffer.alloc(0), whole.seen), size: whole.size, hash: whole.hash as string });
  const maps = new MapService(testContext(), cache);
  const guardMb = await peakExtraMb(() => guardedRead(maps, new Project(dir).file(file)).then((r) => r.outcome));
  const plainMb = await peakExtraMb(async () => String(readFileSync(file).length));
  process.stdout.write(JSON.stringify({ outcome: guardMb.result, guardMb: guardMb.mb, plainMb: plainMb.mb }));
  await cache.close();
}

/** The most resident memory `work` adds while it runs, sampled every millisecond. */
async function peakExtraMb<T>(work: () => Promise<T>): Promise<{ result: T; mb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  const result = await work();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, mb: (peak - before) / 1048576 };
}

function guardMemory(dir: string) {
  const file = path.join(dir, 'huge.js');
  const fd = openSync(file, 'w');
  const block = Buffer.from('function f() { return 1; }\n'.repeat(40_000));
  const megabytes = QUICK ? 20 : 100;
  for (let written = 0; written < megabytes * 1024 * 1024; written += block.length) writeSync(fd, block);
  closeSync(fd);
  const out = execFileSync(process.execPath, ['--expose-gc', __filename, '--memory-child', dir], { encoding: 'utf8' });
  const { outcome, guardMb, plainMb } = JSON.parse(out) as { outcome: string; guardMb: number; plainMb: number };
  if (outcome !== 'capped') throw new Error(`the ${megabytes} MB guarded read was ${outcome}`);
  record(`guard extra memory, ${megabytes} MB file`, guardMb, 'MB', { text: '≤ 50', ok: guardMb <= 50 });
  record('plain readFile extra memory, same file', plainMb, 'MB');
}

function numberingOverhead() {
  const files = [
    require.resolve('mocha/lib/runner.js'),
    require.resolve('typescript/lib/typescript.js'),
    require.resolve('sql.js/dist/sql-wasm.js'),
    path.resolve(__dirname, '../../../src/core/cache/store.ts'),
    path.resolve(__dirname, '../../../src/core/guard/guard.ts'),
  ];
  const overheads: number[] = [];
  for (const file of files) {
    const lines = splitLines(readFileSync(file, 'utf8')).slice(0, 5_000);
    const raw = encode(lines.join('\n')).length;
    const numbered = encode(summaryRequest(path.basename(file), lines)).length;
    const overhead = (numbered / raw - 1) * 100;
    overheads.push(overhead);
    record(`prompt tokens numbered vs raw, ${path.basename(file)}`, overhead, '% more');
  }
  const m = median(overheads);
  record('prompt numbering overhead, median', m, '% more', { text: '≤ 15%', ok: m <= 15 });
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? sourcesUnder(full) : languageFor(full) ? [full] : [];
  });
}

/** How many files' notice and whole map fit a hook's inline text in VS Code (8,192 bytes) without folding. */
async function hookFit() {
  const root = path.resolve(__dirname, '../../..');
  const wellKnown = [
    'mocha/lib/runner.js',
    'mocha/lib/mocha.js',
    'mocha/lib/cli/run.js',
    'sql.js/dist/sql-wasm.js',
    'typescript/lib/tsserverlibrary.d.ts',
    'typescript/lib/lib.dom.d.ts',
    'typescript/lib/lib.es5.d.ts',
    'zod/lib/types.js',
    'web-tree-sitter/web-tree-sitter.d.ts',
    'esbuild/lib/main.js',
    '@modelcontextprotocol/sdk/dist/cjs/server/mcp.js',
    '@modelcontextprotocol/sdk/dist/cjs/types.js',
    'playwright-core/lib/server/page.js',
    'playwright-core/lib/client/page.js',
    '@vscode/prompt-tsx/dist/base/promptRenderer.js',
  ]
    .map((f) => path.join(root, 'node_modules', f))
    .filter((f) => existsSync(f));
  for (const [label, files] of [
    ["Skim's own sources", sourcesUnder(path.join(root, 'src'))],
    ['well-known npm sources', wellKnown],
  ] as const) {
    let fits = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lines = splitLines(text).length;
      const map = await structuralMap(file, text, lines);
      const entry: MapEntry = {
        path: path.relative(root, file),
        size: 0,
        hash: '',
        lines,
        status: 'structural',
        producer: map.producer,
        prose: map.prose,
        regions: map.regions,
        created: 0,
      };
      const context = `${cappedNotice(entry.path, 1, 200, Math.max(lines, 201), Math.max(lines, 201), 200)}\n\n${renderMap(entry)}`;
      if (Buffer.byteLength(context) <= 8192) fits++;
    }
    record(`hook text fits 8,192 bytes unfolded: ${label}`, fits, `of ${files.length} files`);
  }
}

/**
 * Maps of real third-party code: recall against universal-ctags, tokens per region, the whole map
 * against a bare ctags listing, tokens to reach a function (guarded and map-first); the map's
 * targets on every file, on files over 1,000 lines, and per language.
 */
async function mapsOnRealCode() {
  const results = await measureCorpus((line) => console.log(line));
  const languages = [...new Set(results.map((r) => r.language))];
  for (const language of languages) {
    const files = results.filter((r) => r.language === language);
    const tags = files.reduce((sum, r) => sum + r.tags, 0);
    const recall = files.reduce((sum, r) => sum + r.recall * r.tags, 0) / Math.max(1, tags);
    const worst = Math.min(...files.map((r) => r.recall));
    record(`recall vs ctags, ${language} (${files.length} files, ${tags} tags)`, recall * 100, '%', { text: '≥ 95', ok: recall >= 0.95 });
    record(`recall vs ctags, ${language}, worst file`, worst * 100, '%', { text: '≥ 85', ok: worst >= 0.85 });
  }
  const tpr = corpusMedian(results.map((r) => r.tokensPerRegion));
  const reached = results.filter((r) => r.wholeOverSkim !== undefined);
  const of = (pick: (r: FileResult) => number | undefined) => corpusMedian(reached.map((r) => pick(r) as number));
  const whole = of((r) => r.wholeOverSkim);
  const paging = of((r) => r.pagingOverSkim);
  record(`tokens per region (o200k), median of ${results.length} files`, tpr, 'tokens', { text: '≤ 10', ok: tpr <= 10 });
  record(`tokens to reach a function: whole file / skim, median of ${reached.length} files`, whole, '×', { text: '≥ 8×', ok: whole >= 8 });
  record('tokens to reach a function: 200-line paging / skim, median', paging, '×', { text: '≥ 4.5×', ok: paging >= 4.5 });
  record(
    'same flow, a bare ctags listing for the map: whole file / it, median',
    of((r) => r.wholeOverCtags),
    '×',
  );
  record(
    'same flow, no map at all (the ceiling): whole file / it, median',
    of((r) => r.wholeOverNoMap),
    '×',
  );
  mapTargets('', results);
  mapTargets(
    ', files over 1,000 lines',
    results.filter((r) => r.lines > 1000),
  );
  for (const language of languages)
    mapTargets(
      `, ${language}`,
      results.filter((r) => r.language === language),
      false,
    );
}

/**
 * Issue 18's three targets for the map on a set of corpus files, side by side in this run: the whole
 * map's tokens over a bare ctags listing's (median ≤ 1.0×), the guarded flow's reach against the
 * same flow with the listing (≥ 1.0×) and map-first's against the listing's (≥ 0.9×), each reach
 * a median over the files the guard shortens. `detail` adds the flows' own medians.
 */
function mapTargets(set: string, results: FileResult[], detail = true) {
  const density = corpusMedian(results.map((r) => r.mapTokens / r.listingTokens));
  record(`whole map / bare ctags listing, tokens, median of ${results.length} files${set}`, density, '×', { text: '≤ 1.0×', ok: density <= 1 });
  if (detail)
    record(
      `whole map / a listing of only the declarations recall counts, median${set}`,
      corpusMedian(results.map((r) => r.mapTokens / r.declarationListingTokens)),
      '×',
    );
  const reached = results.filter((r) => r.wholeOverSkim !== undefined);
  if (!reached.length) return;
  const of = (pick: (r: FileResult) => number | undefined) => corpusMedian(reached.map((r) => pick(r) as number));
  const guarded = of((r) => r.wholeOverSkim) / of((r) => r.wholeOverCtags);
  const first = of((r) => r.wholeOverSkimFirst) / of((r) => r.wholeOverCtagsFirst);
  if (detail) {
    record(
      `guarded flow: whole file / skim, median of ${reached.length} files${set}`,
      of((r) => r.wholeOverSkim),
      '×',
    );
    record(
      `guarded flow: whole file / ctags listing, median${set}`,
      of((r) => r.wholeOverCtags),
      '×',
    );
    record(
      `map-first: whole file / skim, median${set}`,
      of((r) => r.wholeOverSkimFirst),
      '×',
    );
    record(
      `map-first: whole file / ctags listing, median${set}`,
      of((r) => r.wholeOverCtagsFirst),
      '×',
    );
  }
  record(`guarded flow, skim's reach / the listing's${set}`, guarded, '×', { text: '≥ 1.0×', ok: guarded >= 1 });
  record(`map-first, skim's reach / the listing's${set}`, first, '×', { text: '≥ 0.9×', ok: first >= 0.9 });
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const times = (x: number | undefined) => (x === undefined ? '—' : `${x.toFixed(2)}×`);

/**
 * Every language Skim outlines, on files outside the corpus (outside.ts), tuning and held-out
 * apart: per language recall against ctags (keyword lines where ctags has no parser) with the
 * worst file named, the whole map against the bare listing, the guarded flow and map-first; with
 * a second reference (TypeScript's navigation tree, Python's ast, Ruby's Ripper, Go's go/ast),
 * what either finds and what only it finds. The quick run measures each language's first held-out file.
 */
async function mapsOutsideCorpus() {
  const results = await measureOutside((line) => console.log(line), QUICK);
  languages = languageRows(results);
  for (const set of ['tuning', 'held-out']) {
    const inSet = languages.filter((l) => l.set === set);
    if (!inSet.length) continue;
    const files = results.filter((r) => r.set === set);
    const met = inSet.filter((l) => l.ok.recall && l.ok.worst && (l.reference !== 'ctags' || (l.ok.density && l.ok.guarded)));
    record(`outside the corpus, ${set} (${files.length} files): languages meeting every target`, met.length, `of ${inSet.length}`);
    const tags = files.reduce((sum, r) => sum + r.tags, 0);
    const recall = files.reduce((sum, r) => sum + r.recall * r.tags, 0) / Math.max(1, tags);
    record(`outside the corpus, ${set}: recall, all ${tags} declarations`, recall * 100, '%', { text: '≥ 95', ok: recall >= 0.95 });
    const listed = files.filter((r) => r.reference === 'ctags');
    const density = corpusMedian(listed.map((r) => r.mapTokens / r.listingTokens));
    record(`outside the corpus, ${set}: whole map / bare ctags listing, median of ${listed.length} files`, density, '×', { text: '≤ 1.0×', ok: density <= 1 });
    for (const l of inSet.filter((x) => x.second)) {
      const second = l.second!;
      record(`outside the corpus, ${set}, ${l.language}: declarations ctags or ${second.reference} finds`, second.either, 'declarations');
      record(`  of which a region locates`, second.recall * 100, '%', { text: '≥ 95', ok: second.recall >= 0.95 });
      record(`  of which only ${second.reference} finds (${second.onlySecondLocated} located)`, second.onlySecond, 'declarations');
    }
  }
  const width = Math.max(...languages.map((l) => l.worstFile.length));
  console.log(`\nlanguage     set       ref       files  tags  recall  worst   ${'worst file'.padEnd(width)}  density  no notes  no ends  guarded  map-first`);
  for (const l of languages) {
    console.log(
      `${l.language.padEnd(12)} ${l.set.padEnd(9)} ${l.reference.padEnd(9)} ${String(l.files).padStart(5)} ${String(l.tags).padStart(5)}  ${percent(l.recall).padStart(6)}  ${percent(l.worstRecall).padStart(6)}  ${l.worstFile.padEnd(width)}  ${times(l.density).padStart(7)}  ${times(l.densityWithoutNotes).padStart(8)}  ${times(l.densityWithoutEnds).padStart(7)}  ${times(l.guarded).padStart(7)}  ${times(l.mapFirst).padStart(9)}`,
    );
  }
  for (const l of languages.filter((x) => x.second))
    console.log(
      `${l.language} ${l.set}: only ${l.second!.reference}: ${
        Object.entries(l.second!.shapes)
          .map(([shape, n]) => `${shape} ${n}`)
          .join(', ') || 'none'
      }`,
    );
}

/**
 * What the hook costs an agent on every tool call, the command exactly as `skim hook install`
 * writes it (run by sh, as the hosts run it), as whole processes beside a shell that reads the
 * payload and exits and beside Node's own start (`node -e 0`), interleaved round by round: wall
 * time, and peak memory (each Node process reports its own maxRSS at exit through a script
 * preloaded by NODE_OPTIONS, which also proves that no Node starts for a call Skim has no part in).
 */
function hookCost(dir: string) {
  const root = path.resolve(__dirname, '../../..');
  const project = path.join(dir, 'hook-project');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  const big = path.join(project, 'big.ts');
  writeFileSync(big, tsSource(30, 26));
  const rssFile = path.join(dir, 'rss');
  const preload = path.join(dir, 'rss.js');
  writeFileSync(preload, `process.on('exit', () => require('fs').appendFileSync(${JSON.stringify(rssFile)}, process.resourceUsage().maxRSS + '\\n'));`);
  const env = {
    ...process.env,
    NODE_OPTIONS: `--require ${preload}`,
    SKIM_CACHE_DIR: path.join(dir, 'hook-cache'),
    XDG_CACHE_HOME: path.join(dir, 'xdg-cache'),
    XDG_STATE_HOME: path.join(dir, 'xdg-state'),
  };
  const installed = hookCommands(process.execPath, path.join(root, 'dist/cli.js'));
  // With a session id, as the hosts send it: the edit gate stamps every read, and that is part of the cost.
  const payload = (tool: string, input: object, event = 'PreToolUse', extra: object = {}) =>
    JSON.stringify({
      timestamp: new Date(0).toISOString(),
      hook_event_name: event,
      session_id: 'bench',
      transcript_path: path.join(dir, 'transcript.jsonl'),
      tool_name: tool,
      tool_input: input,
      tool_use_id: 'call_1',
      cwd: project,
      ...extra,
    });
  const terminalOutput = readFileSync(require.resolve('mocha/lib/runner.js'), 'utf8').slice(0, 100_000);
  const runs: Record<string, { file: string; args: string[]; input?: string }> = {
    node: { file: process.execPath, args: ['-e', '0'] },
    shell: { file: '/bin/sh', args: ['-c', 'cat >/dev/null'], input: payload('run_in_terminal', { command: 'npm test', isBackground: false }) },
    noPart: { file: '/bin/sh', args: ['-c', installed.pre], input: payload('run_in_terminal', { command: 'npm test', isBackground: false }) },
    noPartLarge: {
      file: '/bin/sh',
      args: ['-c', installed.post],
      input: payload('run_in_terminal', { command: 'npm test' }, 'PostToolUse', { tool_response: terminalOutput }),
    },
    shellLarge: {
      file: '/bin/sh',
      args: ['-c', 'cat >/dev/null'],
      input: payload('run_in_terminal', { command: 'npm test' }, 'PostToolUse', { tool_response: terminalOutput }),
    },
    unfiltered: {
      file: process.execPath,
      args: [path.join(root, 'dist/cli.js'), 'hook'],
      input: payload('run_in_terminal', { command: 'npm test', isBackground: false }),
    },
    passthrough: { file: '/bin/sh', args: ['-c', installed.pre], input: payload('read_file', { filePath: big, startLine: 1, endLine: 100 }) },
    capped: { file: '/bin/sh', args: ['-c', installed.pre], input: payload('read_file', { filePath: big, startLine: 1, endLine: 900 }) },
    // Shell calls: most name no read program (the filter ends them), some name one and are no read (Node starts, the recognizer refuses), a few are reads.
    shellNoRead: {
      file: '/bin/sh',
      args: ['-c', installed.pre],
      input: payload('Bash', { command: 'npm test -- --grep parser', description: 'Run the tests' }),
    },
    shellNotARead: {
      file: '/bin/sh',
      args: ['-c', installed.pre],
      input: payload('Bash', { command: 'cat big.ts | grep export', description: 'Find exports' }),
    },
    shellRead: { file: '/bin/sh', args: ['-c', installed.pre], input: payload('Bash', { command: 'cat big.ts', description: 'Read it' }) },
    catItself: { file: '/bin/sh', args: ['-c', 'cat big.ts'] },
    linesGuarded: { file: process.execPath, args: [path.join(root, 'dist/cli.js'), 'lines', '--format', 'raw', '--max-bytes', '20440', 'big.ts'] },
  };
  const once = (name: string): { ms: number; kb: number } => {
    writeFileSync(rssFile, '');
    const t = now();
    const out = execFileSync(runs[name].file, runs[name].args, { input: runs[name].input ?? '', cwd: project, env, encoding: 'utf8' });
    const ms = now() - t;
    const rss = readFileSync(rssFile, 'utf8').trim();
    if (name === 'capped' && !out.includes('"updatedInput"')) throw new Error(`the hook did not cap the read: ${out.slice(0, 200)}`);
    if (name === 'passthrough' && out !== '') throw new Error(`the hook answered a small read: ${out.slice(0, 200)}`);
    if ((name.startsWith('noPart') || name === 'shellNoRead') && (out !== '' || rss !== ''))
      throw new Error(`Node started for a call Skim has no part in: ${out.slice(0, 200)}`);
    if (name === 'shellNotARead' && out !== '') throw new Error(`the hook answered a shell call that is no read: ${out.slice(0, 200)}`);
    if (name === 'shellRead' && !out.includes('lines --offset 1')) throw new Error(`the hook did not rewrite a shell read: ${out.slice(0, 200)}`);
    if (name === 'linesGuarded' && !out.startsWith('[skim] This read was shortened'))
      throw new Error(`skim lines did not guard the read: ${out.slice(0, 200)}`);
    return { ms, kb: Number(rss) };
  };
  once('capped'); // maps the file once: every measured capped read is a fresh hit
  const samples: Record<string, { ms: number[]; kb: number[] }> = Object.fromEntries(Object.keys(runs).map((name) => [name, { ms: [], kb: [] }]));
  for (let round = 0; round < (QUICK ? 7 : 25); round++) {
    for (const name of Object.keys(runs)) {
      const { ms, kb } = once(name);
      samples[name].ms.push(ms);
      samples[name].kb.push(kb);
    }
  }
  const ms = (name: string) => median(samples[name].ms);
  record('node -e 0, whole process', ms('node'), 'ms');
  record("sh -c 'cat >/dev/null', a 0.4 kB payload", ms('shell'), 'ms');
  record('hook as installed, a call Skim has no part in (0.4 kB)', ms('noPart'), 'ms');
  record('the same call, Node started for it (no filter, as on Windows)', ms('unfiltered'), 'ms');
  record('hook as installed, a read it passes untouched', ms('passthrough'), 'ms');
  record('hook as installed, a capped read from a fresh cache', ms('capped'), 'ms');
  record('hook as installed, a shell call with no read program in it (0.4 kB)', ms('shellNoRead'), 'ms');
  record('hook as installed, a shell call naming a read program that is no read (cat f | grep)', ms('shellNotARead'), 'ms');
  record('hook as installed, a shell read it rewrites (cat of 900 lines)', ms('shellRead'), 'ms');
  record('cat of 900 lines itself', ms('catItself'), 'ms');
  record('skim lines, that read guarded, fresh cache', ms('linesGuarded'), 'ms');
  const noRead = ms('shellNoRead') / ms('shell');
  record("hook, a shell call with no read program / sh -c 'cat >/dev/null', time", noRead, '×', { text: '≤ 3×', ok: noRead <= 3 });
  const linesRatio = ms('linesGuarded') / ms('node');
  record('skim lines guarded, fresh cache / node -e 0, time', linesRatio, '×', { text: '≤ 1.8×', ok: linesRatio <= 1.8 });
  const noPart = ms('noPart') / ms('shell');
  const noPartLarge = ms('noPartLarge') / ms('shellLarge');
  const passRatio = ms('passthrough') / ms('node');
  const cappedRatio = ms('capped') / ms('node');
  const memoryRatio = median(samples.passthrough.kb) / median(samples.node.kb);
  record("hook, no part / sh -c 'cat >/dev/null', time", noPart, '×', { text: '≤ 3×', ok: noPart <= 3 });
  record("hook, no part / sh -c 'cat >/dev/null', a 100 kB terminal output", noPartLarge, '×');
  record('hook passthrough / node -e 0, time', passRatio, '×', { text: '≤ 1.3×', ok: passRatio <= 1.3 });
  record('hook capped, fresh cache / node -e 0, time', cappedRatio, '×', { text: '≤ 1.8×', ok: cappedRatio <= 1.8 });
  record('hook passthrough / node -e 0, peak memory', memoryRatio, '×', { text: '≤ 1.5×', ok: memoryRatio <= 1.5 });
}

/** The packaged extension's size, and in a real VS Code window (when the test host is installed) activate()'s time and a large file's first CodeLens. */
function extensionCosts(dir: string) {
  const vsix = packageVsix(path.join(dir, 'skim.vsix'));
  const vsixMb = statSync(vsix).size / 1048576;
  record('VSIX size', vsixMb, 'MB', { text: '≤ 5', ok: vsixMb <= 5 });
  const bundleMb = statSync(path.join(__dirname, '../../../dist/extension.js')).size / 1048576;
  record('dist/extension.js, what every window loads', bundleMb, 'MB', { text: '≤ 1.5', ok: bundleMb <= 1.5 });
  measureCompressedAssets(record, QUICK);
  const out = path.join(dir, 'activation.json');
  try {
    execFileSync(process.execPath, [path.join(__dirname, '../vscode/runner.js'), '--suite', 'activation', '--timeout', '300'], {
      stdio: 'ignore',
      env: { ...process.env, SKIM_BENCH_OUT: out },
    });
    const window = JSON.parse(readFileSync(out, 'utf8')) as { loadMs: number; activationMs: number; firstLensMs: number; lensAskedMs: number };
    record("loading Skim's bundle and activate() in a VS Code window", window.loadMs + window.activationMs, 'ms');
    record('  of which evaluating the bundle', window.loadMs, 'ms');
    record('  of which activate()', window.activationMs, 'ms');
    record("first CodeLens after opening mocha's runner.js (1,417 lines), window settled", window.firstLensMs, 'ms', {
      text: '< 1000',
      ok: window.firstLensMs < 1000,
    });
    record('  of which VS Code took to ask for lenses', window.lensAskedMs, 'ms');
    record("  of which Skim's parse and lenses took", window.firstLensMs - window.lensAskedMs, 'ms', {
      text: '< 500',
      ok: window.firstLensMs - window.lensAskedMs < 500,
    });
  } catch {
    console.log('activation time not measured: no VS Code host (run bash scripts/setup-vscode-host.sh)');
  }
}

async function benchMain() {
  const s = scratch('skim-bench-');
  try {
    await guardVsPlain(s.dir);
    hookCost(s.dir);
    await mapsOnRealCode();
    await mapsOutsideCorpus();
    await structuralSpeed();
    await cacheAtScale(s.dir);
    guardMemory(s.dir);
    numberingOverhead();
    await hookFit();
    await measureSearch(record, QUICK);
    await measureOverview(record, s.dir, QUICK);
    await measureLocate(record, QUICK);
    await measureQueryBounds(record, QUICK);
    await measureSlowParses(record, s.dir, QUICK);
    await measureHookCrowd(record, s.dir);
    await measureScreen(record, (line) => console.log(line), QUICK);
    await measureTeamCache(record, s.dir, QUICK);
    // Packaging and a VS Code window take minutes: the full run only.
    if (!QUICK) extensionCosts(s.dir);
  } finally {
    s.cleanup();
  }
  const width = Math.max(...rows.map((r) => r.measure.length));
  console.log(`${'measure'.padEnd(width)}  ${'value'.padStart(10)}  unit              target   `);
  for (const r of rows) {
    const verdict = r.target ? `${r.target.padEnd(8)} ${r.ok ? 'ok' : 'MISSED'}` : '';
    console.log(`${r.measure.padEnd(width)}  ${String(r.value).padStart(10)}  ${r.unit.padEnd(16)}  ${verdict}`);
  }
  mkdirSync('.bench', { recursive: true });
  const results: BenchResults = { date: new Date().toISOString(), node: process.version, quick: QUICK, rows, languages };
  writeFileSync('.bench/results.json', JSON.stringify(results, null, 2));
  console.log('\nwritten: .bench/results.json');
}

if (process.argv[2] === '--memory-child') void memoryChild(process.argv[3]);
else void benchMain();
