import * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import data from './admin-data.module.css';
import { LoadProblem } from './admin-feedback.tsx';
import { when } from './admin-format.ts';
import { Pager } from './admin-pager.tsx';

/** Every operator action, newest first: who, what, when (docs/operator.md, "Audit log"). */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const path = `/api/admin/audit?page=${page}`;
  const audit = useServerQuery(path, ({ signal }) => callBackend(path, admin.auditPage, { signal }));
  return (
    <section aria-labelledby="audit-title" className={styles.panel}>
      <h2 id="audit-title">Audit log</h2>
      <p className={styles.muted}>
        Written for every action in the console; it cannot be changed or deleted.
      </p>
      {audit.error && !audit.data ? <LoadProblem error={audit.error} retry={audit.reload} /> : null}
      <div className={data.tableWrap} aria-busy={audit.loading}>
        <table className={data.table}>
          <caption className="visually-hidden">Operator actions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.rows.map((r) => (
              <tr key={r.id}>
                <td>{when(r.createdAt)}</td>
                <td>{r.actor}</td>
                <td>
                  {r.action}
                  {r.detail ? <span className={styles.small}> · {r.detail}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {audit.data ? (
        <Pager page={page} size={50} total={audit.data.total} onPage={setPage} label="Audit log" />
      ) : null}
    </section>
  );
}
