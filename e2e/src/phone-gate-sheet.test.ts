import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { codeTextedTo, replyFrom, textsTo } from './phone-helpers.ts';
import { shot, signInToTop40, skipWelcome } from './quiz-helpers.ts';

const ADMIN_TOKEN = 'phone-gate-admin-token';
const journey = useJourney({ ADMIN_TOKEN });

function recordEvents(page: Page): unknown[] {
  const events: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events') && request.method() === 'POST')
      events.push(request.postDataJSON());
  });
  return events;
}

const focusedInside = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

test('the phone gate checks the number and consent, survives a failed save, then goes to the quiz', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // No profile row yet answers 406 (PGRST116); the failed save is a refused connection; a wrong code a 400.
  expectConsoleError(/status of (406|400)|ERR_CONNECTION_REFUSED/);
  await skipWelcome(context);
  const events = recordEvents(page);
  await signInToTop40(page, journey.stack.url);
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add your number to continue' });
  await sheet.waitFor();
  const input = sheet.getByLabel('Phone number');
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await input.getAttribute('placeholder')).toMatch(/\(\d{3}\) \d{3}-\d{4}/);
  const submit = sheet.getByRole('button', { name: 'Continue' });
  const consent = sheet.getByRole('checkbox', { name: /Reply STOP to unsubscribe/ });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // An invalid number: told on blur, and the button stays off.
  await input.fill('123');
  await input.blur();
  await sheet.getByText('Invalid phone number', { exact: true }).waitFor();
  expect(await submit.isDisabled()).toBe(true);
  await input.press('4');
  expect(await sheet.getByText('Invalid phone number', { exact: true }).count()).toBe(0);

  // A valid number without consent: still off. The consent text toggles the box.
  await input.fill('(201) 555-0123');
  expect(await submit.isDisabled()).toBe(true);
  await sheet.getByText(/marketing text messages/).click();
  expect(await consent.isChecked()).toBe(true);
  expect(await submit.isEnabled()).toBe(true);
  await shot(page, 'phone-gate-ready');

  // Tab stays inside the sheet.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedInside(page)).toBe(true);
  }

  // The network fails once: a red toast, and the form can be sent again.
  await page.route('**/functions/v1/sms-subscribe', (route) => route.abort('connectionrefused'), {
    times: 1,
  });
  await submit.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to save phone number' });
  await toast.waitFor();
  await shot(page, 'phone-gate-error');
  await toast.waitFor({ state: 'detached', timeout: 6000 });
  expect(await submit.isEnabled()).toBe(true);

  // Continue texts a code; the sheet asks for it.
  await submit.click();
  const code = sheet.getByLabel('Code');
  await code.waitFor();
  await sheet.getByText(`We texted a 6-digit code to +1••••••0123.`).waitFor();
  await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
  await shot(page, 'phone-gate-code');
  const codeAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(codeAxe.violations.map((v) => v.id)).toEqual([]);
  const texted = await codeTextedTo(journey.stack.emulatorUrl, '+12015550123');
  const confirm = sheet.getByRole('button', { name: 'Confirm' });

  // A wrong code is told in place; the right one saves the number.
  await code.fill(texted === '000000' ? '111111' : '000000');
  await confirm.click();
  await sheet.getByRole('alert').filter({ hasText: "That code didn't match. Try again." }).waitFor();
  await shot(page, 'phone-gate-wrong-code');
  expect(await sheet.getByRole('button', { name: 'Not now' }).isVisible()).toBe(true);
  await code.fill(texted);
  await confirm.click();
  await sheet.getByRole('button', { name: '✓ Saved' }).waitFor();
  await shot(page, 'phone-gate-saved');
  await page.waitForURL(`${journey.stack.url}/quiz`);
  expect(events).toContainEqual({ name: 'sms_gate_view' });
  expect(events).toContainEqual({ name: 'sms_phone_submitted', phone_country: '+1' });

  // Now with a phone on the profile, the quiz button goes straight through, also in a fresh page.
  const fresh = await context.newPage();
  await fresh.goto(`${journey.stack.url}/`);
  await fresh.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await fresh.waitForURL(`${journey.stack.url}/quiz`);
  await context.close();
});

