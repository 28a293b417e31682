import * as admin from '@heavy-rotation/contracts/admin';
import { useEffect, useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import { failureText, LoadProblem, type Notice, NoticeLine } from './admin-feedback.tsx';
import { when } from './admin-format.ts';

/** Feature flags, each a switch (docs/operator.md, "Flags"); every change is audited. */
export function FlagsPanel() {
  const flags = useServerQuery('/api/admin/flags', ({ signal }) =>
    callBackend('/api/admin/flags', admin.flagList, { signal }),
  );
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  // A switch shows the server's answer at once, until the list asked again arrives with it.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  useEffect(() => {
    if (flags.data) setSwitched({});
  }, [flags.data]);
  const flip = (flag: admin.FlagRow) => {
    setBusy(flag.key);
    callBackend(`/api/admin/flags/${flag.key}`, admin.flagReply, {
      method: 'PUT',
      body: { enabled: !flag.enabled },
    }).then(
      ({ enabled }) => {
        setBusy(undefined);
        setSwitched((s) => ({ ...s, [flag.key]: enabled }));
        setNotice({
          text: `${flag.key} is now ${enabled ? 'on' : 'off'}. Every server sees it within 5 seconds.`,
          bad: false,
        });
        flags.reload();
      },
      (e: unknown) => {
        setBusy(undefined);
        setNotice({ text: failureText(e, 'The flag was not changed'), bad: true });
      },
    );
  };
  return (
    <section aria-labelledby="flags-title" className={styles.panel}>
      <h2 id="flags-title">Flags</h2>
      <NoticeLine notice={notice} />
      {flags.error && !flags.data ? <LoadProblem error={flags.error} retry={flags.reload} /> : null}
      <ul className={styles.cards}>
        {flags.data?.flags
          .map(({ enabled: stored, ...rest }) => ({ ...rest, enabled: switched[rest.key] ?? stored }))
          .map((flag) => (
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
                  className={flag.enabled ? controls.switchOn : controls.switch}
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
