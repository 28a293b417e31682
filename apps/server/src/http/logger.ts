import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; anything that could hold a token, a phone number or an email is redacted on the way out. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'authorization',
          'apikey',
          'token',
          'phone',
          'email',
          '*.authorization',
          '*.apikey',
          '*.token',
          '*.phone',
          '*.phoneE164',
          '*.email',
          'headers',
          '*.headers',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
