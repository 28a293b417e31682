// `npm run bench`: measures the production build, the server and the libraries, prints a table and
// writes bench/results.json and the results table of bench/README.md. Each part is measured on its own:
// one that fails or is missing is reported as missing and the rest still run.
import { readFile, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { measureAddressFlood } from './address-flood.ts';
import { type BenchStack, startBenchStack } from './bench-stack.ts';
import { launchBrowser, type StorageEntry, signedInStorage } from './browser.ts';
import { type BrowserCall, browserCalls, type CallName } from './browser-calls.ts';
import { measureBundles } from './bundle.ts';
import { measureClusterLoadApart } from './cluster-load.ts';
import { measureColdStart, removeColdStartFolders } from './cold-start.ts';
import { demoListener } from './demo-listener.ts';
import { type LighthousePage, lighthouseFigures, REPORTS_DIR, runLighthouse } from './lighthouse.ts';
import { measureLoginCanvas } from './login-canvas.ts';
import { describeMachine } from './machine.ts';
import { measureMusicExports } from './music-exports.ts';
import { measureOperatorStats } from './operator-stats.ts';
import { measureJudge } from './quiz-judge.ts';
import { resultsBlock, updateReadme } from './report.ts';
import { checkGoal, type Figure, type Measure, missing, QUICK, reasonOf, withTimeout } from './results.ts';
import { measureServerLoad } from './server-load.ts';
import { measureSpotifyExport } from './spotify-export.ts';
import { measureSpotifySize } from './spotify-size.ts';
import { measureTimeToTop40 } from './time-to-top40.ts';

const started = performance.now();
// The whole `npm run bench` must end within 10 minutes, the build included; parts share what is left.
const DEADLINE = started + 540_000;
const machine = describeMachine();
const figures: Figure[] = [];
/**
 * `--only=<part>` (e.g. `--only=Server`, `--only=Spotify data export`): that part alone, the stack it
 * runs on included, to measure one thing again; like a quick run it prints the table and keeps nothing.
 */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
// The stack whose parts are running: with --only, the parts of the chosen stack all run.
let within: string | undefined;

function log(text: string) {
  const seconds = ((performance.now() - started) / 1000).toFixed(0).padStart(3);
  console.log(`[${seconds} s] ${text}`);
}

/** Runs one part within its time budget; a failure becomes a missing figure named after the part. */
async function part(section: string, budgetMs: number, work: () => Promise<Measure[]>): Promise<void> {
  if (ONLY !== undefined && section !== ONLY && within !== ONLY) return;
  log(`${section}…`);
  let measures: Measure[];
  const left = Math.min(budgetMs, DEADLINE - performance.now());
  try {
    if (left < 5000) throw new Error('no time left in the 10-minute budget');
    measures = await withTimeout(work(), left, section);
  } catch (error) {
    measures = [missing(section, '', reasonOf(error))];
  }
  for (const m of measures) {
    const ok = checkGoal(m);
    figures.push({ section, ...m, ...(ok === undefined ? {} : { ok }) });
    log(`  ${m.name}: ${m.value ?? m.note}`);
  }
}

/** The parts each stack runs, by section name: `--only=<part>` starts the stack its part runs on. */
const STACK_PARTS: Record<string, readonly string[]> = {
  'Web app': [
    'Quiz judging',
    'Bundle',
    'Time to top 40',
    'Lighthouse',
    'Login canvas',
    'Spotify data export',
    'Apple Music and YouTube Music exports',
  ],
  Server: ['Server', 'Cluster'],
};

async function withStack(use: (stack: BenchStack) => Promise<void>, what: string): Promise<void> {
  if (ONLY !== undefined && what !== ONLY && !STACK_PARTS[what]?.includes(ONLY)) return;
  within = what;
  let stack: BenchStack | undefined;
  try {
    stack = await startBenchStack();
  } catch (error) {
    await part(what, 1000, async () => [missing(what, '', `the stack did not start: ${reasonOf(error)}`)]);
    return;
  }
  try {
    await use(stack);
  } finally {
    within = undefined;
    await stack.stop();
  }
}

async function browserParts(stack: BenchStack, browser: Browser): Promise<void> {
  let storage: StorageEntry[] | undefined;
  try {
    storage = await withTimeout(signedInStorage(browser, stack.url), 60_000, 'sign-in');
  } catch (error) {
    log(`  signed-in storage missing: ${reasonOf(error)}`);
  }
  await part('Bundle', 150_000, () => measureBundles(browser, stack.url, storage));
  await part('Time to top 40', 120_000, () => measureTimeToTop40(browser, stack.url));
  let login: LighthousePage | undefined;
  const allPages: [string, string, StorageEntry[] | undefined][] = [
    ['/login', '/login', undefined],
    ['/signup', '/signup', undefined],
    ['/', 'signed-in /', storage],
  ];
  const pages = QUICK ? allPages.slice(0, 1) : allPages;
  for (const [path, label, seed] of pages) {
    await part('Lighthouse', 120_000, async () => {
      if (path === '/' && !seed) return [missing(`Lighthouse ${label}`, '', 'no signed-in storage')];
      const page = await runLighthouse(stack.url, path, label, seed);
      if (path === '/login') login = page;
      return lighthouseFigures(page);
    });
  }
  await part('Login canvas', 60_000, () => measureLoginCanvas(browser, stack.url, login));
  await part('Spotify data export', 150_000, () => measureSpotifyExport(browser, stack.url));
  await part('Apple Music and YouTube Music exports', 150_000, () => measureMusicExports(browser, stack.url));
}

await part('Spotify client', 60_000, measureSpotifySize);
// Before the browser and the load test, whose stacks remove their database folders when they stop:
// creating files soon after many were removed is slow on a disk without a journal (cold-start.ts).
await part('Server cold start', 120_000, measureColdStart);
await withStack(async (stack) => {
  await part('Quiz judging', 60_000, async () => measureJudge((await demoListener(stack.emulatorUrl)).names));
  const browser = await launchBrowser();
  try {
    await browserParts(stack, browser);
  } finally {
    await browser.close();
  }
}, 'Web app');
// A fresh server for the load test, so its memory figure is about the load alone; its calls are read
// from Chromium first (browser-calls.ts), then replayed on it and on the cluster.
await withStack(async (stack) => {
  let calls: Map<CallName, BrowserCall> | undefined;
  let reason = '';
  const browser = await launchBrowser();
  try {
    calls = await withTimeout(browserCalls(browser, stack.url), 120_000, "reading the web app's calls");
  } catch (error) {
    reason = `the web app's calls could not be read: ${reasonOf(error)}`;
  } finally {
    await browser.close();
  }
  await part('Server', 200_000, async () =>
    calls ? measureServerLoad(stack, calls) : [missing('Server', '', reason)],
  );
  // Production-shaped: two instances behind HAProxy on PostgreSQL, whole sessions of the same calls.
  await part('Cluster', 300_000, async () =>
    calls ? measureClusterLoadApart(calls) : [missing('Cluster', '', reason)],
  );
}, 'Server');
await part('Operator console', 120_000, measureOperatorStats);
await part('Per-address limits', 150_000, measureAddressFlood);
// Only now: removing them sooner would slow the creation of every file that follows (cold-start.ts).
await removeColdStartFolders();

const seconds = (performance.now() - started) / 1000;
if (QUICK || ONLY !== undefined) {
  // A quick run proves every part still measures; its figures are too rough to keep.
  const broken = figures.filter((f) => f.value === null);
  console.log(`\n${resultsBlock(figures, machine, seconds)}\n`);
  for (const f of broken) console.error(`missing: ${f.section} / ${f.name}: ${f.note}`);
  log(broken.length === 0 ? 'quick run: every part measured' : `quick run: ${broken.length} parts missing`);
  process.exit(broken.length === 0 ? 0 : 1);
}
const resultsUrl = new URL('../results.json', import.meta.url);
// The previous run's figures, shown beside this run's.
const previous = await readFile(resultsUrl, 'utf8')
  .then((text) => (JSON.parse(text) as { figures?: Figure[] }).figures ?? [])
  .catch(() => []);
await writeFile(
  resultsUrl,
  `${JSON.stringify({ machine, durationSeconds: Math.round(seconds), figures: figures.map((f) => ({ ...f, machine })) }, null, 2)}\n`,
);
const block = resultsBlock(figures, machine, seconds, previous);
const readme = await updateReadme(new URL('../README.md', import.meta.url).pathname, block);
// The repository's README shows the same table.
const rootReadme = await updateReadme(new URL('../../README.md', import.meta.url).pathname, block);
console.log(`\n${readme ?? block}\n`);
log(
  `wrote bench/results.json${readme ? ' and the table in bench/README.md' : ''}${rootReadme ? ' and README.md' : ''}`,
);
log(`Lighthouse reports (JSON, open in https://googlechrome.github.io/lighthouse/viewer/): ${REPORTS_DIR}`);
// Lighthouse and autocannon can leave handles open; the run is over.
process.exit(0);
