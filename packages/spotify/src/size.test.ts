import { expect, test } from 'vitest';
import { measureSize } from '../scripts/measure-size.ts';

test('an app that imports createClient and getMyTopArtists pays at most 1.2 kB gzipped (1200 bytes, the bench goal)', async () => {
  const { coreOneCallGzip, wholePackageGzip } = await measureSize();
  expect(coreOneCallGzip).toBeLessThanOrEqual(1200);
  expect(wholePackageGzip).toBeGreaterThan(coreOneCallGzip);
});
