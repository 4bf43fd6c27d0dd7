import { OutputCut } from '../shell/outputCut';
import { ShellDialect, ShellRead } from '../shell/read';
import { shellWord } from './shellWord';

/** The program that prints a guarded read: this Node (an Electron one run as Node) and this `skim`. */
export interface OwnCommand {
  node: string;
  cli: string;
  electron: boolean;
}

/** `skim lines`' arguments for a shell read: its lines, its format, the host's cut, the project, the file as the command names it. */
export function linesArgs(read: ShellRead, cut: OutputCut | undefined, root: string): string[] {
  const bytes = Math.min(cut?.bytes ?? Infinity, cut?.tokens ?? Infinity);
  return [
    'lines',
    '--offset',
    String(read.start),
    ...(read.end === undefined ? [] : ['--limit', String(Math.max(0, read.end - read.start + 1))]),
    ...(read.last === undefined ? [] : ['--last', String(read.last)]),
    '--format',
    read.format,
    ...(bytes === Infinity ? [] : ['--max-bytes', String(bytes)]),
    ...(cut?.chars === undefined ? [] : ['--max-chars', String(cut.chars)]),
    ...(cut?.lines === undefined ? [] : ['--max-lines', String(cut.lines)]),
    '--root',
    root,
    '--',
    read.file,
  ];
}

/** A word of a PowerShell command line: in single quotes, a quote doubled. */
const psWord = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * The command line that replaces a shell read: Skim's `lines` prints the read guarded, and when it
 * cannot (it exits non-zero having printed nothing: the file changed, the cache broke, Skim is gone)
 * the read's own text runs, so the agent gets what the command would have printed and its status.
 * Skim's stderr goes nowhere: the agent sees the read's. A leading `cd DIR &&` stays in front, so
 * both run where the command would have.
 */
export function rewrittenCommand(read: ShellRead, dialect: ShellDialect, own: OwnCommand, args: readonly string[]): string {
  if (dialect === 'powershell') {
    const run = `& ${[own.node, own.cli, ...args].map(psWord).join(' ')} 2>$null`;
    const node = own.electron ? `$env:ELECTRON_RUN_AS_NODE = '1'; ${run}; Remove-Item Env:ELECTRON_RUN_AS_NODE` : run;
    // $LASTEXITCODE set first: a Node that cannot start leaves it as it was, and the read must run then too.
    return `$global:LASTEXITCODE = 1; try { ${node} } catch { $global:LASTEXITCODE = 1 }; if ($LASTEXITCODE -ne 0) { ${read.readText} }`;
  }
  const skim = `${own.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}${[own.node, own.cli, ...args].map(shellWord).join(' ')}`;
  const guarded = `{ ${skim} 2>/dev/null || ${read.readText}; }`;
  return read.cdText ? `${read.cdText} && ${guarded}` : guarded;
}
