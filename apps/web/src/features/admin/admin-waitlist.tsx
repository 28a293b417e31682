import * as admin from '@heavy-rotation/contracts/admin';
import { useEffect, useReducer } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import { AllowList } from './admin-allow-list.tsx';
import data from './admin-data.module.css';
import { LoadProblem } from './admin-feedback.tsx';
import { count } from './admin-format.ts';
import { Outbox } from './admin-outbox.tsx';
import { Pager } from './admin-pager.tsx';
import { useSettledSearch } from './admin-search.ts';
import { WaitlistActions } from './admin-waitlist-actions.tsx';
import { WaitlistFilters } from './admin-waitlist-filters.tsx';
import { WaitlistTable } from './admin-waitlist-table.tsx';
import { FIRST_VIEW, waitlistPath, waitlistReducer } from './admin-waitlist-view.ts';

/** The waitlist (docs/operator.md, "Waitlist"): search, sort, pages, invite by email, CSV, the outbox. */
export function WaitlistPanel() {
  const [view, dispatch] = useReducer(waitlistReducer, FIRST_VIEW);
  // Searching waits for a pause in typing, then starts from the first page.
  const [typed, setTyped, q] = useSettledSearch(() => dispatch({ type: 'page', page: 1 }));
  const path = waitlistPath(view, q);
  const list = useServerQuery(path, ({ signal }) => callBackend(path, admin.waitlistPage, { signal }));
  const outbox = useServerQuery('/api/admin/outbox', ({ signal }) =>
    callBackend('/api/admin/outbox', admin.outboxPage, { signal }),
  );
  const rows = list.data?.rows ?? [];

  // While an email of a shown row is on its way, look again every two seconds.
  const pending = rows.some((r) => r.mail && (r.mail.status === 'queued' || r.mail.status === 'sending'));
  const { reload: reloadList } = list;
  const { reload: reloadOutbox } = outbox;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      reloadList();
      reloadOutbox();
    }, 2000);
    return () => clearInterval(timer);
  }, [pending, reloadList, reloadOutbox]);

  return (
    <section aria-labelledby="waitlist-title" className={styles.panel}>
      <h2 id="waitlist-title">Waitlist</h2>
      {list.data ? <AllowList allow={list.data.allowList} /> : null}
      <WaitlistFilters
        view={view}
        dispatch={dispatch}
        typed={typed}
        onType={setTyped}
        counts={list.data?.counts}
      />
      <WaitlistActions
        selected={view.selected}
        dispatch={dispatch}
        changed={() => {
          reloadList();
          reloadOutbox();
        }}
      />
      {list.error && !list.data ? (
        <LoadProblem error={list.error} retry={reloadList} />
      ) : (
        <div className={data.tableWrap} aria-busy={list.loading}>
          <WaitlistTable rows={rows} view={view} dispatch={dispatch} />
          {list.data && rows.length === 0 ? (
            <p className={styles.empty}>
              {q || view.status ? 'No signup matches.' : 'Nobody has signed up yet.'}
            </p>
          ) : null}
          {!list.data && list.loading ? <p className={styles.muted}>Loading signups…</p> : null}
        </div>
      )}
      {list.data ? (
        <div className={styles.footer}>
          <span>{count(list.data.total, 'signup')}</span>
          <Pager
            page={view.page}
            size={view.size}
            total={list.data.total}
            onPage={(page) => dispatch({ type: 'page', page })}
            label="Waitlist"
          />
        </div>
      ) : null}
      <Outbox page={outbox.data} />
    </section>
  );
}
