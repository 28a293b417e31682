import { randomBytes } from 'node:crypto';
import { errorReply } from '@heavy-rotation/contracts';
import * as schemas from '@heavy-rotation/contracts/admin';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operator } from '../db/schema.ts';
import { DATABASES, read, startTwoInstances, type TestServer } from '../test/harness.ts';
import { hash } from './auth.ts';
import { restoreOperator } from './operators.ts';

const ADMIN_TOKEN = 'bootstrap-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

describe.each(DATABASES)('operators on %s, two instances', (kind) => {
  let one: TestServer;
  let two: TestServer;
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  beforeAll(async () => {
    instances = await startTwoInstances(kind, { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE });
    ({ one, two } = instances);
  });
  afterAll(() => instances.close());

  const call = (s: TestServer, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', `hr_admin=${cookie}`);
    headers.set('Origin', SITE);
    if (init.json !== undefined) headers.set('Content-Type', 'application/json');
    return s.app.request(`/api/admin${path}`, {
      ...init,
      headers,
      ...(init.json !== undefined ? { method: init.method ?? 'POST', body: JSON.stringify(init.json) } : {}),
    });
  };
  const signIn = async (s: TestServer, token: string, name?: string) => {
    const res = await call(s, '', '/session', { json: name === undefined ? { token } : { token, name } });
    const line = res.headers.getSetCookie().find((l) => l.startsWith('hr_admin=')) ?? '';
    return { res, cookie: /^hr_admin=([^;]+)/.exec(line)?.[1] ?? '' };
  };
  const add = async (cookie: string, name: string) => {
    const res = await call(one, cookie, '/operators', { json: { name } });
    return { res, body: res.status === 201 ? await read(res, schemas.operatorAdded) : undefined };
  };
  const active = async () =>
    (await one.database.db.select().from(operator).where(isNull(operator.revokedAt))).map((r) => r.name);
  let first = { id: 0, cookie: '' };

  test('the first name is kept in NFKC, trimmed; an invisible character in it is refused', async () => {
    const hidden = await signIn(one, ADMIN_TOKEN, 'Ada\u200B');
    expect(hidden.res.status).toBe(400);
    expect((await read(hidden.res, errorReply)).error).toBe('name: no invisible or control characters');
    const made = await signIn(one, ADMIN_TOKEN, '  Ａｄａ\u00A0 ');
    expect(made.res.status).toBe(200);
    expect((await read(made.res, schemas.adminSession)).actor).toBe('Ada');
    const [row] = await one.database.db.select().from(operator);
    first = { id: row?.id ?? 0, cookie: made.cookie };
  });

  test('look-alike names are refused: case, width, invisible characters, mixed scripts, Cyrillic letters', async () => {
    const refusals: [string, number][] = [
      ['ada', 409],
      ['ＡＤＡ', 409],
      [' Ada ', 409],
      ['A\u200Dda', 400],
      ['\u202EAda', 400],
      ['Ad\u00ADa', 400],
      ['Аda', 400], // a Cyrillic А before Latin letters
      ['Аԁа', 409], // every letter Cyrillic, each looking Latin
      [`Ada${'\u0301'.repeat(4)}`, 400],
      ['Ada 🙂', 400],
    ];
    for (const [name, status] of refusals) {
      const { res } = await add(first.cookie, name);
      expect(res.status, JSON.stringify(name)).toBe(status);
    }
    const ian = await add(first.cookie, 'Ian');
    expect(ian.res.status).toBe(201);
    expect((await add(first.cookie, 'lan')).res.status).toBe(409);
    expect((await add(first.cookie, 'Zoë Ünal')).res.status).toBe(201);
    expect((await add(first.cookie, '李小龙')).res.status).toBe(201);
    const spaced = await add(first.cookie, 'Grace\u00A0\u00A0Hopper');
    expect(spaced.body?.operator.name).toBe('Grace Hopper');
    // Revoked accounts keep their names: a look-alike of one is refused too.
    await call(one, first.cookie, `/operators/${ian.body?.operator.id}`, { method: 'DELETE' });
    expect((await add(first.cookie, 'IAN')).res.status).toBe(409);
    // Clean slate for the race below: only the first operator stays active.
    for (const o of (await read(call(one, first.cookie, '/operators'), schemas.operatorList)).operators) {
      if (o.id !== first.id && !o.revokedAt)
        await call(one, first.cookie, `/operators/${o.id}`, { method: 'DELETE' });
    }
    expect(await active()).toEqual(['Ada']);
  });

  test('two operators revoking each other at once, on two instances: one wins, one is refused, one stays', async () => {
    let me = first;
    for (let round = 0; round < 5; round++) {
      const added = await add(me.cookie, `Rival ${round}`);
      const rival = await signIn(two, added.body?.token ?? '');
      const rivalId = added.body?.operator.id ?? 0;
      const [a, b] = await Promise.all([
        call(one, me.cookie, `/operators/${rivalId}`, { method: 'DELETE' }),
        call(two, rival.cookie, `/operators/${me.id}`, { method: 'DELETE' }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 401]);
      const left = await active();
      expect(left).toHaveLength(1);
      me = a.status === 200 ? me : { id: rivalId, cookie: rival.cookie };
      expect((await call(two, me.cookie, '/waitlist')).status).toBe(200);
    }
    first = me;
  });

  test('a console nobody can sign in to comes back with restore-operator; ADMIN_TOKEN still signs no one in', async () => {
    // Every token is lost (the only operator's too): ADMIN_TOKEN no longer bootstraps.
    const [survivor] = await active();
    expect((await signIn(one, ADMIN_TOKEN, 'Anyone')).res.status).toBe(401);
    const token = randomBytes(32).toString('base64url');
    const restored = await restoreOperator(one.database.db, survivor ?? '', hash(token));
    expect(restored.revokedAt).toBeNull();
    // The old sessions of that account end; the new token signs in on either instance.
    expect((await call(one, first.cookie, '/waitlist')).status).toBe(401);
    const back = await signIn(two, token);
    expect(back.res.status).toBe(200);
    const audit = (await read(call(one, back.cookie, '/audit'), schemas.auditPage)).rows;
    expect(audit.find((r) => r.action === 'restored an operator')).toMatchObject({
      actor: '(server)',
      detail: survivor,
    });
    // A revoked account can be restored by its name as well; a new name makes a new account.
    const again = await restoreOperator(one.database.db, 'Rival 0', hash(randomBytes(32).toString('hex')));
    expect(again.revokedAt).toBeNull();
    await expect(restoreOperator(one.database.db, 'RIVAL 0', 'x')).rejects.toThrow(/looks like/);
  });
});
