import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Path segments that name a person or a private link (docs/operator.md, "Erasing a person"): the
 * listener id of the console's subscriber routes, signup and operator ids, challenge and clip ids. A
 * log keeps the route's shape (`/api/admin/subscribers/:id/reveal`), never the id.
 */
const PRIVATE_SEGMENTS: [RegExp, string][] = [
  [/^(\/api\/admin\/(?:subscribers|waitlist|operators))\/[^/]+/, '$1/:id'],
  [/^(\/api\/(?:challenges|clips))\/[^/]+/, '$1/:id'],
  [/^\/c\/[^/]+/, '/c/:id'],
];
/** An email address; a number as E.164 or written out (`+44 7700 900123`); a long bare digit run. */
const EMAIL = /[^\s"'<>()[\]{}:;,]+@[^\s"'<>()[\]{}:;,]+/g;
const NUMBER = /\+\d[\d\s().-]{5,}\d/g;
const DIGITS = /(?<![\w.])\d{9,15}(?![\w.])/g;

/** A path as the log may show it. */
function loggedPath(path: string): string {
  let out = path;
  for (const [pattern, replacement] of PRIVATE_SEGMENTS) out = out.replace(pattern, replacement);
  return scrub(out);
}

/** Any text with its email addresses and phone-like digit runs blanked. */
function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(NUMBER, '[number]').replace(DIGITS, '[number]');
}

/** Every string of a log line, one level into objects (`cause.message`), scrubbed. */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 1 || value === null || typeof value !== 'object') return value;
  // Plain objects only: an Error or a Buffer is left to pino's own serialisers.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, depth + 1)]));
}

/**
 * JSON logs; anything that could hold a token, a phone number, an email or a listener id is redacted on
 * the way out: known fields by name, paths by route, and emails and numbers in any text (a mail server's
 * refusal quotes the address it refused).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { path: (path: unknown) => (typeof path === 'string' ? loggedPath(path) : path) },
      formatters: { log: (object) => scrubbed(object) as Record<string, unknown> },
      redact: {
        paths: [
          'authorization',
          'apikey',
          'token',
          'phone',
          'email',
          'userId',
          'listener',
          '*.authorization',
          '*.apikey',
          '*.token',
          '*.phone',
          '*.phoneE164',
          '*.email',
          '*.userId',
          'headers',
          '*.headers',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
