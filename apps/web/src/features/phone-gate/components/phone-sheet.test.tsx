import { CONSENTS } from '@heavy-rotation/contracts/constants';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { BackendError } from '../../../lib/backend.ts';
import { type ShownConsent, sheetErrorText } from '../gate-api.ts';
import { PhoneSheet } from './phone-sheet.tsx';

// jsdom lacks pointer capture, which the sheet's drag handling calls on every press.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(async () => {
  cleanup();
  await loadLanguage('en');
});

// The server's words, as it says them in English (apps/server/src/sms/locales/en.json).
const WRONG_CODE = "That code didn't match. Try again.";
const NO_CODE =
  'No text? If you once replied STOP to our texts, reply START to them first, then send a new code.';

const refused = (status: number, text: string) => new BackendError('refused', status, text, text);

function renderSheet(
  onSend: (e164: string, consent: ShownConsent) => Promise<void>,
  onConfirm: (code: string) => Promise<void> = async () => undefined,
  resendAfterSeconds = 30,
) {
  const calls = { saved: 0, errors: [] as unknown[] };
  render(
    <PhoneSheet
      open
      onSendCode={async (e164, consent) => {
        await onSend(e164, consent);
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
      if (code !== '246810') throw refused(400, WRONG_CODE);
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
  expect(screen.getByRole('alert').textContent).toBe(WRONG_CODE);
  expect(calls.errors).toHaveLength(1);
  await user.clear(code);
  await user.type(code, '246810');
  await user.click(confirm());
  expect(confirm().textContent).toBe('✓ Saved');
  expect(confirm().disabled).toBe(true);
  expect(codes).toEqual(['123456', '246810']);
  // "Send a new code" waits 30 s.
  expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
  expect(screen.queryByText(NO_CODE)).toBeNull();
});

test('when a new code may be asked for, the sheet says how a number that once said STOP gets codes again', async () => {
  const { user, input, consent, submit } = renderSheet(async () => undefined, undefined, 0);
  await user.type(input, '(201) 555-0123');
  await user.click(consent);
  await user.click(submit());
  await screen.findByRole('button', { name: 'Send a new code' });
  expect(screen.getByText(NO_CODE)).toBeTruthy();
});

test('a number that opted out is told so in place, with how to allow texts again', async () => {
  const text = 'This number has opted out of our texts. Text START to +1 500 555 0006 to allow them again.';
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

test('the sheet shows the consent in the page language and sends its version and language', async () => {
  renderSheet(async () => undefined);
  expect(screen.getByText(CONSENTS.en.text)).toBeTruthy();
  cleanup();

  await loadLanguage('de');
  const shown: ShownConsent[] = [];
  render(
    <PhoneSheet
      open
      onSendCode={async (_e164, consent) => {
        shown.push(consent);
        return { sentTo: '+1••••••0123', resendAfterSeconds: 30 };
      }}
      onConfirm={async () => undefined}
      errorText={sheetErrorText}
      onSaved={() => undefined}
      onError={() => undefined}
    />,
  );
  const user = userEvent.setup();
  expect(screen.getByText('Gib deine Nummer ein, um weiterzumachen')).toBeTruthy();
  expect(screen.getByText(CONSENTS.de.text)).toBeTruthy();
  const input = screen.getByLabelText('Telefonnummer');
  await user.type(input, 'abc');
  await user.tab();
  expect(screen.getByRole('alert').textContent).toBe('Ungültiges Nummernformat');
  await user.clear(input);
  await user.type(input, '(201) 555-0123');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(shown).toEqual([{ language: 'de', version: CONSENTS.de.version }]);
  expect(screen.getByText(/Wir haben einen 6-stelligen Code/).textContent).toBe(
    'Wir haben einen 6-stelligen Code an +1••••••0123 geschickt.',
  );
});
