import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findIds } from './catalogue.test-support.ts';
import { getSeveralTracks, getTrack } from './tracks.ts';

test('getTrack reads GET /tracks/{id} with market', async () => {
  const { client, last } = await setup();
  const [id] = (await findIds(client)).trackIds as [string];
  const track = await getTrack(client, id, { market: 'US' });
  expect(last()).toMatchObject({ method: 'GET', path: `/tracks/${id}`, query: { market: 'US' } });
  expect(track).toMatchObject({ id, type: 'track' });
});

test('getSeveralTracks sends 50 ids per call and joins the answers', async () => {
  const { client, sent } = await setup();
  const [id] = (await findIds(client)).trackIds as [string];
  sent.length = 0;
  const { tracks } = await getSeveralTracks(
    client,
    Array.from({ length: 51 }, () => id),
  );
  expect(sent.map((r) => [r.path, r.query.ids?.split(',').length])).toEqual([
    ['/tracks', 50],
    ['/tracks', 1],
  ]);
  expect(tracks).toHaveLength(51);
  expect(tracks[50]?.id).toBe(id);
});
