import { optedOutText, SMS_TEXTS } from '@heavy-rotation/contracts/constants';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { BackendError } from '../../../lib/backend.ts';
import { sheetErrorText } from '../gate-api.ts';
import { PhoneSheet } from './phone-sheet.tsx';

// jsdom lacks pointer capture, which the sheet's drag handling calls on every press.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(cleanup);

const refused = (status: number, text: string) => new BackendError('refused', status, text, text);

function renderSheet(
  onSend: (e164: string) => Promise<void>,
  onConfirm: (code: string) => Promise<void> = async () => undefined,
  resendAfterSeconds = 30,
) {
  const calls = { saved: 0, errors: [] as unknown[] };
  render(
    <PhoneSheet
      open
      onSendCode={async (e164) => {
        await onSend(e164);
        return { sentTo: '+1••••••0123', resendAfterSeconds };
      }}
      onConfirm={onConfirm}
      errorText={sheetErrorText}
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
    submit: () => screen.getByRole('button', { name: /Continue|Sending.../ }) as HTMLButtonElement,
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

test('a failed send reports the error and lets the user try again; then the code is asked for', async () => {
  let fail = true;
  const sent: string[] = [];
  const codes: string[] = [];
  const { user, input, consent, submit, calls } = renderSheet(
    async (e164) => {
      sent.push(e164);
      if (fail) throw new Error('nope');
    },
    async (code) => {
      codes.push(code);
      if (code !== '246810') throw refused(400, SMS_TEXTS.wrongCode);
    },
  );
  await user.type(input, '(201) 555-0123');
  await user.click(consent);
  await user.click(submit());
  expect(calls.errors).toHaveLength(1);
  expect(submit().textContent).toBe('Continue');
  fail = false;
  await user.click(submit());
  expect(sent).toEqual(['+12015550123', '+12015550123']);

  expect(screen.getByText(/We texted a 6-digit code to/).textContent).toBe(
    'We texted a 6-digit code to +1••••••0123.',
  );
  const code = screen.getByLabelText('Code');
  const confirm = () =>
    screen.getByRole('button', { name: /Confirm|Checking...|✓ Saved/ }) as HTMLButtonElement;
  await user.type(code, '12a345');
  expect((code as HTMLInputElement).value).toBe('12345');
  expect(confirm().disabled).toBe(true);
  await user.type(code, '6');
  await user.click(confirm());
  expect(screen.getByRole('alert').textContent).toBe(SMS_TEXTS.wrongCode);
  expect(calls.errors).toHaveLength(1);
  await user.clear(code);
  await user.type(code, '246810');
  await user.click(confirm());
  expect(confirm().textContent).toBe('✓ Saved');
  expect(confirm().disabled).toBe(true);
  expect(codes).toEqual(['123456', '246810']);
  // "Send a new code" waits 30 s.
  expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  expect(screen.queryByText(SMS_TEXTS.noCode)).toBeNull();
});

test('when a new code may be asked for, the sheet says how a number that once said STOP gets codes again', async () => {
  const { user, input, consent, submit } = renderSheet(async () => undefined, undefined, 0);
  await user.type(input, '(201) 555-0123');
  await user.click(consent);
  await user.click(submit());
  await screen.findByRole('button', { name: 'Send a new code' });
  expect(screen.getByText(SMS_TEXTS.noCode)).toBeTruthy();
});

test('a number that opted out is told so in place, with how to allow texts again', async () => {
  const text = optedOutText('+1 500 555 0006');
  const { user, input, consent, submit, calls } = renderSheet(async () => {
    throw refused(409, text);
  });
  await user.type(input, '(201) 555-0123');
  await user.click(consent);
  await user.click(submit());
  expect(screen.getByRole('alert').textContent).toBe(text);
  expect(calls.errors).toEqual([]);
  expect(screen.queryByLabelText('Code')).toBeNull();
});
