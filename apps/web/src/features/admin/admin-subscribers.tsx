import * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import styles from './admin.module.css';
import { AdminError, adminCall } from './admin-api.ts';
import { LoadProblem, type Notice, NoticeLine } from './admin-feedback.tsx';
import { count, describeRemoved, when } from './admin-format.ts';
import { Pager } from './admin-pager.tsx';
import { useAdminQuery, useSettledSearch } from './admin-use-query.ts';

/**
 * Listeners with a phone number (docs/operator.md, "Subscribers"): numbers masked until revealed (an
 * audited action), consent records, STOP status, the CSV of numbers that may be messaged, erasure.
 */
export function SubscribersPanel({ onUnauthorised }: { onUnauthorised: () => void }) {
  const [page, setPage] = useState(1);
  // Searching waits for a pause in typing, then starts from the first page.
  const [typed, setTyped, q] = useSettledSearch(() => setPage(1));
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string>();
  const [notice, setNotice] = useState<Notice>();
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  const list = useAdminQuery(`/subscribers?${params}`, admin.subscribersPage, onUnauthorised);

  const failed = (e: unknown, what: string) => {
    if (e instanceof AdminError && e.status === 401) onUnauthorised();
    setNotice({ text: `${what}: ${e instanceof Error ? e.message : 'something went wrong'}`, bad: true });
  };
  const reveal = (id: string) =>
    adminCall(`/subscribers/${encodeURIComponent(id)}/reveal`, admin.revealReply, { method: 'POST' }).then(
      ({ phone }) => setRevealed((r) => ({ ...r, [id]: phone })),
      (e: unknown) => failed(e, 'Not revealed'),
    );
  const erase = (row: admin.SubscriberRow) =>
    adminCall(`/subscribers/${encodeURIComponent(row.id)}`, admin.erasureReply, { method: 'DELETE' }).then(
      ({ removed }) => {
        setConfirming(undefined);
        setNotice({
          text: `${row.displayName ?? row.id} was erased. ${describeRemoved(removed)}`,
          bad: false,
        });
        list.reload();
      },
      (e: unknown) => failed(e, 'Not erased'),
    );

  const rows = list.data?.rows ?? [];
  return (
    <section aria-labelledby="subscribers-title" className={styles.panel}>
      <h2 id="subscribers-title">Subscribers</h2>
      <p className={styles.muted}>
        Listeners who gave a phone number. Numbers stay masked; revealing one is written to the audit log.
      </p>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span>Search by name or listener id</span>
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} />
        </label>
      </div>
      <div className={styles.actions}>
        {/* A POST the browser sends only from this page: no other site, image or link can start an export. */}
        <form method="post" action="/api/admin/subscribers.csv">
          <button type="submit" className={styles.button}>
            Export numbers that may be messaged (CSV)
          </button>
        </form>
      </div>
      <NoticeLine notice={notice} />
      {list.error && !list.data ? <LoadProblem error={list.error} retry={list.reload} /> : null}
      {list.data && rows.length === 0 ? (
        <p className={styles.empty}>
          {q ? 'No subscriber matches.' : 'No listener has given a phone number yet.'}
        </p>
      ) : null}
      <ul className={styles.cards} aria-busy={list.loading}>
        {rows.map((row) => {
          const name = row.displayName ?? 'No name';
          return (
            <li key={row.id} className={styles.card}>
              <div className={styles.rowHead}>
                <div>
                  <h3 className={styles.cardTitle}>{name}</h3>
                  <p className={styles.small}>Listener {row.id}</p>
                </div>
                <span className={`${styles.badge} ${row.suppressed ? styles.stopped : styles.joined}`}>
                  {row.suppressed ? 'STOP: never message' : 'May be messaged'}
                </span>
              </div>
              <p className={styles.phoneLine}>
                <span className={styles.phone}>{revealed[row.id] ?? row.phoneMasked}</span>
                {revealed[row.id] ? null : (
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={`Reveal the number of ${name}`}
                    onClick={() => reveal(row.id)}
                  >
                    Reveal
                  </button>
                )}
              </p>
              <details className={styles.details}>
                <summary>{count(row.consents.length, 'consent record')}</summary>
                <ul className={styles.consents}>
                  {row.consents.map((c) => (
                    <li key={`${c.createdAt}-${c.version}`}>
                      <p>“{c.text}”</p>
                      <dl className={styles.facts}>
                        <dt>Version</dt>
                        <dd>{c.version}</dd>
                        <dt>When</dt>
                        <dd>{when(c.createdAt)}</dd>
                        <dt>Where</dt>
                        <dd>{c.source}</dd>
                        <dt>Browser</dt>
                        <dd>{c.userAgent ?? 'unknown'}</dd>
                        <dt>Confirmed</dt>
                        <dd>
                          {c.confirmedBy === 'sms-code'
                            ? 'By the texted code'
                            : 'Not confirmed (before codes)'}
                        </dd>
                        {c.codeSentAt ? (
                          <>
                            <dt>Code texted</dt>
                            <dd>{when(c.codeSentAt)}</dd>
                          </>
                        ) : null}
                        {c.codeMessageSid ? (
                          <>
                            <dt>Text id</dt>
                            <dd>{c.codeMessageSid}</dd>
                          </>
                        ) : null}
                        {c.confirmedAt ? (
                          <>
                            <dt>Code came back</dt>
                            <dd>{when(c.confirmedAt)}</dd>
                          </>
                        ) : null}
                      </dl>
                    </li>
                  ))}
                </ul>
              </details>
              {confirming === row.id ? (
                <div className={styles.confirm}>
                  <p>
                    Erase {name}? Their profile, number, consent records, sessions, saved list, challenge
                    links, waitlist signups and mail to them go for good. A STOP on the number stays, kept
                    only as a keyed hash.
                  </p>
                  <div className={styles.actions}>
                    <button type="button" className={styles.danger} onClick={() => erase(row)}>
                      Erase for good
                    </button>
                    <button type="button" className={styles.button} onClick={() => setConfirming(undefined)}>
                      Cancel
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className={styles.linkDanger} onClick={() => setConfirming(row.id)}>
                  Erase on request…
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {list.data ? (
        <div className={styles.footer}>
          <span>{count(list.data.total, 'subscriber')}</span>
          <Pager page={page} size={25} total={list.data.total} onPage={setPage} label="Subscribers" />
        </div>
      ) : null}
    </section>
  );
}
