import { readFileSync } from 'node:fs';
import { fileLines, lineBytes, printLines } from '../shell/printed';
import { PrintFormat } from '../shell/read';
import { Region } from '../map/types';
import { LedgerSeat, pendingOwnRead } from './toolRead';

/**
 * A guarded shell read through the session ledger (`skim lines --session ID`, what the hook
 * rewrites a host's shell read into where no hook may replace a result: Codex): where the
 * session's context holds lines first..last unchanged, the note and only the lines it does not
 * hold, each run under its numbers, in the command's own format; a changed file's runs placed in
 * its map's regions (`regions`: the map of the file as it is now). No `noted`: print the read as
 * the command would (a first read, too little to save, a file that changed under it, any doubt).
 * The read is recorded by `commit`, once what is printed has been written whole; undefined: it is
 * not recorded at all (a session never opened, a file Skim cannot read).
 */
export async function ledgerPrint(
  seat: LedgerSeat,
  real: string,
  first: number,
  last: number,
  format: PrintFormat,
  regions?: (version: string, size: number) => Promise<readonly Region[] | undefined>,
): Promise<{ noted?: Buffer; commit(): Promise<void> } | undefined> {
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
  const pending = await pendingOwnRead(seat, real, first, lines, regions);
  if (!pending?.shown) return pending && { commit: pending.commit };
  const spans = pending.shown.fresh.map((span) =>
    Buffer.concat([Buffer.from(`[skim] Lines ${span.start}-${span.end}:\n`), printLines(file, span.start, span.end, format)]),
  );
  return { noted: Buffer.concat([Buffer.from(`${pending.shown.note}\n`), ...spans]), commit: pending.commit };
}
