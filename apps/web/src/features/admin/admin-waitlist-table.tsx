import type * as admin from '@heavy-rotation/contracts/admin';
import type { Dispatch } from 'react';
import data from './admin-data.module.css';
import { when } from './admin-format.ts';
import { mailText, SORT_LABEL, type WaitlistAction, type WaitlistView } from './admin-waitlist-view.ts';

const COLUMNS = ['email', 'created', 'status'] as const;

/** The signups of one page: a checkbox each (and one for the page), columns sorted by a tap on their head. */
export function WaitlistTable(props: {
  rows: admin.WaitlistRow[];
  view: WaitlistView;
  dispatch: Dispatch<WaitlistAction>;
}) {
  const { rows, view, dispatch } = props;
  const { sort, dir, selected } = view;
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const order = dir === 'asc' ? 'ascending' : 'descending';
  return (
    <table className={data.table}>
      <caption className="visually-hidden">
        Waitlist signups, sorted by {SORT_LABEL[sort].toLowerCase()} ({order})
      </caption>
      <thead>
        <tr>
          <th scope="col" className={data.check}>
            <input
              type="checkbox"
              aria-label="Select every signup on this page"
              checked={allOnPage}
              onChange={() => dispatch({ type: 'toggle', ids: rows.map((r) => r.id), on: !allOnPage })}
            />
          </th>
          {COLUMNS.map((column) => (
            <th key={column} scope="col" aria-sort={sort === column ? order : undefined}>
              <button type="button" className={data.sort} onClick={() => dispatch({ type: 'sort', column })}>
                {SORT_LABEL[column]}
                <span aria-hidden="true">{sort === column ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </th>
          ))}
          <th scope="col">Language</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const mail = mailText(r.mail);
          return (
            <tr key={r.id}>
              <td className={data.check}>
                <input
                  type="checkbox"
                  aria-label={`Select ${r.email}`}
                  checked={selected.has(r.id)}
                  onChange={() => dispatch({ type: 'toggle', ids: [r.id], on: !selected.has(r.id) })}
                />
              </td>
              <td className={data.email}>{r.email}</td>
              <td>{when(r.createdAt)}</td>
              <td>
                <span className={`${data.badge} ${data[r.status]}`}>{r.status}</span>
                {mail ? <span className={mail.bad ? data.mailBad : data.mail}>{mail.text}</span> : null}
              </td>
              <td>{r.language}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
