import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { parseTrustProxy } from './http/client-address.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positive = z.coerce.number().int().positive();

/** Every variable the server reads, with its default and what it does (the README table mirrors this). */
export const ENV_VARIABLES = {
  HOST: [z.string().min(1).default('127.0.0.1'), 'Interface to listen on'],
  PORT: [port.default(8787), 'Port to listen on'],
  EMULATOR_PORT: [
    port.default(8788),
    'Port of the local Spotify emulator (demo mode, set by the start script)',
  ],
  DATA_DIR: [
    z.string().min(1).default('.data'),
    'Folder of the embedded database (PGlite) when DATABASE_URL is unset',
  ],
  DATABASE_URL: [
    z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    'PostgreSQL connection string; selects PostgreSQL instead of the embedded database',
  ],
  REDIS_URL: [
    z.url({ protocol: /^rediss?$/ }).optional(),
    'Redis the rate-limit counters live in, shared by every instance; required with DATABASE_URL (in memory when unset)',
  ],
  METRICS_TOKEN: [
    z.string().min(16).optional(),
    'Bearer token that reads GET /metrics (Prometheus text); /metrics answers 404 when unset',
  ],
  PRODUCT_NAME: [
    z
      .string()
      .min(1)
      .default('Heavy Rotation')
      .refine((name) => !/spotify/i.test(name), 'must not contain "Spotify"'),
    'Product name shown by the web app (must not contain "Spotify")',
  ],
  SPOTIFY_CLIENT_ID: [z.string().min(1).optional(), 'Spotify app client id handed to the web app'],
  SPOTIFY_ACCOUNTS_URL: [
    z.url().default('https://accounts.spotify.com'),
    'Spotify accounts service base URL',
  ],
  SPOTIFY_API_URL: [
    z.url().default('https://api.spotify.com/v1'),
    'Spotify Web API base URL (used to verify callers)',
  ],
  PROVIDER_TIMEOUT_MS: [positive.default(5000), 'Timeout of the caller check against the provider, ms'],
  PUBLIC_ORIGIN: [z.url().optional(), 'Public origin of this server (backend URL, CORS, HSTS when https)'],
  WEB_ORIGIN: [
    z.url().optional(),
    'Origin of the web app when served elsewhere (the only CORS origin; default PUBLIC_ORIGIN)',
  ],
  PUBLIC_ANON_KEY: [
    z.string().min(20).default('heavy-rotation-public-anon-key'),
    'Public anon key every API call sends as `apikey`',
  ],
  ADMIN_TOKEN: [
    z.string().min(16).optional(),
    'Operator token: signs in to the console at /admin (off when unset)',
  ],
  ADMIN_SESSION_HOURS: [positive.default(8), 'How long an operator console sign-in lasts, hours'],
  SMTP_URL: [
    z.url({ protocol: /^smtps?$/ }).optional(),
    'Mail server for invitations, smtp:// or smtps:// with credentials (outbox only when unset)',
  ],
  MAIL_FROM: [
    z.string().min(3).default('Heavy Rotation <invites@heavy-rotation.invalid>'),
    'Sender of invitation emails',
  ],
  MAIL_RETRY_SECONDS: [
    positive.default(60),
    'Delay before an email that met a temporary error is tried again; doubles each time, s',
  ],
  SMS_API_URL: [
    z.url().default('https://api.twilio.com'),
    "SMS provider base URL, Twilio's Messages API convention (demo mode: the local emulator)",
  ],
  SMS_ACCOUNT_SID: [
    z.string().min(1).max(64).optional(),
    'SMS provider account SID (with SMS_AUTH_TOKEN and SMS_FROM: codes are texted; else numbers are refused)',
  ],
  SMS_AUTH_TOKEN: [
    z.string().min(16).optional(),
    'SMS provider auth token: HTTP Basic password, and the key of the signed webhook (webhook off when unset)',
  ],
  SMS_FROM: [
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +15005550006')
      .optional(),
    'Our number (E.164): texts come from it, and listeners text START/STOP to it',
  ],
  SMS_COUNTRIES: [
    z
      .string()
      .transform((list) => list.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'must be country codes such as US,CA'))
      .default('US,CA'),
    'Countries whose numbers are texted a code, ISO 3166 codes separated by commas (any other is refused)',
  ],
  SMS_CODES_PER_DAY: [
    positive.default(500),
    'Codes texted per 24 hours for everybody, across instances; past it texts pause ("try later") until the window ends',
  ],
  SOURCE_KEY_SECRET: [
    z.string().min(32).optional(),
    'Secret the Last.fm and ListenBrainz keys are sealed under (AES-256-GCM), audit pseudonyms keyed by; required with DATABASE_URL; "new,old" while rotating',
  ],
  SOURCE_KEY_FILE: [
    z.string().min(1).optional(),
    'File of that secret when SOURCE_KEY_SECRET is unset: made at first start, never inside DATA_DIR (default $XDG_CONFIG_HOME/heavy-rotation/source-key-secret)',
  ],
  LLM_BASE_URL: [z.url().optional(), 'OpenAI-compatible API base URL for messages (templates when unset)'],
  LLM_API_KEY: [z.string().min(1).optional(), 'API key of the OpenAI-compatible endpoint'],
  LLM_MODEL: [z.string().min(1).optional(), 'Model name for the OpenAI-compatible endpoint'],
  LLM_TIMEOUT_MS: [positive.default(10_000), 'Timeout of one generator call, ms'],
  LLM_DAILY_CAP: [positive.default(50), 'Generator calls per user per UTC day (template lines past it)'],
  LASTFM_API_KEY: [
    z.string().min(1).optional(),
    'Last.fm API key ("Continue with Last.fm" is off when unset)',
  ],
  LASTFM_SHARED_SECRET: [z.string().min(1).optional(), 'Last.fm shared secret (signs auth.getSession)'],
  LASTFM_AUTH_URL: [z.url().default('https://www.last.fm/api/auth/'), 'Last.fm web authentication page'],
  LASTFM_API_URL: [z.url().default('https://ws.audioscrobbler.com/2.0/'), 'Last.fm API endpoint'],
  LISTENBRAINZ_API_URL: [z.url().default('https://api.listenbrainz.org'), 'ListenBrainz API base URL'],
  LISTENBRAINZ_SETTINGS_URL: [
    z.url().default('https://listenbrainz.org/settings/'),
    'Where a listener finds their ListenBrainz user token (linked from the sign-in screen)',
  ],
  DEEZER_API_URL: [
    z.url().default('https://api.deezer.com'),
    'Deezer API base URL (artist images and sound clues)',
  ],
  MUSICBRAINZ_API_URL: [z.url().default('https://musicbrainz.org'), 'MusicBrainz base URL (artist images)'],
  WIKIDATA_API_URL: [z.url().default('https://www.wikidata.org'), 'Wikidata base URL (artist images)'],
  COMMONS_API_URL: [
    z.url().default('https://commons.wikimedia.org'),
    'Wikimedia Commons base URL (artist images)',
  ],
  IMAGE_WAIT_MS: [
    positive.default(3000),
    "How long one artist-image request may wait for MusicBrainz's one-a-second turns, ms",
  ],
  IMAGE_LOOKUPS_PER_REQUEST: [
    positive.default(10),
    'Names one artist-image request may look up at the image sources (the rest: ask again later)',
  ],
  IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE: [
    positive.default(30),
    'Names per client IP per minute looked up at the image sources, across instances (at most a twentieth of IMAGE_LOOKUPS_PER_MINUTE)',
  ],
  IMAGE_LOOKUPS_PER_MINUTE: [
    positive.default(600),
    'Names per minute looked up at the image sources for everybody, across instances',
  ],
  ITUNES_API_URL: [z.url().default('https://itunes.apple.com'), 'iTunes Search API base URL (sound clues)'],
  CLIP_WAIT_MS: [
    positive.default(4000),
    'How long one sound-clue lookup may wait for its turns at Deezer and iTunes, ms',
  ],
  CLIP_MAX_BYTES: [
    positive.default(3_000_000),
    'Largest preview file the server fetches for a sound clue, bytes',
  ],
  RATE_LIMIT_CLIPS_PER_HOUR: [positive.default(2000), 'Sound-clue lookups and plays per client IP per hour'],
  SOURCE_TIMEOUT_MS: [positive.default(8000), 'Timeout of one Last.fm or ListenBrainz call, ms'],
  SOURCE_CACHE_SECONDS: [
    z.coerce.number().int().min(0).default(3600),
    "How long a Last.fm or ListenBrainz listener's top artists are kept for every instance, s",
  ],
  SESSION_DAYS: [positive.default(30), 'Lifetime of a Last.fm or ListenBrainz sign-in, days'],
  RATE_LIMIT_IP_PER_MINUTE: [
    positive.default(12_000),
    'Requests per client IP per minute to the API: a backstop for an address many listeners share',
  ],
  RATE_LIMIT_USER_PER_MINUTE: [positive.default(120), 'User-scoped requests per listener per minute'],
  RATE_LIMIT_GUEST_PER_MINUTE: [
    positive.default(600),
    'Message requests per client IP per minute from guests (a Spotify data export)',
  ],
  RATE_LIMIT_WAITLIST_PER_HOUR: [positive.default(200), 'Waitlist signups per client IP per hour'],
  RATE_LIMIT_SIGN_IN_PER_MINUTE: [
    positive.default(120),
    'Last.fm callbacks and ListenBrainz token checks per client IP per minute (each asks the source)',
  ],
  RATE_LIMIT_IDENTITY_PER_MINUTE: [
    positive.default(600),
    'Bearer tokens per client IP per minute the server asks the provider about (known ones are cached)',
  ],
  RATE_LIMIT_IPV6_PREFIX: [
    z.coerce.number().int().min(1).max(128).default(64),
    'Per-IP limits count an IPv6 client by its network of this many bits (IPv4: each address)',
  ],
  RATE_LIMIT_MEMORY_KEYS: [
    positive.default(20_000),
    'Counters one limit keeps in memory without REDIS_URL, and while Redis is away (least recently used dropped first)',
  ],
  TRUST_PROXY: [
    z
      .string()
      .default('0')
      .superRefine((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      }),
    'Proxies in front: a number of hops, or their addresses/CIDRs (client IP from X-Forwarded-For)',
  ],
  DB_START_TIMEOUT_MS: [
    positive.default(30_000),
    'How long start-up waits for PostgreSQL before giving up, ms',
  ],
  SHUTDOWN_TIMEOUT_MS: [positive.default(10_000), 'On SIGTERM, how long requests in flight may finish, ms'],
  LOG_LEVEL: [
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'pino log level',
  ],
  WEB_DIST: [z.string().min(1).optional(), 'Folder of the built web app (default apps/web/dist)'],
} as const;

