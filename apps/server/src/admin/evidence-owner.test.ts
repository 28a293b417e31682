import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as schemas from '@heavy-rotation/contracts/admin';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { smsConsent, userProfile } from '../db/schema.ts';
import { read, startTestServer, type TestServer } from '../test/harness.ts';

// As a deployment has it: the app's role is no superuser and owns its database. The test's PostgreSQL
// trusts local connections, so the roles it makes sign in without a password.
const SUPERUSER = process.env.TEST_DATABASE_URL || undefined;
const ADMIN_TOKEN = 'operator-token-0123456789';
const SITE = 'http://127.0.0.1:8787';

/** The block of SQL docs/deploy.md gives the administrator, for these role names. */
async function setupSql(app: string, evidence: string): Promise<string> {
  const doc = await readFile(new URL('../../../../docs/deploy.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Evidence the app cannot change'));
  const block = /```sql\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  expect(block).toMatch(/erase_listener_consent/);
  return block.replace(/\bheavy_rotation_evidence\b/g, evidence).replace(/\bheavy_rotation\b/g, app);
}

describe.skipIf(!SUPERUSER)('on PostgreSQL, the evidence owned by a role of its own', () => {
  const tag = randomBytes(4).toString('hex');
  const [app, evidence, name] = [`hr_app_${tag}`, `hr_evidence_${tag}`, `hr_evidence_${tag}`];
  const urlAs = (user: string) => {
    const url = new URL(SUPERUSER ?? '');
    url.username = user;
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: SUPERUSER });
  let asAdmin: pg.Client;
  let attacker: pg.Client;
  let database: Database;
  let s: TestServer;
  let cookie = '';

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE ROLE ${app} LOGIN`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${app}`);
    // The plain set-up first: the app's role owns everything, and migrates.
    database = await openDatabase({ databaseUrl: urlAs(app) });
    s = await startTestServer('postgres', { ADMIN_TOKEN, PUBLIC_ORIGIN: SITE }, { database });
    const signIn = await s.app.request('/api/admin/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
    });
    cookie = /^hr_admin=([^;]+)/.exec(signIn.headers.getSetCookie()[0] ?? '')?.[1] ?? '';
    asAdmin = new pg.Client({ connectionString: urlAs(new URL(SUPERUSER ?? '').username) });
    await asAdmin.connect();
    attacker = new pg.Client({ connectionString: urlAs(app) });
    await attacker.connect();
  }, 60_000);
  afterAll(async () => {
    await attacker?.end();
    await asAdmin?.end();
    await s?.close();
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${app}`);
    await admin.query(`DROP ROLE IF EXISTS ${evidence}`);
    await admin.end();
  });

  const consentOf = async (id: string, phone: string) => {
    await database.db.insert(userProfile).values({ id, displayName: id, phoneE164: phone });
    await database.db.insert(smsConsent).values({
      userId: id,
      phoneE164: phone,
      consentText: 'I agree to texts',
      consentVersion: '2024-06',
      source: '/quiz',
      confirmedBy: 'sms-code',
    });
  };
  const erase = (id: string) =>
    s.app.request(`/api/admin/subscribers/${id}`, {
      method: 'DELETE',
      headers: { Cookie: `hr_admin=${cookie}`, Origin: SITE },
    });
  const audit = async () =>
    (await asAdmin.query(`SELECT actor, action, detail FROM public.admin_audit ORDER BY id`)).rows;

  test("the administrator's SQL hands the evidence to its own role; erasure still works", async () => {
    await consentOf('ev-ann', '+14155550101');
    expect((await erase('ev-ann')).status).toBe(200);
    const sql = await setupSql(app, evidence);
    await asAdmin.query(sql);
    await asAdmin.query(sql);
    // The app starts again on it (its migrations find nothing to do) and erases through the door.
    const again = await openDatabase({ databaseUrl: urlAs(app) });
    await again.close();
    await consentOf('ev-bob', '+14155550102');
    const erased = await erase('ev-bob');
    expect(erased.status).toBe(200);
    expect((await read(erased, schemas.erasureReply)).removed).toMatchObject({ consentRecords: 1 });
    expect(await database.db.select().from(smsConsent).where(eq(smsConsent.userId, 'ev-bob'))).toEqual([]);
    expect((await audit()).filter((r) => r.action === 'erased consent records')).toHaveLength(2);
  });

  test("with the app's own password, no consent or audit row can be changed, deleted or hidden", async () => {
    await consentOf('ev-cy', '+14155550103');
    const before = (await asAdmin.query(`SELECT count(*)::int AS n FROM public.sms_consent`)).rows;
    const auditBefore = (await audit()).length;
    const attempts = [
      `DELETE FROM sms_consent`,
      `UPDATE sms_consent SET consent_text = 'nothing agreed'`,
      `TRUNCATE sms_consent`,
      `DELETE FROM admin_audit`,
      `UPDATE admin_audit SET actor = 'someone else'`,
      `TRUNCATE admin_audit`,
      `ALTER TABLE sms_consent DISABLE TRIGGER ALL`,
      `ALTER TABLE admin_audit DISABLE TRIGGER admin_audit_no_change`,
      `DROP TRIGGER sms_consent_no_change ON sms_consent`,
      `CREATE OR REPLACE FUNCTION sms_consent_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END; $$`,
      `CREATE OR REPLACE FUNCTION erase_listener_consent(text, text, text) RETURNS integer LANGUAGE sql AS 'SELECT 0'`,
      `ALTER FUNCTION erase_listener_consent(text, text, text) SECURITY INVOKER`,
      `ALTER TABLE admin_audit OWNER TO ${app}`,
      `ALTER TABLE sms_consent ENABLE ROW LEVEL SECURITY`,
      `CREATE RULE hide AS ON INSERT TO admin_audit DO INSTEAD NOTHING`,
      `DROP TABLE admin_audit`,
      `DROP SCHEMA public CASCADE`,
      `ALTER SCHEMA public RENAME TO gone`,
    ];
    for (const statement of attempts) {
      await expect(attacker.query(statement), statement).rejects.toThrow(/permission denied|must be owner/);
    }
    // The erasure flag no longer opens anything: the role has no right to delete at all.
    await attacker.query(`SELECT set_config('heavy_rotation.erasing', 'on', false)`);
    await expect(attacker.query(`DELETE FROM sms_consent WHERE user_id = 'ev-cy'`)).rejects.toThrow(
      /permission denied/,
    );
    expect((await asAdmin.query(`SELECT count(*)::int AS n FROM public.sms_consent`)).rows).toEqual(before);
    expect((await audit()).length).toBe(auditBefore);

    // The door erases one listener and says so in the audit log, even with the caller's own
    // temporary tables named like the real ones.
    await attacker.query(`CREATE TEMP TABLE admin_audit (actor text, action text, detail text)`);
    await attacker.query(`CREATE TEMP TABLE sms_consent (user_id text)`);
    const done = await attacker.query(`SELECT erase_listener_consent('ev-cy', 'Mallory', 'p-0') AS n`);
    expect(done.rows).toEqual([{ n: 1 }]);
    expect((await audit()).at(-1)).toEqual({
      actor: 'Mallory',
      action: 'erased consent records',
      detail: 'listener p-0; 1 removed',
    });
  });
});
