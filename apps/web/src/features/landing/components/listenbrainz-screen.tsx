import { listenbrainzSignIn } from '@heavy-rotation/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadedConfig } from '../../../config/app-config.ts';
import { BackendError, callBackend } from '../../../lib/backend.ts';
import { saveSourceSession } from '../../../lib/source-session.ts';
import styles from './landing.module.css';
import form from './landing-form.module.css';
import { LandingFrame } from './landing-frame.tsx';

/** ListenBrainz sign-in: the listener pastes their user token; the server checks and keeps it. */
export function ListenbrainzScreen() {
  const navigate = useNavigate();
  const ids = { input: useId(), error: useId(), hint: useId() };
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settingsUrl = loadedConfig()?.listenbrainzSettingsUrl ?? 'https://listenbrainz.org/settings/';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = listenbrainzSignIn.safeParse({ token });
    if (!checked.success) return setError('Paste your ListenBrainz user token first.');
    setBusy(true);
    setError(null);
    try {
      const session = await callBackend('/auth/listenbrainz/session', 'sourceSessionReply', {
        body: checked.data,
      });
      saveSourceSession(session);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(
        failure instanceof BackendError && failure.serverText
          ? failure.serverText
          : 'ListenBrainz could not be reached. Please try again.',
      );
      setBusy(false);
    }
  };

  return (
    <LandingFrame startDelayMs={1000}>
      <h1 className={styles.pitch}>Continue with ListenBrainz</h1>
      <form className={form.form} onSubmit={submit} noValidate>
        <label className={form.label} htmlFor={ids.input}>
          ListenBrainz user token
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
          Find it on your{' '}
          <a href={settingsUrl} target="_blank" rel="noopener noreferrer">
            ListenBrainz settings page
          </a>{' '}
          under "User token". It stays on our server and is only used to read your top artists.
        </p>
        {error ? (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className={styles.primary} disabled={busy || token.trim() === ''}>
          {busy ? 'Checking...' : 'Continue'}
        </button>
      </form>
      <Link className={styles.secondaryLink} to="/login">
        Back to sign-in options
      </Link>
    </LandingFrame>
  );
}
