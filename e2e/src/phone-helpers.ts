import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The texts the local SMS provider sent to a number, oldest first. */
export async function textsTo(emulatorUrl: string, e164: string): Promise<{ body: string; sid: string }[]> {
  const res = await fetch(`${emulatorUrl}/twilio/_emulator/messages?to=${encodeURIComponent(e164)}`);
  return ((await res.json()) as { messages: { body: string; sid: string }[] }).messages;
}

/** The code in the newest text to a number, read as the listener would read it on their phone. */
export async function codeTextedTo(emulatorUrl: string, e164: string, count = 1): Promise<string> {
  await expect.poll(async () => (await textsTo(emulatorUrl, e164)).length).toBeGreaterThanOrEqual(count);
  const body = (await textsTo(emulatorUrl, e164)).at(-1)?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1] ?? '';
}

/** A reply from the phone (STOP, START), which the provider posts to the server's webhook, signed. */
export async function replyFrom(emulatorUrl: string, e164: string, body: string): Promise<void> {
  const res = await fetch(`${emulatorUrl}/twilio/_emulator/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: e164, body }),
  });
  expect(((await res.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
}

/** Gives a number at the phone sheet and confirms it with the code texted to it. */
export async function giveNumber(
  sheet: Locator,
  emulatorUrl: string,
  typed: string,
  e164: string,
): Promise<void> {
  const before = (await textsTo(emulatorUrl, e164)).length;
  await sheet.getByLabel('Phone number').fill(typed);
  await sheet.getByText(/marketing text messages/).click();
  await sheet.getByRole('button', { name: 'Continue' }).click();
  await sheet.getByLabel('Code').waitFor();
  await sheet.getByLabel('Code').fill(await codeTextedTo(emulatorUrl, e164, before + 1));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
}
