import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findShowId } from './catalogue.test-support.ts';
import { getEpisode, getSeveralEpisodes, getSeveralShows, getShow, getShowEpisodes } from './shows.ts';

test('getShow reads GET /shows/{id}', async () => {
  const { client, last } = await setup();
  const id = await findShowId(client);
  const show = await getShow(client, id, { market: 'US' });
  expect(last()).toMatchObject({ method: 'GET', path: `/shows/${id}`, query: { market: 'US' } });
  expect(show).toMatchObject({ id, type: 'show' });
});

test('getSeveralShows sends 50 ids per call', async () => {
  const { client, sent } = await setup();
  const id = await findShowId(client);
  sent.length = 0;
  const { shows } = await getSeveralShows(
    client,
    Array.from({ length: 52 }, () => id),
  );
  expect(sent.map((r) => [r.path, r.query.ids?.split(',').length])).toEqual([
    ['/shows', 50],
    ['/shows', 2],
  ]);
  expect(shows).toHaveLength(52);
});

test('getShowEpisodes, getEpisode and getSeveralEpisodes read the episodes of a show', async () => {
  const { client, last, sent } = await setup();
  const showId = await findShowId(client);
  const page = await getShowEpisodes(client, showId, { limit: 2 });
  expect(last()).toMatchObject({ method: 'GET', path: `/shows/${showId}/episodes`, query: { limit: '2' } });
  const episodeId = page.items[0]?.id as string;
  expect(episodeId).toEqual(expect.any(String));
  const episode = await getEpisode(client, episodeId);
  expect(last()).toMatchObject({ method: 'GET', path: `/episodes/${episodeId}` });
  expect(episode).toMatchObject({ id: episodeId, type: 'episode' });
  sent.length = 0;
  const { episodes } = await getSeveralEpisodes(client, [episodeId, episodeId], { market: 'US' });
  expect(sent.map((r) => [r.path, r.query])).toEqual([
    ['/episodes', { ids: `${episodeId},${episodeId}`, market: 'US' }],
  ]);
  expect(episodes.map((e) => e?.id)).toEqual([episodeId, episodeId]);
});
