import { expect, test } from 'vitest';
import { failureOf, HttpError } from './errors.ts';
import { createLogger } from './logger.ts';

const logger = createLogger('silent');

test('failures a listener can act on carry a code the web app words; the English `error` stays for logs', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  expect(failureOf(refused, '/api/x', logger)).toMatchObject({
    status: 503,
    body: { error: 'The service is briefly unavailable, try again shortly', code: 'unavailable' },
  });
  expect(failureOf(new Error('boom'), '/api/x', logger).body).toEqual({
    error: 'Internal server error',
    code: 'failed',
  });
  const limited = new HttpError(429, 'Too many requests', {}, undefined, { code: 'rate-limited' });
  expect(failureOf(limited, '/api/x', logger).body).toEqual({
    error: 'Too many requests',
    code: 'rate-limited',
  });
  // A malformed request has nothing for the listener to do: no code, the screen's fallback.
  expect(failureOf(new HttpError(400, 'Malformed JSON body'), '/api/x', logger).body).toEqual({
    error: 'Malformed JSON body',
  });
});
