import * as admin from '@heavy-rotation/contracts/admin';
import type { Dispatch } from 'react';
import controls from './admin-controls.module.css';
import type { WaitlistAction, WaitlistView } from './admin-waitlist-view.ts';

const number = (n: number) => n.toLocaleString('en-GB');

/** Search by email, the status filter (with each status's count) and the page size. */
export function WaitlistFilters(props: {
  view: WaitlistView;
  dispatch: Dispatch<WaitlistAction>;
  typed: string;
  onType: (text: string) => void;
  counts: admin.WaitlistPage['counts'] | undefined;
}) {
  const { view, dispatch, typed, onType, counts } = props;
  const all = counts ? counts.waiting + counts.invited + counts.joined : 0;
  return (
    <div className={controls.toolbar}>
      <label className={controls.field}>
        <span>Search by email</span>
        <input type="search" value={typed} onChange={(e) => onType(e.target.value)} maxLength={254} />
      </label>
      <label className={controls.field}>
        <span>Status</span>
        <select
          value={view.status}
          onChange={(e) => {
            const status = admin.WAITLIST_STATUSES.find((s) => s === e.target.value) ?? '';
            dispatch({ type: 'status', status });
          }}
        >
          <option value="">All ({number(all)})</option>
          {admin.WAITLIST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0]?.toUpperCase()}
              {s.slice(1)} ({number(counts?.[s] ?? 0)})
            </option>
          ))}
        </select>
      </label>
      <label className={controls.field}>
        <span>Rows per page</span>
        <select value={view.size} onChange={(e) => dispatch({ type: 'size', size: Number(e.target.value) })}>
          {admin.PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
