import * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import styles from './admin.module.css';
import { AdminError, adminCall } from './admin-api.ts';
import { when } from './admin-format.ts';
import { useAdminQuery } from './admin-use-query.ts';

/** Feature flags, each a switch (docs/operator.md, "Flags"); every change is audited. */
export function FlagsPanel({ onUnauthorised }: { onUnauthorised: () => void }) {
  const flags = useAdminQuery('/flags', admin.flagList, onUnauthorised);
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<{ text: string; bad: boolean }>();
  const flip = (flag: admin.FlagRow) => {
    setBusy(flag.key);
    adminCall(`/flags/${flag.key}`, admin.flagReply, {
      method: 'PUT',
      body: { enabled: !flag.enabled },
    }).then(
      ({ enabled }) => {
        setBusy(undefined);
        setNotice({
          text: `${flag.key} is now ${enabled ? 'on' : 'off'}. Every server sees it within 5 seconds.`,
          bad: false,
        });
        flags.reload();
      },
      (e: unknown) => {
        setBusy(undefined);
        if (e instanceof AdminError && e.status === 401) onUnauthorised();
        setNotice({ text: e instanceof Error ? e.message : 'The flag was not changed', bad: true });
      },
    );
  };
  return (
    <section aria-labelledby="flags-title" className={styles.panel}>
      <h2 id="flags-title">Flags</h2>
      <p role="status" className={notice?.bad ? styles.error : styles.success}>
        {notice?.text}
      </p>
      {flags.error && !flags.data ? (
        <div className={styles.problem} role="alert">
          <p>{flags.error.message}</p>
          <button type="button" className={styles.button} onClick={flags.reload}>
            Try again
          </button>
        </div>
      ) : null}
      <ul className={styles.cards}>
        {flags.data?.flags.map((flag) => (
          <li key={flag.key} className={styles.card}>
            <div className={styles.rowHead}>
              <div>
                <h3 className={styles.cardTitle}>
                  <code>{flag.key}</code>
                </h3>
                <p className={styles.small}>{flag.description}</p>
                <p className={styles.small}>
                  {flag.updatedAt ? `Changed ${when(flag.updatedAt)}` : 'Never changed: the default'}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={flag.enabled}
                aria-label={flag.key}
                className={flag.enabled ? styles.switchOn : styles.switch}
                disabled={busy === flag.key}
                onClick={() => flip(flag)}
              >
                <span aria-hidden="true">{flag.enabled ? 'On' : 'Off'}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