type Variables = typeof ENV_VARIABLES;
// Cast: Object.fromEntries loses the keys; the mapped type restates exactly what the map builds.
const shape = Object.fromEntries(Object.entries(ENV_VARIABLES).map(([k, [s]]) => [k, s])) as {
  [K in keyof Variables]: Variables[K][0];
};
const schema = z.object(shape);

export type Env = z.infer<typeof schema>;

/** Reads and checks the environment once; a bad value stops the start with the variable's name. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as shells and compose files often pass them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  // Several instances on one PostgreSQL must share the secret: none may make up its own.
  if (result.data.DATABASE_URL && !result.data.SOURCE_KEY_SECRET)
    throw new Error('Invalid configuration: SOURCE_KEY_SECRET: required with DATABASE_URL');
  // Several instances must count as one: their counters live in Redis, never in each one's memory.
  if (result.data.DATABASE_URL && !result.data.REDIS_URL)
    throw new Error('Invalid configuration: REDIS_URL: required with DATABASE_URL');
  return result.data;
}

// apps/web/dist: this module sits one folder below the package in src/ and in the built dist/ alike.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The built web app's folder: WEB_DIST, else the web workspace's build beside this package. */
export function webDistOf(env: Pick<Env, 'WEB_DIST'>): string {
  return resolve(env.WEB_DIST ?? DEFAULT_WEB_DIST);
}

/** The default of a variable as the README shows it. */
export function describeDefault(name: keyof Variables): string {
  const parsed = ENV_VARIABLES[name][0].safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : '';
}
