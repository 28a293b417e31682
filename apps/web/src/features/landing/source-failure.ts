import type { SourceName } from '@heavy-rotation/contracts';
import { t } from '../../i18n/i18n.ts';
import { SOURCE_LABEL } from '../../lib/source-session.ts';

/**
 * Why a sign-in with Last.fm or ListenBrainz did not happen, in the listener's words: the server's code
 * (apps/server/src/sources/errors.ts, `SourceFailure`; Last.fm's sign-in brings it back in /login's
 * address, with `state` and `cancelled` of its own), worded here (docs/languages.md). Each id is written
 * out, so the catalogs' check finds it.
 */
export function sourceFailureText(source: SourceName, code: string | null): string {
  const values = { source: SOURCE_LABEL[source] };
  switch (code) {
    case 'cancelled':
      return t('landing.sources.cancelled', values);
    case 'state':
      return t('landing.sources.state', values);
    case 'rate-limited':
      return t('landing.sources.rateLimited', values);
    case 'unavailable':
      return t('landing.sources.unavailable', values);
    default:
      return t('landing.sources.failed', values);
  }
}
