import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';

type App = ReturnType<typeof createEmulator>;

function chat(app: App, data: unknown, task = 'Write lines.') {
  return app.request('/openai/v1/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: 'm',
      messages: [
        { role: 'system', content: task },
        { role: 'user', content: JSON.stringify(data) },
      ],
    }),
  });
}

async function content(res: Response): Promise<unknown> {
  const body = (await res.json()) as { choices: { message: { content: string } }[] };
  return JSON.parse(body.choices[0]?.message.content ?? '');
}

test('the generator answers a welcome and success lines from the data it is sent, and records the calls', async () => {
  const app = createEmulator();
  const welcome = await content(await chat(app, { listSize: 40, unlocked: ['P!nk'] }));
  expect(welcome).toMatchObject({ greeting: 'Generated welcome for P!nk.' });
  const lines = await content(await chat(app, { artists: ['Sade'] }));
  expect(lines).toEqual({ results: [{ artistName: 'Sade', message: 'Generated for Sade.' }] });
  const calls = (await (await app.request('/openai/_generator/calls')).json()) as { calls: unknown[] };
  expect(calls.calls).toEqual([
    { model: 'm', task: 'Write lines.', data: { listSize: 40, unlocked: ['P!nk'] } },
    { model: 'm', task: 'Write lines.', data: { artists: ['Sade'] } },
  ]);
});

test('the generator answers in the language the task asks for, and in English when it names none', async () => {
  const app = createEmulator();
  const german = 'Write lines. Write every line in German (de), addressing the listener informally.';
  expect(await content(await chat(app, { artists: ['Sade'] }, german))).toEqual({
    results: [{ artistName: 'Sade', message: 'Generiert für Sade.' }],
  });
  const welcome = await content(await chat(app, { listSize: 12, unlocked: [] }, german));
  expect(welcome).toMatchObject({ greeting: 'Generierte Begrüßung für dich.' });
  const unknown = 'Write every line in Klingon (tlh).';
  expect(await content(await chat(app, { artists: ['Sade'] }, unknown))).toEqual({
    results: [{ artistName: 'Sade', message: 'Generated for Sade.' }],
  });
});

test('an injected fault answers with its status for the given number of calls', async () => {
  const app = createEmulator();
  const fault = await app.request('/openai/_generator/faults', {
    method: 'POST',
    body: JSON.stringify({ status: 503, times: 1 }),
  });
  expect(fault.status).toBe(201);
  expect((await chat(app, { artists: ['A'] })).status).toBe(503);
  expect((await chat(app, { artists: ['A'] })).status).toBe(200);
  const bad = await app.request('/openai/_generator/faults', { method: 'POST', body: '{"status":200}' });
  expect(bad.status).toBe(400);
});

test('a malformed chat call is refused, and the controls are absent when disabled', async () => {
  const app = createEmulator();
  const res = await app.request('/openai/v1/chat/completions', { method: 'POST', body: 'nope' });
  expect(res.status).toBe(400);
  const off = createEmulator({ control: false });
  expect((await off.request('/openai/_generator/calls')).status).toBe(404);
});
