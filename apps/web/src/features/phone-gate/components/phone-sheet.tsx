import { CONSENT_TEXT } from '@heavy-rotation/contracts/constants';
import { checkPhone } from '@heavy-rotation/contracts/phone';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import styles from './phone-sheet.module.css';

export interface PhoneSheetProps {
  open: boolean;
  /** Saves the E.164 number; rejects with the error to show. */
  onSave: (e164: string) => Promise<void>;
  onSaved: () => void;
  onError: (error: unknown) => void;
  onClose?: () => void;
  /** "Not now": straight on without a number (consent is not a condition of using the app). */
  onSkip?: () => void;
}

/** 'Add your number to continue': phone, consent, submit; 'Saving...' then '✓ Saved' and on after 1 s. */
export function PhoneSheet({ open, onSave, onSaved, onError, onClose, onSkip }: PhoneSheetProps) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), error: useId(), consent: useId() };
  const check = checkPhone(phone);

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
    if (!check.ok) return setError(check.error);
    if (!consent || saving || saved) return;
    setSaving(true);
    try {
      await onSave(check.e164);
      setSaved(true);
    } catch (failure) {
      onError(failure);
    } finally {
      setSaving(false);
    }
  };

  const label = saved ? '✓ Saved' : saving ? 'Saving...' : 'Continue';
  return (
    <BottomSheet
      open={open}
      onOpenChange={(next) => !next && !saving && onClose?.()}
      dismissible={!saving && Boolean(onClose)}
      title="Add your number to continue"
      closeLabel={onClose ? 'Close' : undefined}
      closeDisabled={saving}
    >
      <p className={styles.lead}>
        Add a mobile number and we'll send the occasional message. It's up to you: the quiz is yours either
        way.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor={ids.input}>
          Phone number
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
          disabled={saving || saved}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => {
            setPhone(e.target.value);
            if (error) setError(null);
          }}
          onBlur={() => {
            if (phone.trim() && !check.ok) setError(check.error);
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
            disabled={saving || saved}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <span>{CONSENT_TEXT}</span>
        </label>
        <button
          type="submit"
          className={saved ? styles.saved : styles.submit}
          disabled={!check.ok || !consent || saving || saved}
        >
          {label}
        </button>
        {onSkip ? (
          <button type="button" className={styles.skip} disabled={saving || saved} onClick={onSkip}>
            Not now
          </button>
        ) : null}
      </form>
    </BottomSheet>
  );
}
