import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { PhoneSheet } from './phone-sheet.tsx';

// jsdom lacks pointer capture, which the sheet's drag handling calls on every press.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(cleanup);

function renderSheet(onSave: (e164: string) => Promise<void>) {
  const calls = { saved: 0, errors: [] as unknown[] };
  render(
    <PhoneSheet
      open
      onSave={onSave}
      onSaved={() => calls.saved++}
      onError={(error) => calls.errors.push(error)}
      onClose={() => undefined}
    />,
  );
  return {
    calls,
    user: userEvent.setup(),
    input: screen.getByLabelText('Phone number'),
    consent: screen.getByRole('checkbox'),
    submit: () => screen.getByRole('button', { name: /Continue|Saving...|✓ Saved/ }) as HTMLButtonElement,
  };
}

test('submit needs a valid number and consent', async () => {
  const { user, input, consent, submit } = renderSheet(async () => undefined);
  expect(submit().disabled).toBe(true);
  await user.type(input, '2015550123');
  expect(submit().disabled).toBe(true);
  await user.click(consent);
  expect(submit().disabled).toBe(false);
  await user.clear(input);
  await user.type(input, '12');
  expect(submit().disabled).toBe(true);
});

test('blur validates a non-empty number and typing clears the error', async () => {
  const { user, input } = renderSheet(async () => undefined);
  await user.click(input);
  await user.tab();
  expect(screen.queryByRole('alert')).toBeNull();
  await user.type(input, 'abc');
  await user.tab();
  expect(screen.getByRole('alert').textContent).toBe('Invalid phone number format');
  await user.type(input, '1');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a failed save reports the error and lets the user try again; a good one says Saved', async () => {
  let fail = true;
  const sent: string[] = [];
  const { user, input, consent, submit, calls } = renderSheet(async (e164) => {
    sent.push(e164);
    if (fail) throw new Error('nope');
  });
  await user.type(input, '(201) 555-0123');
  await user.click(consent);
  await user.click(submit());
  expect(calls.errors).toHaveLength(1);
  expect(submit().textContent).toBe('Continue');
  fail = false;
  await user.click(submit());
  expect(submit().textContent).toBe('✓ Saved');
  expect(submit().disabled).toBe(true);
  expect(sent).toEqual(['+12015550123', '+12015550123']);
});
