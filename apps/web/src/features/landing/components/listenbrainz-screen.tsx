import { listenbrainzSignIn } from '@heavy-rotation/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { withParts } from '../../../components/ui/with-parts.tsx';
import { loadedConfig } from '../../../config/app-config.ts';
import { t } from '../../../i18n/i18n.ts';
import { callBackend } from '../../../lib/backend.ts';
import { type FailureWords, failureText } from '../../../lib/failure-text.ts';
import { saveSourceSession } from '../../../lib/source-session.ts';
import styles from './landing.module.css';
import form from './landing-form.module.css';
import { LandingFrame } from './landing-frame.tsx';

/**
 * The sign-in's failures by the server's code (apps/server/src/sources/errors.ts): a token ListenBrainz
 * refused is `signed-out`, anything the listener cannot act on is the fallback.
 */
const SIGN_IN_FAILURES = {
  codes: {
    'signed-out': 'landing.listenbrainz.tokenRefused',
    'rate-limited': 'landing.listenbrainz.rateLimited',
    unavailable: 'landing.listenbrainz.unavailable',
  },
  offline: 'landing.listenbrainz.unreachable',
  fallback: 'landing.listenbrainz.unreachable',
} satisfies FailureWords;

/** ListenBrainz sign-in: the listener pastes their user token; the server checks and keeps it. */
export function ListenbrainzScreen() {
  const [, navigate] = useLocation();
  const ids = { input: useId(), error: useId(), hint: useId() };
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settingsUrl = loadedConfig()?.listenbrainzSettingsUrl ?? 'https://listenbrainz.org/settings/';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = listenbrainzSignIn.safeParse({ token });
    if (!checked.success) return setError(t('landing.listenbrainz.tokenFirst'));
    setBusy(true);
    setError(null);
    try {
      const session = await callBackend('/auth/listenbrainz/session', 'sourceSessionReply', {
        body: checked.data,
      });
      saveSourceSession(session);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failureText(failure, SIGN_IN_FAILURES));
      setBusy(false);
    }
  };

  return (
    <LandingFrame startDelayMs={1000}>
      <h1 className={styles.pitch}>{t('landing.sources.listenbrainz')}</h1>
      <form className={form.form} onSubmit={submit} noValidate>
        <label className={form.label} htmlFor={ids.input}>
          {t('landing.listenbrainz.tokenLabel')}
        </label>
        <input
          id={ids.input}
          className={form.input}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={(e) => {
            setToken(e.target.value);
            if (error) setError(null);
          }}
        />
        <p id={ids.hint} className={form.hint}>
          {withParts('landing.listenbrainz.hint', {
            settings: (
              <a href={settingsUrl} target="_blank" rel="noopener noreferrer">
                {t('landing.listenbrainz.settingsPage')}
              </a>
            ),
          })}
        </p>
        {error ? (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.primary} disabled={busy || token.trim() === ''}>
          {busy ? t('landing.listenbrainz.checking') : t('common.continue')}
        </button>
      </form>
      <Link className={styles.secondaryLink} to="/login">
        {t('landing.backToOptions')}
      </Link>
    </LandingFrame>
  );
}
