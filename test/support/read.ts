import { GuardedRead } from '../../src/core/guard/guard';
import { readParts } from '../../src/core/tools/read';
import { resultText } from '../../src/core/tools/result';

/** A guarded read as the tools draw it (before any screening), for tests of the guard alone. */
export const renderRead = (read: GuardedRead, wholeMap?: string) => resultText({ parts: readParts(read, read.lines, [], read.entry, wholeMap) });
