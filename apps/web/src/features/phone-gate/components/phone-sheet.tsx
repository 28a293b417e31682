import { CONSENTS } from '@heavy-rotation/contracts/constants';
import { DEFAULT_LANGUAGE, isLanguage } from '@heavy-rotation/contracts/languages';
import { checkPhone, type PhoneProblem } from '@heavy-rotation/contracts/phone';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { activeLanguage, t } from '../../../i18n/i18n.ts';
import type { CodeSent, ShownConsent } from '../gate-api.ts';
import { CodeStep } from './code-step.tsx';
import styles from './phone-sheet.module.css';

export interface PhoneSheetProps {
  open: boolean;
  /** Asks for a code to be texted to the E.164 number, with the consent shown; rejects with the error to show. */
  onSendCode: (e164: string, consent: ShownConsent) => Promise<CodeSent>;
  /** Sends back the code; rejects with the error to show. */
  onConfirm: (code: string) => Promise<void>;
  onSaved: () => void;
  /** Errors the sheet does not show in place (a toast tells them). */
  onError: (error: unknown) => void;
  /** A refusal to show in place under the field, or null. */
  errorText: (error: unknown) => string | null;
  onClose?: () => void;
  /** "Not now": straight on without a number (consent is not a condition of using the app). */
  onSkip?: () => void;
}

type Sent = CodeSent & { e164: string; at: number };

const PHONE_PROBLEMS = {
  required: () => t('phone.phoneRequired'),
  invalid: () => t('phone.phoneInvalid'),
  format: () => t('phone.phoneFormat'),
} satisfies Record<PhoneProblem, () => string>;

/**
 * The consent words in the page's language, with their version (docs/languages.md, "Consent texts"); the
 * pseudo-language has no words of its own and shows the English ones.
 */
function consentOfPage(): ShownConsent & { text: string } {
  const page = activeLanguage();
  const language = isLanguage(page) ? page : DEFAULT_LANGUAGE;
  return { language, ...CONSENTS[language] };
}

/**
 * 'Add your number to continue': phone, consent, submit, which texts a code; then the code, 'Confirm',
 * '✓ Saved' and on after 1 s (docs/product.md, "The phone gate and consent").
 */
export function PhoneSheet(props: PhoneSheetProps) {
  const { open, onSendCode, onSaved, onError, errorText, onClose, onSkip } = props;
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId(), consent: useId() };
  const check = checkPhone(phone);
  const consentShown = consentOfPage();
  const shown = { language: consentShown.language, version: consentShown.version };

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => inputRef.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onSaved, 1000);
    return () => clearTimeout(timer);
  }, [saved, onSaved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok) return setError(PHONE_PROBLEMS[check.problem]());
    if (!consent || saving) return;
    setSaving(true);
    try {
      setSent({ ...(await onSendCode(check.e164, shown)), e164: check.e164, at: Date.now() });
    } catch (failure) {
      const text = errorText(failure);
      if (text) setError(text);
      else onError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => !next && !saving && onClose?.()}
      dismissible={!saving && Boolean(onClose)}
      title={t('phone.title')}
      closeLabel={onClose ? t('common.close') : undefined}
      closeDisabled={saving}
    >
      {sent ? (
        <CodeStep
          sentTo={sent.sentTo}
          resendAfterSeconds={sent.resendAfterSeconds}
          sentAt={sent.at}
          onConfirm={async (code) => {
            await props.onConfirm(code);
            setSaved(true);
          }}
          onResend={async () => {
            setSent({ ...(await onSendCode(sent.e164, shown)), e164: sent.e164, at: Date.now() });
          }}
          errorText={errorText}
          onError={onError}
          saved={saved}
          onSkip={onSkip}
        />
      ) : (
        <>
          <p className={styles.lead}>{t('phone.lead')}</p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <label className={styles.label} htmlFor={ids.input}>
              {t('phone.numberLabel')}
            </label>
            <input
              ref={inputRef}
              id={ids.input}
              className={styles.input}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(555) 123-4567"
              value={phone}
              disabled={saving}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
                if (error) setError(null);
              }}
              onBlur={() => {
                if (phone.trim() && !check.ok) setError(PHONE_PROBLEMS[check.problem]());
              }}
            />
            {error ? (
              <p id={ids.error} className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
            <label className={styles.consent} htmlFor={ids.consent}>
              <input
                id={ids.consent}
                type="checkbox"
                className={styles.checkbox}
                checked={consent}
                disabled={saving}
                onChange={(e) => setConsent(e.target.checked)}
              />
              <span>{consentShown.text}</span>
            </label>
            <button type="submit" className={styles.submit} disabled={!check.ok || !consent || saving}>
              {saving ? t('phone.sending') : t('common.continue')}
            </button>
            {onSkip ? (
              <button type="button" className={styles.skip} disabled={saving} onClick={onSkip}>
                {t('phone.notNow')}
              </button>
            ) : null}
          </form>
        </>
      )}
    </BottomSheet>
  );
}
