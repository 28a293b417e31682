import { CONSENTS } from '@heavy-rotation/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { smsConsent } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { smsCalls } from './testing.ts';

// The texts' domain in the listener's language (docs/languages.md, "Consent texts").

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let calls: ReturnType<typeof smsCalls>;
  let clock = Date.now();
  let address = 0;
  beforeAll(async () => {
    s = await startTestServer(kind, { TRUST_PROXY: '1' }, { now: () => clock });
    calls = smsCalls(s);
  });
  afterAll(() => s.close());
  const fresh = () => `198.51.100.${(address++ % 250) + 1}`;
  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;
  /** sms-subscribe as a sheet in `language` sends it, with the page's language in Accept-Language. */
  const subscribe = async (
    id: string,
    phone: string,
    consent: { consentVersion?: string; consentLanguage?: string },
    language: string,
  ) => {
    clock += 31_000;
    return s.call('/functions/v1/sms-subscribe', {
      token: await s.token(id),
      json: { spotifyUserId: id, phone, ...consent },
      headers: { 'Accept-Language': language, 'X-Forwarded-For': fresh() },
    });
  };
  const confirm = async (id: string, code: string, language: string) =>
    s.call('/functions/v1/sms-confirm', {
      token: await s.token(id),
      json: { code },
      headers: { 'Accept-Language': language },
    });

  test('a Japanese listener gets the code texted in Japanese, and a wrong code is told in Japanese', async () => {
    const number = '+14155553301';
    const res = await subscribe(
      'demo-listener',
      number,
      { consentVersion: CONSENTS.ja.version, consentLanguage: 'ja' },
      'ja',
    );
    expect(res.status).toBe(200);
    const text = (await calls.texts(number)).at(-1)?.body ?? '';
    const code = await calls.lastCode(number);
    expect(text).toBe(
      `Heavy Rotation：認証コードは${code}です。10分で有効期限が切れます。配信停止はSTOPと返信してください。`,
    );
    const wrong = await confirm('demo-listener', code === '000000' ? '111111' : '000000', 'ja');
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe('コードが一致しません。もう一度お試しください。');
  });

  test('the consent record keeps the German words a German sheet showed, with their version and language', async () => {
    const number = '+14155553302';
    const consent = { consentVersion: CONSENTS.de.version, consentLanguage: 'de' };
    expect((await subscribe('casual-listener', number, consent, 'de-DE,de;q=0.9')).status).toBe(200);
    expect((await confirm('casual-listener', await calls.lastCode(number), 'de')).status).toBe(200);
    const records = await s.database.db.select().from(smsConsent).where(eq(smsConsent.phoneE164, number));
    expect(records).toMatchObject([
      { consentText: CONSENTS.de.text, consentVersion: CONSENTS.de.version, consentLanguage: 'de' },
    ]);
    expect(records[0]?.consentText).toContain('Ich bin einverstanden');
  });

  test('a consent version or language the server does not know is refused, in the listener language', async () => {
    const number = '+14155553303';
    const older = await subscribe(
      'new-listener',
      number,
      { consentVersion: '2024-01', consentLanguage: 'fr' },
      'fr',
    );
    expect(older.status).toBe(409);
    expect(await errorOf(older)).toBe(
      'Le texte de consentement a changé. Recharge la page pour voir le nouveau texte.',
    );
    // A version is one language's: the English version does not stand for the German words.
    const mixed = { consentVersion: CONSENTS.en.version, consentLanguage: 'de' };
    expect(CONSENTS.de.version).not.toBe(CONSENTS.en.version);
    expect((await subscribe('new-listener', number, mixed, 'en')).status).toBe(409);
    const unknown = await subscribe(
      'new-listener',
      number,
      { consentVersion: '2025-01', consentLanguage: 'nl' },
      'en',
    );
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toBe('consentLanguage: the consent text is not written in that language');
    expect(await calls.texts(number)).toEqual([]);
  });

  test("a refused number's country is named in the listener's language", async () => {
    const res = await subscribe('new-listener', '+449098790000', {}, 'de');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe('In dieses Land senden wir noch keine SMS (Vereinigtes Königreich).');
  });

  test("each language's opt-out words stop our texts, accents and case folded; STOP and START work in all", async () => {
    const stops = [
      'ARRÊT',
      'arret',
      'Baja por favor',
      'CANCELAR',
      'alto',
      'Quero sair',
      'PARAR',
      'Stopp',
      'abmelden bitte',
      '停止',
      '配信停止してください',
      'STOP',
    ];
    const numbers = stops.map((_, i) => `+1202555${2000 + i}`);
    for (const [i, text] of stops.entries()) expect(await calls.reply(numbers[i] ?? '', text)).toBe(200);
    for (const [i, number] of numbers.entries())
      expect(await calls.stopsOf(number), stops[i]).toHaveLength(1);
    // A word that only holds one stops nothing; START lifts a STOP given in any language.
    const talk = '+12025552100';
    for (const text of ['Bajando el volumen', 'Stoppuhr', 'ありがとう']) await calls.reply(talk, text);
    expect(await calls.stopsOf(talk)).toEqual([]);
    await calls.reply(numbers[0] ?? '', 'start');
    expect(await calls.stopsOf(numbers[0] ?? '')).toEqual([]);
  });
});
