import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer('pglite', { METRICS_TOKEN: TOKEN });
});
afterAll(() => s.close());

const scrape = async () =>
  (await s.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

test('the metrics are for the holder of the token only', async () => {
  expect((await s.app.request('/metrics')).status).toBe(401);
  const wrong = await s.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}x` } });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).not.toContain('http_request');
  const right = await s.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(right.status).toBe(200);
  expect(right.headers.get('Content-Type')).toContain('text/plain');
});

test('without METRICS_TOKEN there is no /metrics at all', async () => {
  const bare = await startTestServer('pglite');
  try {
    expect((await bare.app.request('/metrics')).status).toBe(404);
  } finally {
    await bare.close();
  }
});

test('requests by route pattern and status, outside calls by service, the event buffer', async () => {
  await s.call('/api/flags');
  await s.app.request('/api/flags');
  const token = await s.token();
  expect((await s.call('/auth/v1/user', { token })).status).toBe(200);
  await s.call('/api/events', { json: { name: 'sms_gate_view' } });
  const text = await scrape();
  expect(text).toMatch(
    /http_request_duration_seconds_count\{method="GET",route="\/api\/flags",status="200"\} 1/,
  );
  expect(text).toMatch(
    /http_request_duration_seconds_count\{method="GET",route="\/api\/flags",status="401"\} 1/,
  );
  // The caller's token was checked with the provider once.
  expect(text).toMatch(/upstream_requests_total\{service="spotify",outcome="2xx"\} 1/);
  expect(text).toMatch(/events_buffered 1/);
  await s.events.flush();
  const after = await scrape();
  expect(after).toMatch(/events_buffered 0/);
  expect(after).toMatch(/events_written_total 1/);
});
