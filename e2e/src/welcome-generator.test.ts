import { expect, test } from 'vitest';
import { EMULATOR_URL, newPhonePage, useJourney } from './harness.ts';
import { demoTop40, shot, signInToTop40 } from './quiz-helpers.ts';

// The server writes its lines with the emulator's OpenAI-compatible generator.
const journey = useJourney({ LLM_BASE_URL: `${EMULATOR_URL}/openai/v1`, LLM_MODEL: 'emulated' });
const top40 = demoTop40();

interface GeneratorCall {
  task: string;
  data: { listSize?: number; unlocked?: string[]; artists?: string[] };
}

async function generatorCalls(): Promise<GeneratorCall[]> {
  const res = await fetch(`${journey.stack.emulatorUrl}/openai/_generator/calls`);
  return ((await res.json()) as { calls: GeneratorCall[] }).calls;
}

test('a generated welcome greets the unlocked artists, and the generator is never told a locked one', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await signInToTop40(page, journey.stack.url);
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await dialog.getByRole('button', { name: 'Next' }).waitFor({ timeout: 20_000 });
  expect(await dialog.locator('p').nth(1).textContent()).toBe(
    `Generated welcome for ${top40.slice(3, 6).join(', ')}.`,
  );
  await shot(page, 'welcome-generated');
  const welcomeCalls = (await generatorCalls()).filter((call) => call.data.listSize !== undefined);
  expect(welcomeCalls.map((call) => call.data)).toEqual([{ listSize: 40, unlocked: top40.slice(3, 6) }]);
  const prompt = JSON.stringify(welcomeCalls);
  for (const name of [...top40.slice(0, 3), ...top40.slice(6)]) expect(prompt).not.toContain(name);

  // Shown again: the same generated words, from the cache, without another generator call.
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await page.evaluate(() => localStorage.removeItem('welcome_shown'));
  await page.reload();
  const again = page.getByRole('dialog', { name: 'Welcome' });
  await again.getByRole('button', { name: 'Next' }).waitFor({ timeout: 20_000 });
  expect(await again.locator('p').nth(1).textContent()).toBe(
    `Generated welcome for ${top40.slice(3, 6).join(', ')}.`,
  );
  expect((await generatorCalls()).filter((call) => call.data.listSize !== undefined)).toHaveLength(1);
  await context.close();
});
