import { createHash } from 'node:crypto';
import { RecordedSession } from './corpus';

/** The seed the sessions are split by: half tuned on, half held out of any tuning. */
export const SPLIT_SEED = 'skim issue 37';

/** A session's place in the fixed order the split and the quick run's subset are drawn from. */
export const rank = (session: RecordedSession): Buffer => createHash('sha256').update(`${SPLIT_SEED}\u0000${session.session}`).digest();

/** Which half a session falls in. */
export const halfOf = (session: RecordedSession): 'tuned' | 'held-out' => (rank(session)[0] < 128 ? 'tuned' : 'held-out');
