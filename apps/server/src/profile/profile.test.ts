import { CONSENTS } from '@heavy-rotation/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { savePhone } from '../test/calls.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';

const subscribe = (id: string, phone: string) => ({
  spotifyUserId: id,
  spotifyUserEmail: 'someone@example.com',
  spotifyUserDisplayName: 'Someone',
  phone,
  consentVersion: CONSENTS.en.version,
});

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Numbers in Great Britain and Guernsey as well: the profile row is the same whatever the country.
    s = await startTestServer(kind, { SMS_COUNTRIES: 'US,CA,GB,GG' });
  });
  afterAll(() => s.close());

  test('a user with no row gets the PostgREST not-found answer', async () => {
    const res = await s.call('/rest/v1/user_profile?id=eq.casual-listener&select=*', {
      token: await s.token('casual-listener'),
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST116' });
  });

  test('after saving a phone the own row comes back with the number masked', async () => {
    const token = await s.token('demo-listener');
    const saved = await savePhone(s, token, 'demo-listener', '+1 415 555 2671');
    expect(saved.status).toBe(200);
    const res = await s.call('/rest/v1/user_profile?id=eq.demo-listener&select=*', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const row = (await res.json()) as Record<string, unknown>;
    expect(row).toMatchObject({
      id: 'demo-listener',
      display_name: 'Demo Listener',
      email: 'demo@example.com',
    });
    expect(row.phone_e164).toBe('+1••••••2671');
    expect(Object.keys(row).sort()).toEqual([
      'created_at',
      'display_name',
      'email',
      'id',
      'phone_e164',
      'updated_at',
    ]);
  });

  test('a read just before and after saving or changing a phone always shows the saved number', async () => {
    const token = await s.token('casual-listener');
    const read = () => s.call('/rest/v1/user_profile?id=eq.casual-listener&select=phone_e164', { token });
    expect((await read()).status).toBe(406);
    const save = (phone: string) => savePhone(s, token, 'casual-listener', phone);
    expect((await save('+1 415 555 2671')).status).toBe(200);
    expect(await (await read()).json()).toEqual({ phone_e164: '+1••••••2671' });
    expect((await save('+44 7400 123456')).status).toBe(200);
    expect(await (await read()).json()).toEqual({ phone_e164: expect.stringMatching(/3456$/) });
  });

  test('select picks columns, and an unknown column is refused naming it', async () => {
    const token = await s.token('demo-listener');
    const res = await s.call('/rest/v1/user_profile?id=eq.demo-listener&select=id,phone_e164', { token });
    expect(Object.keys((await res.json()) as object)).toEqual(['id', 'phone_e164']);
    const bad = await s.call('/rest/v1/user_profile?id=eq.demo-listener&select=password', { token });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^select: /);
  });

  test('a request without an id=eq. filter is refused naming the field', async () => {
    const res = await s.call('/rest/v1/user_profile?id=demo-listener', { token: await s.token() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^id: /);
  });

  test('user A can neither read nor change user B', async () => {
    const b = await s.token('casual-listener');
    expect((await savePhone(s, b, 'casual-listener', '+44 7911 123456')).status).toBe(200);
    const a = await s.token('demo-listener');
    const read = await s.call('/rest/v1/user_profile?id=eq.casual-listener&select=*', { token: a });
    expect(read.status).toBe(406);
    expect(await read.json()).toMatchObject({ code: 'PGRST116' });
    const write = await s.call('/functions/v1/sms-subscribe', {
      token: a,
      json: subscribe('casual-listener', '+1 415 555 0000'),
    });
    expect(write.status).toBe(403);
    const own = await s.call('/rest/v1/user_profile?id=eq.casual-listener&select=*', { token: b });
    expect(((await own.json()) as { phone_e164: string }).phone_e164).toBe('+44••••••3456');
  });

  test('reading a profile needs a signed-in caller', async () => {
    const res = await s.call('/rest/v1/user_profile?id=eq.demo-listener&select=*');
    expect(res.status).toBe(401);
  });
});
