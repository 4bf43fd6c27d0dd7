/** The sentences the guard adds to a read. Hosts put them where their model reads them. */

/** A shortened read's notice: what is shown, where to go on, and the line limit in force (the host's cut may show fewer lines: fewerLinesNotice says so). */
export function cappedNotice(path: string, start: number, end: number, total: number, askedEnd: number, limit: number): string {
  return (
    `[skim] This read was shortened: lines ${start}-${end} of ${path} are shown, of ${total} in all ` +
    `(the read asked for ${start}-${askedEnd}). Next start: line ${end + 1}. Reads of more than ${limit} lines are shortened here. ` +
    `The file's map follows: read the range you need next.`
  );
}

export function noMapNotice(path: string, reason: string): string {
  return `[skim] No map of ${path} could be made (${reason}), so the read was not shortened.`;
}

export function declinedNotice(path: string, reason: string): string {
  return `[skim] ${path} was not shortened: ${reason}.`;
}

export function fallbackNotice(reason: string): string {
  return `[skim] Note: ${reason}.`;
}

/** Why a shortened read shows fewer lines than the limit: the host shows no more than `bound` ("30,000 bytes") of the output. */
export function fewerLinesNotice(shown: number, limit: number, bound: string): string {
  return `Only ${shown} lines are shown, not ${limit}: the host shows at most ${bound} of this output.`;
}

/**
 * What a shortened recursive listing says first: the lines shown and how many it printed (and, where Skim
 * stopped it at its bound, that it was still listing), what follows them, and how to list one folder.
 */
export function listingNotice(program: string, folder: string, shown: number, total: number, stopped?: { ms: number }, narrow?: string): string {
  const of = stopped
    ? `of the ${total} ${program} printed in ${(stopped.ms / 1000).toFixed(1)} s, when Skim stopped it (it was still listing)`
    : `of ${total} in all`;
  return (
    `[skim] This listing was shortened: its first ${shown} lines are shown, ${of}. ` +
    `What the rest holds follows, by folder, then the overview of ${folder}: its files ranked by how often the code names them.` +
    (narrow ? ` To list one folder: ${narrow}` : '')
  );
}
