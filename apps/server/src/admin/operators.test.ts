import { errorReply } from '@heavy-rotation/contracts';
import * as schemas from '@heavy-rotation/contracts/admin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operator } from '../db/schema.ts';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

const ADMIN_TOKEN = 'bootstrap-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

describe.each(DATABASES)('named operators on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE });
  });
  afterAll(() => s.close());

  const call = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', `hr_admin=${cookie}`);
    if (!headers.has('Origin')) headers.set('Origin', SITE);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    return s.app.request(`/api/admin${path}`, {
      ...init,
      headers,
      ...(init.json !== undefined ? { method: init.method ?? 'POST', body: JSON.stringify(init.json) } : {}),
    });
  };
  const signIn = async (token: string, name: string) => {
    const res = await call('', '/session', { json: { token, name } });
    const cookie =
      /^hr_admin=([^;]+)/.exec(
        res.headers.getSetCookie().find((l) => l.startsWith('hr_admin=')) ?? '',
      )?.[1] ?? '';
    return { res, cookie };
  };
  let ada = '';
  let adaToken = '';

  test('ADMIN_TOKEN makes the first operator, whose own token is answered once', async () => {
    const first = await signIn(ADMIN_TOKEN, 'Ada');
    expect(first.res.status).toBe(200);
    const body = await read(first.res, schemas.adminSession);
    expect(body.actor).toBe('Ada');
    expect(body.token).toMatch(/^[\w-]{43}$/);
    adaToken = body.token ?? '';
    ada = first.cookie;
    // Only the token's hash is kept.
    const rows = await s.database.db.select().from(operator);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(adaToken);

    // From now on ADMIN_TOKEN signs no one in, whatever name is typed; the refusal is audited.
    const again = await signIn(ADMIN_TOKEN, 'Ada');
    expect(again.res.status).toBe(401);
    expect(again.cookie).toBe('');
    const audit = await read(call(ada, '/audit'), schemas.auditPage);
    expect(audit.rows[0]).toMatchObject({ actor: '(nobody)', action: 'failed sign-in' });
    expect(JSON.stringify(audit)).not.toContain(ADMIN_TOKEN);

    // Ada's own token signs her in again.
    const own = await signIn(adaToken, 'Ada');
    expect(own.res.status).toBe(200);
    expect((await read(own.res, schemas.adminSession)).token).toBeUndefined();
  });

  test('an operator adds another by name; the new token signs them in, and the audit names the account', async () => {
    const added = await call(ada, '/operators', { json: { name: 'Grace' } });
    expect(added.status).toBe(201);
    const { operator: grace, token } = await read(added, schemas.operatorAdded);
    expect(grace).toMatchObject({ name: 'Grace', revokedAt: null });
    // The token is never answered again.
    const list = await call(ada, '/operators');
    expect(await list.clone().text()).not.toContain(token);
    expect((await read(list, schemas.operatorList)).operators.map((o) => o.name)).toEqual(['Ada', 'Grace']);
    expect((await call(ada, '/operators', { json: { name: 'Grace' } })).status).toBe(409);
    expect((await call(ada, '/operators', { json: { name: ' ' } })).status).toBe(400);

    // A typed name is not who signs in: Grace's token, typed as "Ada", is Grace.
    const g = await signIn(token, 'Ada');
    expect(g.res.status).toBe(200);
    expect((await read(g.res, schemas.adminSession)).actor).toBe('Grace');
    expect(
      (await call(g.cookie, '/flags/some_flag', { method: 'PUT', json: { enabled: true } })).status,
    ).toBe(200);
    const rows = (await read(call(ada, '/audit'), schemas.auditPage)).rows;
    expect(rows[0]).toMatchObject({ actor: 'Grace', action: 'flag changed' });
    expect(rows[1]).toMatchObject({ actor: 'Grace', action: 'signed in' });
    expect(rows.find((r) => r.action === 'added an operator')).toMatchObject({
      actor: 'Ada',
      detail: 'Grace',
    });
  });

  test('revoking an operator ends their sessions at once, and their token no longer signs in', async () => {
    const { operator: lin, token } = await read(
      call(ada, '/operators', { json: { name: 'Lin' } }),
      schemas.operatorAdded,
    );
    const l = await signIn(token, 'Lin');
    expect((await call(l.cookie, '/waitlist')).status).toBe(200);
    // No one revokes themselves (the last operator can't lock everyone out).
    expect((await call(l.cookie, `/operators/${lin.id}`, { method: 'DELETE' })).status).toBe(400);
    // A revocation is a change: a cross-site request can't make one.
    expect(
      (
        await call(ada, `/operators/${lin.id}`, {
          method: 'DELETE',
          headers: { Origin: 'https://evil.example' },
        })
      ).status,
    ).toBe(403);

    const revoked = await call(ada, `/operators/${lin.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await call(l.cookie, '/waitlist')).status).toBe(401);
    expect((await read(call(l.cookie, '/session'), schemas.adminSession)).actor).toBeNull();
    expect((await signIn(token, 'Lin')).res.status).toBe(401);
    expect((await call(ada, `/operators/${lin.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(ada, '/operators/abc', { method: 'DELETE' })).status).toBe(400);
    const list = (await read(call(ada, '/operators'), schemas.operatorList)).operators;
    expect(list.find((o) => o.name === 'Lin')?.revokedAt).toEqual(expect.any(String));
    const rows = (await read(call(ada, '/audit'), schemas.auditPage)).rows;
    expect(rows.slice(0, 2)).toMatchObject([
      { actor: '(nobody)', action: 'failed sign-in' },
      { actor: 'Ada', action: 'revoked an operator', detail: 'Lin' },
    ]);
    const err = await read(call(l.cookie, '/operators'), errorReply);
    expect(err.error).toBe('Sign in to the console');
  });
});
