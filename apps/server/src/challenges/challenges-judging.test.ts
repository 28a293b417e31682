import * as replies from '@heavy-rotation/contracts/replies';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DATABASES, read, startTestServer, type TestServer } from '../test/harness.ts';

// A friend's guess is judged by the quiz's own judge (docs/decisions/004-quiz-judging.md), whatever
// language their phone types in: the same guesses unlock the same ranks as in the quiz.

const ARTISTS = [
  'ヨルシカ',
  'ハイ・ロー',
  'サザンオールスターズ',
  'ゆず',
  'Beyoncé',
  'Großstadtgeflüster',
  'Ñengo Flow',
  'Kwiat Jabłoni',
].map((name) => ({ name }));

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  let id = '';
  beforeAll(async () => {
    s = await startTestServer(kind, {});
    const made = await s.call('/api/challenges', { json: { name: 'Aiko', artists: ARTISTS } });
    expect(made.status).toBe(201);
    id = (await read(made, replies.challengeCreated)).id;
  });
  afterAll(() => s.close());

  const judged = async (guess: string) => {
    const res = await s.call(`/api/challenges/${id}/guesses`, {
      json: { guess, playId: 'j'.repeat(22) },
      headers: { 'Accept-Language': 'ja' },
    });
    expect(res.status).toBe(200);
    return (await read(res, replies.challengeGuessReply)).match;
  };

  test('a guess typed on a Japanese phone unlocks the rank the quiz would', async () => {
    expect(await judged('よるしか')).toMatchObject({ rank: 1, name: 'ヨルシカ' });
    expect(await judged('ﾊｲﾛｰ')).toMatchObject({ rank: 2, name: 'ハイ・ロー' });
    expect(await judged('ハイロ')).toMatchObject({ rank: 2, name: 'ハイ・ロー' });
    expect(await judged('ｻｻﾞﾝｵｰﾙｽﾀｰｽﾞ')).toMatchObject({ rank: 3, name: 'サザンオールスターズ' });
    expect(await judged('ユズ')).toMatchObject({ rank: 4, name: 'ゆず' });
    expect(await judged('ｂｅｙｏｎｃｅ')).toMatchObject({ rank: 5, name: 'Beyoncé' });
  });

  test('a voicing mark still counts: す is not ず', async () => {
    expect(await judged('ゆす')).toBeNull();
  });

  test('letters a keyboard lacks are taken spelled out or bare', async () => {
    expect(await judged('grossstadtgeflüster')).toMatchObject({ rank: 6 });
    expect(await judged('nengo flow')).toMatchObject({ rank: 7 });
    expect(await judged('kwiat jabloni')).toMatchObject({ rank: 8 });
  });
});
