import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import {
  getAudioAnalysis,
  getAudioFeatures,
  getAvailableGenreSeeds,
  getRecommendations,
  getSeveralAudioFeatures,
} from './audio.ts';
import { findIds } from './catalogue.test-support.ts';

test('getAudioFeatures and getAudioAnalysis read one track', async () => {
  const { client, last } = await setup();
  const [id] = (await findIds(client)).trackIds as [string];
  const features = await getAudioFeatures(client, id);
  expect(last()).toMatchObject({ method: 'GET', path: `/audio-features/${id}` });
  expect(features).toMatchObject({ id });
  const analysis = await getAudioAnalysis(client, id);
  expect(last()).toMatchObject({ method: 'GET', path: `/audio-analysis/${id}` });
  expect(analysis).toEqual(expect.objectContaining({ track: expect.any(Object) }));
});

test('getSeveralAudioFeatures sends 100 ids per call', async () => {
  const { client, sent } = await setup();
  const [id] = (await findIds(client)).trackIds as [string];
  sent.length = 0;
  const result = await getSeveralAudioFeatures(
    client,
    Array.from({ length: 101 }, () => id),
  );
  expect(sent.map((r) => [r.path, r.query.ids?.split(',').length])).toEqual([
    ['/audio-features', 100],
    ['/audio-features', 1],
  ]);
  expect(result.audio_features).toHaveLength(101);
});

test('getRecommendations sends the seeds and tunables; getAvailableGenreSeeds lists genres', async () => {
  const { client, last } = await setup();
  const { genres } = await getAvailableGenreSeeds(client);
  expect(last()).toMatchObject({ method: 'GET', path: '/recommendations/available-genre-seeds' });
  expect(genres.length).toBeGreaterThan(0);
  const { artistId } = await findIds(client);
  const result = await getRecommendations(client, { seed_artists: artistId, limit: 5, target_energy: 0.8 });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/recommendations',
    query: { seed_artists: artistId, limit: '5', target_energy: '0.8' },
  });
  expect(result.tracks.length).toBeLessThanOrEqual(5);
  expect(result.seeds[0]).toMatchObject({ id: artistId });
});
