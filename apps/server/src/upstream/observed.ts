import type { Env } from '../env.ts';

type ServiceUrls = Pick<
  Env,
  | 'SPOTIFY_ACCOUNTS_URL'
  | 'SPOTIFY_API_URL'
  | 'LASTFM_API_URL'
  | 'LISTENBRAINZ_API_URL'
  | 'DEEZER_API_URL'
  | 'ITUNES_API_URL'
  | 'MUSICBRAINZ_API_URL'
  | 'WIKIDATA_API_URL'
  | 'COMMONS_API_URL'
  | 'SMS_API_URL'
  | 'LLM_BASE_URL'
>;

/**
 * Counts every call to an outside service by service and outcome (GET /metrics,
 * `upstream_requests_total`). The service is the configured base URL the call starts with, the longest
 * first (the emulator serves several under one origin); anything else, such as a preview file on a
 * service's CDN, is `other`.
 */
export function observeUpstream(env: ServiceUrls, count: (service: string, outcome: string) => void) {
  const named: [string, string | undefined][] = [
    ['spotify-accounts', env.SPOTIFY_ACCOUNTS_URL],
    ['spotify', env.SPOTIFY_API_URL],
    ['lastfm', env.LASTFM_API_URL],
    ['listenbrainz', env.LISTENBRAINZ_API_URL],
    ['deezer', env.DEEZER_API_URL],
    ['itunes', env.ITUNES_API_URL],
    ['musicbrainz', env.MUSICBRAINZ_API_URL],
    ['wikidata', env.WIKIDATA_API_URL],
    ['commons', env.COMMONS_API_URL],
    ['sms', env.SMS_API_URL],
    ['llm', env.LLM_BASE_URL],
  ];
  const bases = named
    .flatMap(([service, url]) => (url === undefined ? [] : [[service, url.replace(/\/+$/, '')] as const]))
    .sort((a, b) => b[1].length - a[1].length);
  const serviceOf = (url: string) => bases.find(([, base]) => url.startsWith(base))?.[0] ?? 'other';
  return (fetcher: typeof fetch): typeof fetch =>
    async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const service = serviceOf(url);
      try {
        const res = await fetcher(input, init);
        count(service, `${Math.floor(res.status / 100)}xx`);
        return res;
      } catch (error) {
        count(service, 'error');
        throw error;
      }
    };
}
