import { expect, test } from 'vitest';
import { collect, paginate } from './paging.ts';
import { getMyTopArtists } from './resources/users.ts';
import { setup } from './test-emulator.ts';

test('paginate follows next links until the last page and yields every item once', async () => {
  const { client, sent } = await setup();
  const names = await collect(
    paginate(client, getMyTopArtists(client, { limit: 20, time_range: 'short_term' })),
  );
  expect(names).toHaveLength(50);
  expect(new Set(names.map((a) => a.id)).size).toBe(50);
  expect(sent.map((r) => [r.path, r.query.offset ?? '0', r.query.time_range])).toEqual([
    ['/me/top/artists', '0', 'short_term'],
    ['/me/top/artists', '20', 'short_term'],
    ['/me/top/artists', '40', 'short_term'],
  ]);
});

test('paginate can stop early and then fetches no further page', async () => {
  const { client, sent } = await setup();
  const first = await getMyTopArtists(client, { limit: 10 });
  const seen: string[] = [];
  for await (const artist of paginate(client, first)) {
    seen.push(artist.id);
    if (seen.length === 15) break;
  }
  expect(seen).toHaveLength(15);
  expect(sent).toHaveLength(2);
});

test('paginate of an empty list yields nothing', async () => {
  const { client } = await setup('new-listener');
  expect(await collect(paginate(client, getMyTopArtists(client)))).toEqual([]);
});
