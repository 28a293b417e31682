import { expect, test } from 'vitest';
import { setup } from '../test-emulator.ts';
import { findIds } from './catalogue.test-support.ts';
import { checkLibraryContains, removeLibraryItems, saveLibraryItems } from './saved-items.ts';

test('saveLibraryItems, checkLibraryContains and removeLibraryItems send uris in the query', async () => {
  const { client, last } = await setup();
  const uris = (await findIds(client)).trackUris.slice(0, 2);
  await expect(saveLibraryItems(client, uris)).resolves.toBeUndefined();
  expect(last()).toMatchObject({
    method: 'PUT',
    path: '/me/library',
    query: { uris: uris.join(',') },
    body: undefined,
  });
  expect(await checkLibraryContains(client, uris)).toEqual([true, true]);
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/me/library/contains',
    query: { uris: uris.join(',') },
  });
  await removeLibraryItems(client, [uris[0] as string]);
  expect(last()).toMatchObject({ method: 'DELETE', path: '/me/library', query: { uris: uris[0] } });
  expect(await checkLibraryContains(client, uris)).toEqual([false, true]);
});

test('library calls send 40 uris per call', async () => {
  const { client, sent } = await setup();
  const [uri] = (await findIds(client)).trackUris as [string];
  sent.length = 0;
  const result = await checkLibraryContains(
    client,
    Array.from({ length: 41 }, () => uri),
  );
  expect(sent.map((r) => r.query.uris?.split(',').length)).toEqual([40, 1]);
  expect(result).toHaveLength(41);
});
