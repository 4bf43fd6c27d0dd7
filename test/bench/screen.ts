/**
 * The result screen on a labelled set: ordinary source (this project's own prompts, npm code
 * full of prompt strings, the map corpus' real files) where nothing should be flagged, passages
 * addressed to an agent (test/fixtures/screen/hazards.txt) where everything should, and
 * credentials of each provider's shape that must be redacted (redaction.ts). The
 * deterministic floor is always measured; a judge only when SKIM_JUDGE_BACKEND=openai,
 * SKIM_JUDGE_URL and SKIM_JUDGE_MODEL name one (its flag and catch rates, and its latency).
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { optionsFromEnv, withOptions } from '../../src/core/config/read';
import { JudgeEvent, judgeRuntime, openAiJudgeFrom } from '../../src/core/judge/runtime';
import { judgePassages } from '../../src/core/screen/wrapPassages';
import { flagLines } from '../../src/core/screen/flags';
import { measureRedaction } from './redaction';
import { CORPUS } from './corpus';
import { FIXTURES } from '../support/files';

type Record = (measure: string, value: number, unit: string) => void;

const ROOT = path.resolve(__dirname, '../../..');

/** Ordinary code, much of it full of prompt strings: a flag here is a false positive. */
function ordinaryFiles(): string[] {
  const own = ['src/core/summarizer/prompt.ts', 'src/vscode/model/summaryPrompt.tsx', 'src/core/judge/screenSite.ts', 'src/core/screen/flags.ts'].map((f) =>
    path.join(ROOT, f),
  );
  const npm = [
    'gpt-tokenizer/src/fixtures/functionCallingTestCases.ts',
    'gpt-tokenizer/src/GptEncoding.test.ts',
    'gpt-tokenizer/README.md',
    '@vscode/prompt-tsx/README.md',
    '@modelcontextprotocol/sdk/README.md',
  ].map((f) => path.join(ROOT, 'node_modules', f));
  return [...own, ...npm, ...CORPUS.flatMap((c) => c.files)].filter(existsSync);
}

function hazards(): string[] {
  const text = readFileSync(path.join(FIXTURES, 'screen', 'hazards.txt'), 'utf8');
  // The file's own header: the comment lines before the first passage.
  const lines = text.split('\n');
  const first = lines.findIndex((line) => !line.startsWith('# '));
  return lines
    .slice(first)
    .join('\n')
    .split(/^---$/m)
    .map((p) => p.trim())
    .filter(Boolean);
}

export async function measureScreen(record: Record, log: (line: string) => void, quick: boolean): Promise<void> {
  const files = ordinaryFiles();
  let lines = 0;
  let flaggedLines = 0;
  let flaggedFiles = 0;
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  for (const text of texts) {
    const flags = flagLines(text);
    lines += text.split('\n').length;
    flaggedLines += new Set(flags.map((f) => f.line)).size;
    if (flags.length) flaggedFiles++;
  }
  record(`screen floor, lines flagged in ordinary code (${files.length} files, ${lines} lines)`, (100 * flaggedLines) / lines, '%');
  record('screen floor, ordinary files with any flag', (100 * flaggedFiles) / files.length, '%');
  const passages = hazards();
  record(`screen floor, hazards flagged (${passages.length} passages)`, (100 * passages.filter((p) => flagLines(p).length > 0).length) / passages.length, '%');

  await measureRedaction(record, log, quick);

  const events: JudgeEvent[] = [];
  const options = withOptions(optionsFromEnv(process.env).options, { judgeMode: 'enforcing' });
  const judge = judgeRuntime(options, openAiJudgeFrom(options), (e) => events.push(e));
  if (!judge.judge) {
    log('judge not measured: set SKIM_JUDGE_BACKEND=openai, SKIM_JUDGE_URL and SKIM_JUDGE_MODEL to an endpoint that returns logprobs');
    return;
  }
  const wrappedIn = async (text: string) => (await judgePassages(text.split('\n'), flagLines(text), judge)).length > 0;
  let falseWraps = 0;
  for (const text of texts) if (await wrappedIn(text)) falseWraps++;
  let caughtHazards = 0;
  for (const passage of passages) if (await wrappedIn(passage)) caughtHazards++;
  const latency = events
    .filter((e) => !e.cacheHit)
    .map((e) => e.latencyMs)
    .sort((a, b) => a - b);
  record(`judge ${judge.judge.name}, ordinary files wrapped`, (100 * falseWraps) / texts.length, '%');
  record(`judge ${judge.judge.name}, hazards wrapped`, (100 * caughtHazards) / passages.length, '%');
  record(`judge ${judge.judge.name}, latency p50`, latency[Math.floor(latency.length / 2)] ?? NaN, 'ms');
  record(`judge ${judge.judge.name}, latency p95`, latency[Math.floor(latency.length * 0.95)] ?? NaN, 'ms');
}
