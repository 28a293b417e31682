import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import styles from './phone-sheet.module.css';

/** Where the masked number goes in the sentence: a character no translation holds. */
const SLOT = '\u{E000}';

export interface CodeStepProps {
  /** The number the code went to, masked. */
  sentTo: string;
  /** Seconds before "Send a new code" appears. */
  resendAfterSeconds: number;
  /** Changes whenever a new code is sent, so the wait starts again. */
  sentAt: number;
  /** Confirms the code; rejects with the error to show. */
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  /** A refusal to show in place, or null for one the toast tells. */
  errorText: (error: unknown) => string | null;
  onError: (error: unknown) => void;
  saved: boolean;
  onSkip?: (() => void) | undefined;
}

/** The second step: the 6-digit code texted to the number; 'Confirm', then '✓ Saved'. */
export function CodeStep(props: CodeStepProps) {
  const { sentTo, resendAfterSeconds, sentAt, saved } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [canResend, setCanResend] = useState(false);
  const [resent, setResent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), lead: useId(), error: useId() };
  const complete = /^\d{6}$/.test(code);

  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    setCanResend(false);
    const timer = setTimeout(() => setCanResend(true), resendAfterSeconds * 1000 - (Date.now() - sentAt));
    return () => clearTimeout(timer);
  }, [resendAfterSeconds, sentAt]);

  const fail = (failure: unknown) => {
    const text = props.errorText(failure);
    if (text) setError(text);
    else props.onError(failure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy || saved) return;
    setBusy(true);
    setResent(false);
    try {
      await props.onConfirm(code);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onResend();
      setCode('');
      setResent(true);
      inputRef.current?.focus();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const label = saved ? t('phone.saved') : busy ? t('phone.checking') : t('phone.confirm');
  // The number stands in a <strong> wherever the language puts it in the sentence.
  const [before, after = ''] = t('phone.codeSentTo', { number: SLOT }).split(SLOT);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p id={ids.lead} className={styles.sentTo}>
        {before}
        <strong className={styles.number}>{sentTo}</strong>
        {after}
      </p>
      <label className={styles.label} htmlFor={ids.input}>
        {t('phone.codeLabel')}
      </label>
      <input
        ref={inputRef}
        id={ids.input}
        className={`${styles.input} ${styles.code}`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        placeholder="123456"
        value={code}
        disabled={busy || saved}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.lead} ${ids.error}` : ids.lead}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
          if (error) setError(null);
        }}
      />
      {error ? (
        <p id={ids.error} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <p className={styles.status} role="status">
        {resent && !error ? t('phone.resent') : ''}
      </p>
      <button
        type="submit"
        className={saved ? styles.saved : styles.submit}
        disabled={!complete || busy || saved}
      >
        {label}
      </button>
      {canResend && !saved ? (
        <>
          <button type="button" className={styles.resend} disabled={busy} onClick={() => void resend()}>
            {t('phone.sendNewCode')}
          </button>
          <p className={styles.status}>{t('phone.noCode')}</p>
        </>
      ) : null}
      {props.onSkip ? (
        <button type="button" className={styles.skip} disabled={busy || saved} onClick={props.onSkip}>
          {t('phone.notNow')}
        </button>
      ) : null}
    </form>
  );
}
