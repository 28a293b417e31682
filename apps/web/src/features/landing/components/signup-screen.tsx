// The route table alone: the contracts' other modules are not the landing screen's to load.
import { SIGNUP_OUTCOME } from '@heavy-rotation/contracts/route-table';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { t } from '../../../i18n/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { canSubmitEmail, SIGNUP_SUBJECT, submitSignup } from '../submit-signup.ts';
import styles from './landing.module.css';
import form from './landing-form.module.css';
import { LandingFrame } from './landing-frame.tsx';
import { LazyInfoSheet } from './lazy-info-sheet.tsx';

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The signup screen (docs/product.md, "The waitlist form"): the waitlist form, its states, and the 'What is this?' sheet. */
export function SignupScreen() {
  // Back from a form the browser posted itself (no script, or before the app had taken over): the server
  // answered with this page and how it went (docs/product.md, "The waitlist form").
  const [params] = useSearchParams();
  const outcome = params.get(SIGNUP_OUTCOME.param);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>(
    outcome === SIGNUP_OUTCOME.thanks ? 'success' : outcome === SIGNUP_OUTCOME.error ? 'error' : 'idle',
  );
  const [sheetOpen, setSheetOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const submitting = status === 'submitting';
  // The form works before the app has taken the page over (a real form the server answers), so its
  // Submit is enabled in the page; from then on the rule applies to what is in the field.
  const hydrated = useHydrated();

  // Text typed before the app took the prerendered screen over is in the field, not in the first render
  // (which must match the page): the state takes it from the field (docs/architecture.md, "The first
  // frame").
  useLayoutEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed !== '') setEmail(typed);
  }, []);

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
        <LazyInfoSheet open={sheetOpen} onOpenChange={setSheetOpen} title={t('landing.signup.whatIsThis')}>
          <p>{t('landing.signup.sheetAbout')}</p>
          <p>{t('landing.signup.sheetLimited')}</p>
        </LazyInfoSheet>
      }
    >
      <form className={form.form} method="post" action="/" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="form-name" value="signup" />
        <input type="hidden" name="subject" value={SIGNUP_SUBJECT} />
        <label className={form.label} htmlFor="signup-email">
          {t('landing.signup.emailLabel')}
        </label>
        <input
          id="signup-email"
          className={form.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('landing.signup.emailPlaceholder')}
          ref={field}
          value={email}
          disabled={submitting}
          onChange={(e) => setEmail(e.target.value)}
        />
        <input className={form.honeypot} type="text" name="bot-field" tabIndex={-1} aria-hidden="true" />
        <button
          className={styles.primary}
          type="submit"
          disabled={hydrated && !canSubmitEmail(email, submitting)}
        >
          {submitting ? (
            <>
              <span className={form.spinner} aria-hidden="true" />
              {t('landing.signup.submitting')}
            </>
          ) : (
            t('landing.signup.submit')
          )}
        </button>
        {status === 'success' ? (
          <p className={styles.success} role="status">
            {t('landing.signup.thanks')}
          </p>
        ) : null}
        {status === 'error' ? (
          <p className={styles.error} role="alert">
            {t('common.error.failed')}
          </p>
        ) : null}
      </form>
      <button type="button" className={styles.textButton} onClick={() => setSheetOpen(true)}>
        {t('landing.signup.whatIsThis')}
      </button>
      <Link className={styles.secondaryLink} to="/login">
        {t('landing.signup.signIn')}
      </Link>
    </LandingFrame>
  );
}
