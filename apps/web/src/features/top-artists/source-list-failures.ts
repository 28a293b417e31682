import type { SourceName } from '@heavy-rotation/contracts';
import type { FailureWords } from '../../lib/failure-text.ts';

/**
 * A source's failures when the list is fetched (apps/server/src/sources/errors.ts, `SourceFailure`), for
 * `failureText` (lib/failure-text.ts): the words of each code, by source.
 */
export const SOURCE_LIST_FAILURES: Record<SourceName, FailureWords> = {
  lastfm: {
    codes: {
      'unknown-user': 'landing.sourceList.lastfm.unknownUser',
      'signed-out': 'landing.sourceList.lastfm.signedOut',
      'rate-limited': 'landing.sourceList.lastfm.rateLimited',
      'still-fetching': 'landing.sourceList.stillFetching',
      unavailable: 'landing.sourceList.lastfm.unavailable',
    },
    fallback: 'landing.sourceList.lastfm.failed',
  },
  listenbrainz: {
    codes: {
      'unknown-user': 'landing.sourceList.listenbrainz.unknownUser',
      'signed-out': 'landing.sourceList.listenbrainz.signedOut',
      'rate-limited': 'landing.listenbrainz.rateLimited',
      'not-ready': 'landing.sourceList.listenbrainz.notReady',
      'still-fetching': 'landing.sourceList.stillFetching',
      unavailable: 'landing.listenbrainz.unavailable',
    },
    fallback: 'landing.sourceList.listenbrainz.failed',
  },
};
