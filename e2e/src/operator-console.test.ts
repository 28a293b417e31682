import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type SmtpEmulator, startSmtpEmulator } from '@heavy-rotation/emulator/smtp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../scripts/stack.ts';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { giveNumber } from './phone-helpers.ts';
import { shot, signInToTop40, skipWelcome } from './quiz-helpers.ts';

const ADMIN_TOKEN = 'console-journey-admin-token';
const smtpPort = await freePort();
const journey = useJourney({
  ADMIN_TOKEN,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Heavy Rotation <invites@example.test>',
  RATE_LIMIT_WAITLIST_PER_HOUR: '1000',
});
let smtp: SmtpEmulator;
beforeAll(async () => {
  smtp = await startSmtpEmulator(smtpPort);
});
afterAll(() => smtp?.close());

async function axeClean(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Waitlist signups through the form endpoint, as the signup screen sends them. */
async function signUp(emails: string[]): Promise<void> {
  for (const email of emails) {
    const res = await fetch(`${journey.stack.url}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: journey.stack.url },
      body: new URLSearchParams({ 'form-name': 'signup', email, 'bot-field': '' }),
    });
    expect(res.status).toBe(200);
  }
}

/** Ada's own token, shown once when ADMIN_TOKEN made her the first operator (the first journey). */
let adaToken = '';

async function signInToConsole(page: Page, token = adaToken): Promise<void> {
  expect(token).not.toBe('');
  await page.goto(`${journey.stack.url}/admin`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Operator token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as').waitFor();
}

test('the operator signs in, invites from the waitlist by email and exports it', async () => {
  await signUp(Array.from({ length: 30 }, (_, i) => `fan${i + 1}@example.com`));
  const { context, page } = await newPhonePage(journey.browser);
  // The wrong token is answered 401, which the browser reports.
  expectConsoleError(/status of 401/);
  await page.goto(`${journey.stack.url}/admin`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await axeClean(page);
  await page.getByLabel('Your name (first sign-in only)').fill('Ada');
  await page.getByLabel('Operator token').fill('not-the-admin-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').getByText('That operator token is not right').waitFor();
  // ADMIN_TOKEN, while no operator exists, makes Ada's account and shows her own token once.
  await page.getByLabel('Operator token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as').waitFor();
  adaToken = await page.getByLabel('Token for Ada').inputValue();
  expect(adaToken).toMatch(/^[\w-]{43}$/);
  const table = page.getByRole('table');
  await table.getByRole('cell', { name: 'fan30@example.com', exact: true }).waitFor();
  // The day's invitations so far, read apart from the table.
  await page.getByText('0 of 5').waitFor();
  // On a phone every section's tab is in view, none past the screen's edge.
  const tabs = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');
  expect(await tabs.count()).toBe(6);
  for (const box of await tabs.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().toJSON()))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }
  await shot(page, 'console-waitlist');
  await axeClean(page);

  // Search, then pick two and invite them.
  await page.getByLabel('Search by email').fill('fan1');
  await expect.poll(() => table.getByRole('row').count()).toBe(1 + 11);
  await page.getByRole('checkbox', { name: 'Select fan12@example.com' }).check();
  await page.getByRole('checkbox', { name: 'Select fan13@example.com' }).check();
  await page.getByRole('button', { name: 'Invite 2 signups' }).click();
  await page.getByText('Invitation queued for 2 signups.').waitFor();
  const mails = await smtp.waitFor(2);
  expect(mails.map((m) => m.to[0]).sort()).toEqual(['fan12@example.com', 'fan13@example.com']);
  for (const mail of mails) {
    expect(mail.subject).toBe('Your invitation to Heavy Rotation');
    expect(mail.text).toContain(`Sign in: ${journey.stack.url}/login`);
    expect(mail.html).toContain(`href="${journey.stack.url}/login"`);
  }
  // Each row's state is written as its mail goes: the second may show a refresh after the first.
  await table.getByText('Email sent').nth(1).waitFor();
  expect(await table.getByText('Email sent').count()).toBe(2);
  await page.getByText('2 of 5').waitFor();

  // Sorting by email, then the CSV.
  await page.getByLabel('Search by email').fill('');
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await expect
    .poll(() => page.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort'))
    .toBe('ascending');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = (await readFile(file, 'utf8')).trimEnd().split('\n');
  expect(csv[0]).toBe('email,signed_up,status,invited_at');
  expect(csv).toHaveLength(31);
  expect(csv.filter((l) => l.includes(',invited,'))).toHaveLength(2);

  // The audit log has it all, under the operator's name.
  // Ada adds Grace, whose token is shown once, and then revokes her.
  await page.getByRole('link', { name: 'Operators' }).click();
  await page.getByLabel("New operator's name").fill('Grace');
  await page.getByRole('button', { name: 'Add operator' }).click();
  expect(await page.getByLabel('Token for Grace').inputValue()).toMatch(/^[\w-]{43}$/);
  await page.getByRole('heading', { name: 'Grace', level: 3 }).waitFor();
  await axeClean(page);
  await shot(page, 'console-operators');
  await page.getByRole('button', { name: 'Revoke Grace' }).click();
  await page.getByText('Grace is revoked: their sessions have ended.').waitFor();
  await page.getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByRole('table');
  await audit.getByText('exported the waitlist').waitFor();
  expect(await audit.getByText('invited').count()).toBeGreaterThan(0);
  await audit.getByText('revoked an operator').waitFor();
  // Created, signed in, invited, exported, added and revoked: all under Ada's account.
  expect(await audit.getByRole('cell', { name: 'Ada', exact: true }).count()).toBe(6);
  await axeClean(page);
  await context.close();
});

test('subscribers: masked, revealed with an audit entry, erased on request; a flag switch reaches the listeners', async () => {
  // A listener gives a number at the phone gate.
  const listener = await newPhonePage(journey.browser);
  expectConsoleError(/status of 406/);
  await skipWelcome(listener.context);
  await signInToTop40(listener.page, journey.stack.url);
  await listener.page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  const sheet = listener.page.getByRole('dialog', { name: 'Add your number to continue' });
  await giveNumber(sheet, journey.stack.emulatorUrl, '(201) 555-0123', '+12015550123');
  await listener.page.waitForURL(/\/quiz$/);
  await listener.context.close();

  const { context, page } = await newPhonePage(journey.browser);
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Subscribers' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Demo Listener' });
  await card.getByText('+1••••••0123').waitFor();
  expect(await page.getByText('+12015550123').count()).toBe(0);
  await card.getByText('May be messaged').waitFor();
  await card.getByText('1 consent record').click();
  await card.getByText(/Reply STOP to unsubscribe/).waitFor();
  // Where the listener agreed: the Top 40, whose button opened the phone gate; in English.
  const fact = (term: string) => card.locator(`dt:text-is("${term}") + dd`).textContent();
  expect(await fact('Where')).toBe('/');
  expect(await fact('Language')).toBe('en');
  await shot(page, 'console-subscribers');
  await axeClean(page);

  await card.getByRole('button', { name: 'Reveal the number of Demo Listener' }).click();
  await card.getByText('+12015550123').waitFor();

  // The CSV of numbers that may be messaged holds this one.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export numbers that may be messaged/ }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toMatch(
    /^phone_e164,display_name,consent_version,consent_language,consented_at,confirmed_by,code_sent_at,code_message_sid\n\+12015550123,Demo Listener,[^,]+,en,[^,]+,sms-code,.+,SM[0-9a-f]{32}\n/,
  );

  // Erase: asked once more, then gone.
  await card.getByRole('button', { name: 'Erase on request…' }).click();
  await card.getByText(/go for good/).waitFor();
  await card.getByRole('button', { name: 'Erase for good' }).click();
  // The console says what went: the profile, the number and the consent record.
  await page
    .getByText('Demo Listener was erased. Removed 1 profile, 1 phone number and 1 consent record.')
    .waitFor();
  await shot(page, 'console-erased');
  await page.getByText('No listener has given a phone number yet.').waitFor();

  // Flags: the phone gate off, and a listener's page reads it.
  await page.getByRole('link', { name: 'Flags' }).click();
  const gate = page.getByRole('switch', { name: 'sms_gate_enabled' });
  expect(await gate.getAttribute('aria-checked')).toBe('true');
  await gate.click();
  await page.getByText('sms_gate_enabled is now off.', { exact: false }).waitFor();
  expect(await gate.getAttribute('aria-checked')).toBe('false');
  await axeClean(page);
  const flags = await fetch(`${journey.stack.url}/api/flags`, {
    headers: { apikey: 'heavy-rotation-public-anon-key' },
  });
  expect(await flags.json()).toEqual({ sms_gate_enabled: false });

  await page.getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByRole('table');
  await audit.getByText('sms_gate_enabled → off').waitFor();
  expect(await audit.getByText('erased a listener').count()).toBe(1);
  expect(await audit.getByText('revealed a phone number').count()).toBe(1);
  await gate.count();
  await context.close();
});

test('stats draw the events of the listeners, and the span can change', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Stats' }).click();
  const funnel = page.getByRole('heading', { name: 'Funnel, last 30 days' });
  await funnel.waitFor();
  // The earlier journey signed in once with Spotify (the sign-in event) and opened pages.
  await page.getByText('Sign-ins by source: 1 in all').waitFor();
  await page.locator('canvas').first().waitFor();
  await page.getByText('Waitlist signups: 30 in all').waitFor();
  await page.getByLabel('7 days').check();
  await page.getByRole('heading', { name: 'Funnel, last 7 days' }).waitFor();
  await shot(page, 'console-stats');
  await axeClean(page);
  // Signing out ends the session: the console asks to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await context.close();
});
