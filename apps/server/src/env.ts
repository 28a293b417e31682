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
  EMULATOR_URL: [
    z.url().optional(),
    'Demo mode and tests: every outside service is reached at its path on this emulator (set by the start script)',
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
  SMTP_URL: [
    z.url({ protocol: /^smtps?$/ }).optional(),
    'Mail server for invitations, smtp:// or smtps:// with credentials (outbox only when unset)',
  ],
  MAIL_FROM: [
    z.string().min(3).default('Heavy Rotation <invites@heavy-rotation.invalid>'),
    'Sender of invitation emails',
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
  LLM_DAILY_CAP: [positive.default(50), 'Generator calls per user per UTC day (template lines past it)'],
  LASTFM_API_KEY: [
    z.string().min(1).optional(),
    'Last.fm API key ("Continue with Last.fm" is off when unset)',
  ],
  LASTFM_SHARED_SECRET: [z.string().min(1).optional(), 'Last.fm shared secret (signs auth.getSession)'],
  IMAGE_WAIT_MS: [
    positive.default(3000),
    "How long one artist-image request may wait for MusicBrainz's one-a-second turns, ms",
  ],
  IMAGE_LOOKUPS_PER_ADDRESS_PER_MINUTE: [
    positive.default(30),
    'Names per client IP per minute looked up at the image sources, across instances (at most a twentieth of IMAGE_LOOKUPS_PER_MINUTE)',
  ],
  IMAGE_LOOKUPS_PER_MINUTE: [
    positive.default(600),
    'Names per minute looked up at the image sources for everybody, across instances',
  ],
  CLIP_WAIT_MS: [
    positive.default(4000),
    'How long one sound-clue lookup may wait for its turns at Deezer and iTunes, ms',
  ],
  RATE_LIMIT_CLIPS_PER_HOUR: [positive.default(2000), 'Sound-clue lookups and plays per client IP per hour'],
  SOURCE_CACHE_SECONDS: [
    z.coerce.number().int().min(0).default(3600),
    "How long a Last.fm or ListenBrainz listener's top artists are kept for every instance, s",
  ],
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

/**
 * Where each outside service is: its own address, or its path on the emulator when EMULATOR_URL is set
 * (packages/emulator serves them all on one origin). Not variables: nobody deploying points one service
 * elsewhere (docs/deploy.md, "Configuration").
 */
const SERVICES = {
  SPOTIFY_ACCOUNTS_URL: ['https://accounts.spotify.com', ''],
  SPOTIFY_API_URL: ['https://api.spotify.com/v1', '/v1'],
  LASTFM_AUTH_URL: ['https://www.last.fm/api/auth/', '/lastfm/api/auth/'],
  LASTFM_API_URL: ['https://ws.audioscrobbler.com/2.0/', '/lastfm/2.0/'],
  LISTENBRAINZ_API_URL: ['https://api.listenbrainz.org', '/listenbrainz'],
  LISTENBRAINZ_SETTINGS_URL: ['https://listenbrainz.org/settings/', '/listenbrainz/settings/'],
  DEEZER_API_URL: ['https://api.deezer.com', '/deezer'],
  ITUNES_API_URL: ['https://itunes.apple.com', '/itunes'],
  MUSICBRAINZ_API_URL: ['https://musicbrainz.org', '/musicbrainz'],
  WIKIDATA_API_URL: ['https://www.wikidata.org', '/wikidata'],
  COMMONS_API_URL: ['https://commons.wikimedia.org', '/commons'],
  SMS_API_URL: ['https://api.twilio.com', '/twilio'],
} as const;

export type Env = z.infer<typeof schema> & { readonly [K in keyof typeof SERVICES]: string };

function withServices(variables: z.infer<typeof schema>): Env {
  const base = variables.EMULATOR_URL?.replace(/\/$/, '');
  const services = Object.fromEntries(
    Object.entries(SERVICES).map(([name, [own, path]]) => [
      name,
      base === undefined ? own : `${base}${path}`,
    ]),
  ) as { [K in keyof typeof SERVICES]: string };
  return { ...variables, ...services };
}

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
  return withServices(result.data);
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
