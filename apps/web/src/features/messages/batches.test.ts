import { expect, test } from 'vitest';
import { runInBatches } from './batches.ts';
import { messagesOf } from './success-reply.ts';

const names = Array.from({ length: 23 }, (_, i) => `Artist ${i + 1}`);

test('names go out in batches of 10 and every artist gets a message', async () => {
  const sent: string[][] = [];
  const stored: Record<string, string> = {};
  await runInBatches(names, {
    pauseMs: 1,
    fallback: 'fallback',
    send: async (batch) => {
      sent.push(batch);
      return Object.fromEntries(batch.map((n) => [n, `line for ${n}`]));
    },
    onBatch: (messages) => Object.assign(stored, messages),
  });
  expect(sent.map((b) => b.length)).toEqual([10, 10, 3]);
  expect(Object.keys(stored)).toHaveLength(23);
  expect(stored['Artist 23']).toBe('line for Artist 23');
});

test('every artist of a failed batch gets the fallback, and later batches still run', async () => {
  const stored: Record<string, string> = {};
  let call = 0;
  await runInBatches(names, {
    pauseMs: 1,
    fallback: 'fallback',
    send: async (batch) => {
      call++;
      if (call === 1) throw new Error('API request failed with status 503');
      return Object.fromEntries(batch.map((n) => [n, 'ok']));
    },
    onBatch: (messages) => Object.assign(stored, messages),
  });
  expect(names.slice(0, 10).every((n) => stored[n] === 'fallback')).toBe(true);
  expect(names.slice(10).every((n) => stored[n] === 'ok')).toBe(true);
});

test('an artist the reply leaves out gets the fallback', async () => {
  const stored: Record<string, string> = {};
  await runInBatches(['A', 'B'], {
    fallback: 'fallback',
    send: async () => ({ a: 'for A' }),
    onBatch: (messages) => Object.assign(stored, messages),
  });
  expect(stored).toEqual({ A: 'for A', B: 'fallback' });
});

test('an aborted run sends nothing more', async () => {
  const controller = new AbortController();
  const sent: string[][] = [];
  await runInBatches(names, {
    pauseMs: 1,
    signal: controller.signal,
    fallback: 'fallback',
    send: async (batch) => {
      sent.push(batch);
      controller.abort();
      return {};
    },
    onBatch: () => undefined,
  });
  expect(sent).toHaveLength(1);
});

test('a success reply gives the lines by artist, leaving out empty ones', () => {
  expect(
    messagesOf({
      results: [
        { artistName: 'A', message: 'Hi.' },
        { artistName: 'B', message: '' },
      ],
    }),
  ).toEqual({ A: 'Hi.' });
});
