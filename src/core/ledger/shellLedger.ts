import { readFileSync } from 'node:fs';
import { fileLines, lineBytes, printLines } from '../shell/printed';
import { PrintFormat } from '../shell/read';
import { Region } from '../map/types';
import { LedgerSeat, ownReadNote } from './toolRead';

/**
 * A guarded shell read through the session ledger (`skim lines --session ID`, what the hook
 * rewrites a host's shell read into where no hook may replace a result: Codex): where the
 * session's context holds lines first..last unchanged, the note and only the lines it does not
 * hold, each run under its numbers, in the command's own format; a changed file's runs placed in
 * its map's regions (`regions`: the map of the file as it is now). Undefined: print the read as the
 * command would (a first read, too little to save, a file that changed under it, any doubt).
 */
export async function ledgerPrint(
  seat: LedgerSeat,
  real: string,
  first: number,
  last: number,
  format: PrintFormat,
  regions?: (version: string, size: number) => Promise<readonly Region[] | undefined>,
): Promise<Buffer | undefined> {
  let file;
  try {
    file = fileLines(readFileSync(real));
  } catch {
    return undefined;
  }
  if (last > file.starts.length || first > last) return undefined;
  const lines = Array.from({ length: last - first + 1 }, (_, i) =>
    lineBytes(file, first + i)
      .toString('utf8')
      .replace(/\r?\n$/, ''),
  );
  const noted = await ownReadNote(seat, real, first, lines, regions);
  if (!noted) return undefined;
  const spans = noted.fresh.map((span) =>
    Buffer.concat([Buffer.from(`[skim] Lines ${span.start}-${span.end}:\n`), printLines(file, span.start, span.end, format)]),
  );
  return Buffer.concat([Buffer.from(`${noted.note}\n`), ...spans]);
}
