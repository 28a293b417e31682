import * as admin from '@heavy-rotation/contracts/admin';
import { useEffect, useMemo, useState } from 'react';
import styles from './admin.module.css';
import { AdminError, adminCall } from './admin-api.ts';
import { LoadProblem, type Notice, NoticeLine } from './admin-feedback.tsx';
import { count, describeRemoved, when } from './admin-format.ts';
import { Pager } from './admin-pager.tsx';
import { useAdminQuery, useSettledSearch } from './admin-use-query.ts';

type Sort = 'created' | 'email' | 'status';
const SORT_LABEL: Record<Sort, string> = { email: 'Email', created: 'Signed up', status: 'Status' };

/** How a signup's newest email went, in words. */
function mailText(mail: admin.WaitlistRow['mail']): { text: string; bad: boolean } | null {
  if (!mail) return null;
  if (mail.status === 'sent')
    return { text: mail.transport === 'outbox' ? 'Email in the outbox' : 'Email sent', bad: false };
  if (mail.status === 'failed')
    return { text: `Not delivered: ${mail.lastError ?? 'unknown error'}`, bad: true };
  if (mail.lastError) return { text: `Will try again (${mail.lastError})`, bad: true };
  return { text: 'Email queued', bad: false };
}

/** The waitlist (docs/operator.md, "Waitlist"): search, sort, pages, invite by email, CSV, the outbox. */
export function WaitlistPanel({ onUnauthorised }: { onUnauthorised: () => void }) {
  const [status, setStatus] = useState<'' | admin.WaitlistStatus>('');
  const [sort, setSort] = useState<Sort>('created');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  // Searching waits for a pause in typing, then starts from the first page.
  const [typed, setTyped, q] = useSettledSearch(() => setPage(1));
  const [size, setSize] = useState(50);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<Notice>();
  const [inviting, setInviting] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const [erasing, setErasing] = useState(false);

  const path = useMemo(() => {
    const params = new URLSearchParams({ sort, dir, page: String(page), size: String(size) });
    if (q) params.set('q', q);
    if (status) params.set('status', status);
    return `/waitlist?${params}`;
  }, [q, status, sort, dir, page, size]);
  const list = useAdminQuery(path, admin.waitlistPage, onUnauthorised);
  const outbox = useAdminQuery('/outbox', admin.outboxPage, onUnauthorised);
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

  const sortBy = (column: Sort) => {
    if (column === sort) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setDir(column === 'created' ? 'desc' : 'asc');
    }
    setPage(1);
  };
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const invite = () => {
    setInviting(true);
    setNotice(undefined);
    adminCall('/waitlist/invite', admin.inviteReply, { body: { ids: [...selected] } }).then(
      ({ queued }) => {
        setInviting(false);
        setSelected(new Set());
        setNotice({ text: `Invitation queued for ${count(queued, 'signup')}.`, bad: false });
        reloadList();
        reloadOutbox();
      },
      (e: unknown) => {
        setInviting(false);
        if (e instanceof AdminError && e.status === 401) onUnauthorised();
        setNotice({ text: e instanceof Error ? e.message : 'The invitation was not sent', bad: true });
      },
    );
  };

  // Erasure by address: for someone known only by the email they signed up with.
  const eraseSelected = async () => {
    setErasing(true);
    setNotice(undefined);
    const total: Record<string, number> = {};
    try {
      for (const id of selected) {
        const { removed } = await adminCall(`/waitlist/${id}`, admin.erasureReply, { method: 'DELETE' });
        for (const [kind, n] of Object.entries(removed)) total[kind] = (total[kind] ?? 0) + n;
      }
      setNotice({ text: `Erased. ${describeRemoved(total)}`, bad: false });
    } catch (e) {
      if (e instanceof AdminError && e.status === 401) onUnauthorised();
      setNotice({
        text: `Not erased: ${e instanceof Error ? e.message : 'something went wrong'}`,
        bad: true,
      });
    } finally {
      setErasing(false);
      setConfirmErase(false);
      setSelected(new Set());
      reloadList();
      reloadOutbox();
    }
  };

  const allow = list.data?.allowList;
  return (
    <section aria-labelledby="waitlist-title" className={styles.panel}>
      <h2 id="waitlist-title">Waitlist</h2>
      {allow ? (
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>Spotify allow-list</h3>
          <p>
            <strong>
              {allow.used} of {allow.limit}
            </strong>{' '}
            slots used (invited or joined).
          </p>
          <meter
            className={styles.meter}
            min={0}
            max={allow.limit}
            value={Math.min(allow.used, allow.limit)}
            aria-label="Allow-list slots used"
          />
          {allow.used >= allow.limit ? (
            <p className={styles.warn}>
              Every slot is taken: remove someone in Spotify&apos;s dashboard before inviting more.
            </p>
          ) : null}
          <details className={styles.details}>
            <summary>Checklist: adding someone in Spotify&apos;s dashboard</summary>
            <ol>
              <li>
                Open{' '}
                <a href="https://developer.spotify.com/dashboard" target="_blank" rel="noreferrer">
                  developer.spotify.com/dashboard
                </a>{' '}
                and choose this app.
              </li>
              <li>Go to Settings, then User Management.</li>
              <li>
                Add their name and the email address of their Spotify account (the one they signed up with
                here).
              </li>
              <li>Save. Spotify has no API for this: it is done by hand, one listener at a time.</li>
              <li>Come back, select them below and choose Invite.</li>
            </ol>
          </details>
        </div>
      ) : null}

      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span>Search by email</span>
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={254} />
        </label>
        <label className={styles.field}>
          <span>Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as '' | admin.WaitlistStatus);
              setPage(1);
            }}
          >
            <option value="">
              All (
              {(list.data
                ? list.data.counts.waiting + list.data.counts.invited + list.data.counts.joined
                : 0
              ).toLocaleString('en-GB')}
              )
            </option>
            {admin.WAITLIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)} ({(list.data?.counts[s] ?? 0).toLocaleString('en-GB')})
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Rows per page</span>
          <select
            value={size}
            onChange={(e) => {
              setSize(Number(e.target.value));
              setPage(1);
            }}
          >
            {admin.PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          disabled={selected.size === 0 || inviting}
          onClick={invite}
        >
          {inviting ? 'Inviting…' : selected.size > 0 ? `Invite ${count(selected.size, 'signup')}` : 'Invite'}
        </button>
        <button
          type="button"
          className={styles.linkDanger}
          disabled={selected.size === 0 || erasing}
          onClick={() => setConfirmErase(true)}
        >
          Erase on request…
        </button>
        {/* A POST the browser sends only from this page: no other site, image or link can start an export. */}
        <form method="post" action="/api/admin/waitlist.csv">
          <button type="submit" className={styles.button}>
            Export CSV
          </button>
        </form>
      </div>
      {confirmErase && selected.size > 0 ? (
        <div className={styles.confirm}>
          <p>
            Erase {count(selected.size, 'signup')}? Each address goes for good, with the mail to it and any
            listener whose Spotify account has it: profile, number, consent records and saved list.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.danger} disabled={erasing} onClick={eraseSelected}>
              Erase for good
            </button>
            <button type="button" className={styles.button} onClick={() => setConfirmErase(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <NoticeLine notice={notice} />

      {list.error && !list.data ? (
        <LoadProblem error={list.error} retry={reloadList} />
      ) : (
        <div className={styles.tableWrap} aria-busy={list.loading}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              Waitlist signups, sorted by {SORT_LABEL[sort].toLowerCase()} (
              {dir === 'asc' ? 'ascending' : 'descending'})
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label="Select every signup on this page"
                    checked={allOnPage}
                    onChange={() =>
                      setSelected((now) => {
                        const next = new Set(now);
                        for (const r of rows) {
                          if (allOnPage) next.delete(r.id);
                          else next.add(r.id);
                        }
                        return next;
                      })
                    }
                  />
                </th>
                {(['email', 'created', 'status'] as const).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={sort === column ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" className={styles.sort} onClick={() => sortBy(column)}>
                      {SORT_LABEL[column]}
                      <span aria-hidden="true">{sort === column ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const mail = mailText(r.mail);
                return (
                  <tr key={r.id}>
                    <td className={styles.check}>
                      <input
                        type="checkbox"
                        aria-label={`Select ${r.email}`}
                        checked={selected.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    </td>
                    <td className={styles.email}>{r.email}</td>
                    <td>{when(r.createdAt)}</td>
                    <td>
                      <span className={`${styles.badge} ${styles[r.status]}`}>{r.status}</span>
                      {mail ? (
                        <span className={mail.bad ? styles.mailBad : styles.mail}>{mail.text}</span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.data && rows.length === 0 ? (
            <p className={styles.empty}>{q || status ? 'No signup matches.' : 'Nobody has signed up yet.'}</p>
          ) : null}
          {!list.data && list.loading ? <p className={styles.muted}>Loading signups…</p> : null}
        </div>
      )}
      {list.data ? (
        <div className={styles.footer}>
          <span>{count(list.data.total, 'signup')}</span>
          <Pager page={page} size={size} total={list.data.total} onPage={setPage} label="Waitlist" />
        </div>
      ) : null}

      <Outbox data={outbox.data} />
    </section>
  );
}

function Outbox({ data }: { data: { rows: admin.OutboxRow[]; total: number; smtp: boolean } | undefined }) {
  if (!data) return null;
  return (
    <section aria-labelledby="outbox-title" className={styles.subsection}>
      <h3 id="outbox-title">Outbox</h3>
      <p className={styles.muted}>
        {data.smtp
          ? 'Invitations go out through the mail server (SMTP_URL). The newest 25:'
          : 'No mail server is set (SMTP_URL), so invitations stay here instead of being sent. The newest 25:'}
      </p>
      {data.rows.length === 0 ? (
        <p className={styles.empty}>No email yet.</p>
      ) : (
        <ul className={styles.outbox}>
          {data.rows.map((m) => (
            <li key={m.id}>
              <details>
                <summary>
                  <span className={styles.email}>{m.to}</span> · {m.subject} ·{' '}
                  <span className={m.status === 'failed' ? styles.mailBad : styles.mail}>
                    {m.status === 'failed' ? `not delivered: ${m.lastError}` : m.status}
                  </span>{' '}
                  · {when(m.sentAt ?? m.createdAt)}
                </summary>
                <pre className={styles.mailText}>{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
