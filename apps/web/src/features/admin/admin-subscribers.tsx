import * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import { failureText, LoadProblem, type Notice, NoticeLine } from './admin-feedback.tsx';
import { count, describeRemoved } from './admin-format.ts';
import { Pager } from './admin-pager.tsx';
import { useSettledSearch } from './admin-search.ts';
import { SubscriberCard } from './admin-subscriber-card.tsx';

const subscriber = (id: string, rest = '') => `/api/admin/subscribers/${encodeURIComponent(id)}${rest}`;

/**
 * Listeners with a phone number (docs/operator.md, "Subscribers"): numbers masked until revealed (an
 * audited action), consent records, STOP status, the CSV of numbers that may be messaged, erasure.
 */
export function SubscribersPanel() {
  const [page, setPage] = useState(1);
  // Searching waits for a pause in typing, then starts from the first page.
  const [typed, setTyped, q] = useSettledSearch(() => setPage(1));
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>();
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set('q', q);
  const path = `/api/admin/subscribers?${params}`;
  const list = useServerQuery(path, ({ signal }) => callBackend(path, admin.subscribersPage, { signal }));

  const failed = (e: unknown, what: string) =>
    setNotice({ text: `${what}: ${failureText(e, 'something went wrong')}`, bad: true });
  const reveal = (id: string) =>
    callBackend(subscriber(id, '/reveal'), admin.revealReply, { method: 'POST' }).then(
      ({ phone }) => setRevealed((r) => ({ ...r, [id]: phone })),
      (e: unknown) => failed(e, 'Not revealed'),
    );
  const erase = (row: admin.SubscriberRow) =>
    callBackend(subscriber(row.id), admin.erasureReply, { method: 'DELETE' }).then(
      ({ removed }) => {
        const text = `${row.displayName ?? row.id} was erased. ${describeRemoved(removed)}`;
        setNotice({ text, bad: false });
        list.reload();
        return true;
      },
      (e: unknown) => {
        failed(e, 'Not erased');
        return false;
      },
    );

  const rows = list.data?.rows ?? [];
  return (
    <section aria-labelledby="subscribers-title" className={styles.panel}>
      <h2 id="subscribers-title">Subscribers</h2>
      <p className={styles.muted}>
        Listeners who gave a phone number. Numbers stay masked; revealing one is written to the audit log.
      </p>
      <div className={controls.toolbar}>
        <label className={controls.field}>
          <span>Search by name or listener id</span>
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} />
        </label>
      </div>
      <div className={styles.actions}>
        {/* A POST the browser sends only from this page: no other site, image or link can start an export. */}
        <form method="post" action="/api/admin/subscribers.csv">
          <button type="submit" className={controls.button}>
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
        {rows.map((row) => (
          <SubscriberCard
            key={row.id}
            row={row}
            phone={revealed[row.id]}
            onReveal={() => reveal(row.id)}
            onErase={() => erase(row)}
          />
        ))}
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
