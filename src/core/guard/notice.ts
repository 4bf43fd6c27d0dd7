/** The sentences the guard adds to a read. Hosts put them where their model reads them. */

export function cappedNotice(path: string, start: number, end: number, total: number, askedEnd: number): string {
  return (
    `[skim] This read was shortened: lines ${start}-${end} of ${path} are shown, of ${total} in all ` +
    `(the read asked for ${start}-${askedEnd}). Next start: line ${end + 1}. ` +
    `The file's map follows: read the range you need next.`
  );
}

export function noMapNotice(path: string, reason: string): string {
  return `[skim] No map of ${path} could be made (${reason}), so the read was not shortened.`;
}

export function fallbackNotice(reason: string): string {
  return `[skim] Note: ${reason}.`;
}

/** Why a shortened read shows fewer lines than the limit: the host shows no more than `bound` ("30,000 bytes") of the output. */
export function fewerLinesNotice(shown: number, limit: number, bound: string): string {
  return `Only ${shown} lines are shown, not ${limit}: the host shows at most ${bound} of this output.`;
}
