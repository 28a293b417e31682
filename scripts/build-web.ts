import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { newest, ROOT, serverSourcesNewest } from './stack.ts';

/** Builds the web app when dist/ is missing or older than anything it is built from. */
export function buildWebIfStale(): void {
  const web = join(ROOT, 'apps/web');
  // The pages of dist/pages are written last (apps/web/scripts/prerender.ts): a build that stopped before
  // them is stale too.
  const built = Math.min(newest(join(web, 'dist/index.html')), newest(join(web, 'dist/pages/callback.html')));
  const sources = Math.max(
    ...['src', 'scripts', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
      newest(join(web, p)),
    ),
    newest(join(ROOT, 'packages/spotify/src')),
    // The sample export is generated from the emulator's demo data.
    newest(join(ROOT, 'packages/emulator/src/spotify-export')),
    newest(join(ROOT, 'packages/contracts/src')),
  );
  if (built > sources) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds the server to JavaScript when its build is missing or older than its sources. */
export function buildServerIfStale(): void {
  if (newest(join(ROOT, 'apps/server/dist/index.js')) > serverSourcesNewest()) return;
  console.log('Building the server…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
