import { launchBrowser, newPhonePage, startTestStack } from './harness.ts';
import { signInToTop40, skipWelcome } from './quiz-helpers.ts';

// Regenerates the README's phone screenshot from a real demo sign-in: npx tsx e2e/src/readme-screenshot.ts
const stack = await startTestStack();
const browser = await launchBrowser();
try {
  const { context, page } = await newPhonePage(browser);
  await skipWelcome(context);
  await signInToTop40(page, stack.url);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/screenshots/top40.png' });
} finally {
  await browser.close();
  await stack.stop();
}
