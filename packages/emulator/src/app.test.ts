import { expect, test } from 'vitest';
import { createEmulator } from './app.ts';

test('a browser preflight to the Web API is allowed from any origin', async () => {
  const app = createEmulator();
  const res = await app.request('/v1/me/top/artists', {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://127.0.0.1:8787',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'authorization',
    },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
  expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
});

test('errors carry CORS headers so the browser can read them', async () => {
  const app = createEmulator();
  const res = await app.request('/v1/me', { headers: { Origin: 'http://127.0.0.1:8787' } });
  expect(res.status).toBe(401);
  expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
  const token = await app.request('/api/token', {
    method: 'POST',
    headers: { Origin: 'http://127.0.0.1:8787', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=authorization_code&client_id=heavy-rotation-demo&code=nope',
  });
  expect(token.status).toBe(400);
  expect(token.headers.get('Access-Control-Allow-Origin')).toBe('*');
});

test('the health check answers', async () => {
  expect(await (await createEmulator().request('/healthz')).json()).toEqual({ ok: true });
});

test('the sign-in page has no missing icon', async () => {
  expect((await createEmulator().request('/favicon.ico')).status).toBe(204);
});
