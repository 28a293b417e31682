import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { smsCalls } from './testing.ts';

// STOP read as a listener writes it, and STOP the owner's to know (docs/decisions/032-sms-double-opt-in.md,
// docs/decisions/020-abuse-limits.md, "Texts on our bill").
const OPTED_OUT =
  'This number has opted out of our texts. Text START to +1 500 555 0006 to allow them again.';

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
  const later = (seconds: number) => {
    clock += seconds * 1000;
  };
  /** Each ask from an address of its own: only the listener's and the number's budgets are shared. */
  const fresh = () => `198.51.100.${(address++ % 250) + 1}`;
  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

  test('an opt-out word anywhere in a reply stops our texts; only a bare START or UNSTOP lifts it', async () => {
    const stops = [
      'Yes, stop texting me',
      'Please stop',
      'opt out',
      'Opt-Out please',
      'REVOKE',
      'cancel my texts',
      'I want to unsubscribe.',
      'quit',
      'The END',
      'stopall',
      'Arrêt',
    ];
    const numbers = stops.map((_, i) => `+1202555${1000 + i}`);
    for (const [i, text] of stops.entries()) expect(await calls.reply(numbers[i] ?? '', text)).toBe(200);
    for (const number of numbers) expect(await calls.stopsOf(number), number).toHaveLength(1);
    // Words that only hold one, or say something else, stop nothing.
    const talk = '+12025551100';
    for (const text of ['What a weekend!', 'unstoppable', 'Send it to a friend', 'Yes']) {
      await calls.reply(talk, text);
    }
    expect(await calls.stopsOf(talk)).toEqual([]);
    // A sentence that starts with START or YES lifts nothing; a message that is just START does.
    const [first = '', second = ''] = numbers;
    for (const text of ['Yes', 'Start texting me? No, stop.', 'start please', 'YES START']) {
      await calls.reply(first, text);
      expect(await calls.stopsOf(first), text).toHaveLength(1);
    }
    await calls.reply(first, ' Start! ');
    expect(await calls.stopsOf(first)).toEqual([]);
    await calls.reply(second, 'unstop');
    expect(await calls.stopsOf(second)).toEqual([]);
  });

  test('a stranger cannot tell a number that replied STOP from any other, and asking is limited', async () => {
    const stopped = '+14155556674';
    const other = '+14155556684';
    expect(await calls.reply(stopped, 'STOP')).toBe(200);
    const stranger = await calls.brainz('fresh-brainz');
    const asked = async (number: string) => {
      later(31);
      return answer(await stranger.subscribe(number, fresh()));
    };
    const guess = async () => answer(await stranger.confirm('000000'));
    const plain = await asked(other);
    const plainGuess = await guess();
    const probe = await asked(stopped);
    const probeGuess = await guess();
    // The same answers, but for the masked number itself.
    expect(plain).toMatchObject({ status: 200, body: { sentTo: '+1••••••6684' } });
    expect(probe).toEqual({ status: 200, body: { ...(plain.body as object), sentTo: '+1••••••6674' } });
    expect(probeGuess).toEqual(plainGuess);
    expect(probeGuess.status).toBe(400);
    // Nothing reached the phone that said STOP.
    expect(await calls.texts(stopped)).toEqual([]);
    expect(await calls.texts(other)).toHaveLength(1);
    // Each probe spends the caller's budget as a code would: five an hour, then 429.
    const more = [await asked(stopped), await asked(stopped), await asked(stopped)];
    expect(more.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await asked(stopped)).status).toBe(429);
    expect(await calls.texts(stopped)).toEqual([]);
  });

  test('when the provider holds a STOP we had not heard of, the stranger is answered as for any number', async () => {
    const number = '+14155550694';
    await s.emulator.request('/twilio/_emulator/faults', {
      method: 'POST',
      body: JSON.stringify({ status: 400, code: 21610 }),
      headers: { 'Content-Type': 'application/json' },
    });
    later(31);
    const res = await (await calls.brainz('demo-brainz')).subscribe(number, fresh());
    expect(await answer(res)).toMatchObject({ status: 200, body: { ok: true, sentTo: '+1••••••0694' } });
    // The provider's STOP is kept: nothing goes to the number from now on.
    expect(await calls.stopsOf(number)).toHaveLength(1);
  });

  test('the owner who confirmed a number is told it said STOP, and how to allow texts again', async () => {
    const number = '+14155559704';
    const owner = await calls.spotify('new-listener');
    later(31);
    expect((await owner.subscribe(number, fresh())).status).toBe(200);
    expect((await owner.confirm(await calls.lastCode(number))).status).toBe(200);
    expect(await calls.reply(number, 'stop texting me please')).toBe(200);
    later(31);
    const refused = await owner.subscribe(number, fresh());
    expect(await answer(refused)).toEqual({ status: 409, body: { error: OPTED_OUT, reason: 'opted_out' } });
    expect(await calls.texts(number)).toHaveLength(1);

    expect(await calls.reply(number, 'START')).toBe(200);
    later(31);
    expect((await owner.subscribe(number, fresh())).status).toBe(200);
    expect(await calls.texts(number)).toHaveLength(2);
  });
});