test('a number that replied STOP gets no code, and the sheet answers as for any other number', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // No profile row yet answers 406 (PGRST116).
  expectConsoleError(/status of 406/);
  await skipWelcome(context);
  await replyFrom(journey.stack.emulatorUrl, '+12015550177', 'STOP');
  await signInToTop40(page, journey.stack.url, 'Casual Listener');
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add your number to continue' });
  await sheet.getByLabel('Phone number').fill('(201) 555-0177');
  await sheet.getByText(/marketing text messages/).click();
  await sheet.getByRole('button', { name: 'Continue' }).click();
  // Whoever asks cannot tell a number that said STOP from another (docs/decisions/032-sms-double-opt-in.md):
  // the sheet asks for a code, and none goes out.
  await sheet.getByText('We texted a 6-digit code to +1••••••0177.').waitFor();
  await shot(page, 'phone-gate-opted-out');
  expect(await textsTo(journey.stack.emulatorUrl, '+12015550177')).toEqual([]);
  await context.close();
});

test('the close button dismisses the sheet and a format error shows its own words', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // No profile row yet answers 406 (PGRST116).
  expectConsoleError(/status of 406/);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url, 'Casual Listener');
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add your number to continue' });
  await sheet.waitFor();
  await sheet.getByLabel('Phone number').fill('call me maybe');
  await sheet.getByLabel('Phone number').blur();
  await sheet.getByText('Invalid phone number format', { exact: true }).waitFor();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await sheet.waitFor({ state: 'detached' });
  expect(page.url()).toBe(`${journey.stack.url}/`);
  await context.close();
});

test('"Not now" goes to the quiz without a number, is recorded, and the sheet waits 7 days to ask again', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // No profile row yet answers 406 (PGRST116).
  expectConsoleError(/status of 406/);
  await skipWelcome(context);
  const events = recordEvents(page);
  await signInToTop40(page, journey.stack.url, 'Casual Listener');
  const quizButton = page.getByRole('button', { name: 'Unlock the rest - take quiz' });
  await quizButton.click();
  const sheet = page.getByRole('dialog', { name: 'Add your number to continue' });
  await sheet.getByText('Consent is not a condition of using the app', { exact: false }).waitFor();
  await shot(page, 'phone-gate-not-now');
  await sheet.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expect.poll(() => events).toContainEqual({ name: 'sms_gate_skipped' });

  // Within 7 days the quiz button goes straight on.
  await page.goto(`${journey.stack.url}/`);
  await quizButton.click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Eight days later the sheet asks once more.
  await page.evaluate(() =>
    localStorage.setItem('sms_gate_skipped_at', String(Date.now() - 8 * 24 * 60 * 60 * 1000)),
  );
  await page.goto(`${journey.stack.url}/`);
  await quizButton.click();
  await sheet.waitFor();
  await context.close();
});

test('with the SMS gate switched off the quiz button goes straight to the quiz', async () => {
  // The operator switches it off in the console.
  const signIn = await fetch(`${journey.stack.url}/api/admin/session`, {
    method: 'POST',
    headers: { Origin: journey.stack.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: ADMIN_TOKEN, name: 'Ada' }),
  });
  const cookie = /hr_admin=[^;]+/.exec(signIn.headers.getSetCookie().join('\n'))?.[0] ?? '';
  const res = await fetch(`${journey.stack.url}/api/admin/flags/sms_gate_enabled`, {
    method: 'PUT',
    headers: { Origin: journey.stack.url, Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  });
  expect(res.status).toBe(200);
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await signInToTop40(page, journey.stack.url, 'Casual Listener');
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await context.close();
});
