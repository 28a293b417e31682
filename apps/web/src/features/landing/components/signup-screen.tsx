import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { canSubmitEmail, submitSignup } from '../submit-signup.ts';
import styles from './landing.module.css';
import { LandingFrame } from './landing-frame.tsx';
import { LazyInfoSheet } from './lazy-info-sheet.tsx';

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The signup screen (docs/product.md, "The waitlist form"): the waitlist form, its states, and the 'What is this?' sheet. */
export function SignupScreen() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [sheetOpen, setSheetOpen] = useState(false);
  const submitting = status === 'submitting';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitEmail(email, submitting)) return;
    setStatus('submitting');
    const ok = await submitSignup(email);
    setStatus(ok ? 'success' : 'error');
    if (ok) setEmail('');
  }

  return (
    <LandingFrame
      startDelayMs={1000}
      after={
        <LazyInfoSheet open={sheetOpen} onOpenChange={setSheetOpen} title="What is this?">
          <p>
            Heavy Rotation shows you your top 40 Spotify artists of the last four weeks. Most of them start
            locked: guess them in a quick quiz to unlock your whole list.
          </p>
          <p>
            Spotify lets a new app admit only a few listeners at first, so signups are limited. Leave the
            email of your Spotify account and we'll send you a link when a place opens up.
          </p>
        </LazyInfoSheet>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label className={styles.label} htmlFor="signup-email">
          Enter your Spotify account email to get access:
        </label>
        <input
          id="signup-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your Spotify email address"
          value={email}
          disabled={submitting}
          onChange={(e) => setEmail(e.target.value)}
        />
        <input className={styles.honeypot} type="text" name="bot-field" tabIndex={-1} aria-hidden="true" />
        <button className={styles.primary} type="submit" disabled={!canSubmitEmail(email, submitting)}>
          {submitting ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              Submitting...
            </>
          ) : (
            'Submit'
          )}
        </button>
        {status === 'success' ? (
          <p className={styles.success} role="status">
            Thank you for signing up!
          </p>
        ) : null}
        {status === 'error' ? (
          <p className={styles.error} role="alert">
            Something went wrong. Please try again.
          </p>
        ) : null}
      </form>
      <button type="button" className={styles.textButton} onClick={() => setSheetOpen(true)}>
        What is this?
      </button>
      <Link className={styles.secondaryLink} to="/login">
        Already have access? Sign in
      </Link>
    </LandingFrame>
  );
}
