import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';

const journey = useJourney();

test('a callback with the wrong state shows the message, then goes to /login', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await page.goto(`${journey.stack.url}/login`);
  await page
    .getByRole('link', { name: /Connect Spotify/ })
    .and(page.locator('[href]'))
    .waitFor();
  await page.goto(`${journey.stack.url}/callback?code=abc&state=not-the-stored-state`);
  const alert = page.getByRole('alert');
  expect(await alert.textContent()).toBe("There was an issue connecting to Spotify. Let's try that again.");
  expect(await page.getByText('Redirecting to login...').isVisible()).toBe(true);
  await page.waitForURL(`${journey.stack.url}/login`, { timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('spotify_access_token'))).toBeNull();
  await context.close();
});

test('cancelling at the provider comes back to /login with a message', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: /Connect Spotify/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/callback\?.*error=access_denied/);
  expect(await page.getByRole('alert').textContent()).toMatch(/cancelled connecting to Spotify/);
  await page.waitForURL(`${journey.stack.url}/login`, { timeout: 10_000 });
  await context.close();
});

test('a signed-out visitor to / is sent to /login and unknown paths go to /', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await page.goto(`${journey.stack.url}/no/such/page`);
  await page.waitForURL(`${journey.stack.url}/login`);
  await context.close();
});

test('each path change reports a page view to /api/events', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  const views: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events') && request.method() === 'POST') {
      const body = request.postDataJSON() as { name: string; path?: string };
      if (body.name === 'page_view' && body.path) views.push(body.path);
    }
  });
  await page.goto(`${journey.stack.url}/`);
  await page.waitForURL(`${journey.stack.url}/login`);
  await expect.poll(() => views, { timeout: 10_000 }).toContain('/login');
  await context.close();
});

test('a broken configuration shows the Configuration Error screen with the reason', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // React reports the error its boundary caught; that is the screen this journey expects.
  expectConsoleError(/Environment configuration error/);
  const broken = {
    productName: 'Heavy Rotation',
    spotifyClientId: '',
    spotifyAccountsUrl: 'http://127.0.0.1:1',
    spotifyApiUrl: 'http://127.0.0.1:1/v1',
    backendUrl: 'not a url',
    anonKey: 'short',
  };
  // A server configured so writes it into the page and answers it at /app-config.json alike.
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script type="application\/json" id="app-config">).*?(<\/script>)/s,
      `$1${JSON.stringify(broken)}$2`,
    );
    expect(html).toContain('"anonKey":"short"');
    await route.fulfill({ response, body: html });
  });
  await page.route('**/app-config.json', (route) => route.fulfill({ json: broken }));
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('heading', { name: 'Configuration Error' }).waitFor();
  const text = await page.locator('main').textContent();
  expect(text).toContain('The application is missing required configuration.');
  expect(text).toContain('Spotify Client ID is required');
  expect(text).toContain('Supabase URL must be a valid URL');
  expect(text).toContain('Supabase anonymous key must be at least 20 characters');
  await context.close();
});

test('without working storage the listener is told the sign-in will not be kept', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
  });
  await page.goto(`${journey.stack.url}/login`);
  await page.getByText(/isn't saving data/).waitFor();
  await page
    .getByRole('link', { name: /Connect Spotify/ })
    .and(page.locator('[href]'))
    .waitFor();
  await context.close();
});
