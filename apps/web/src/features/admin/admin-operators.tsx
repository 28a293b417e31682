import * as admin from '@heavy-rotation/contracts/admin';
import { type FormEvent, useState } from 'react';
import { callBackend } from '../../lib/backend.ts';
import { useServerQuery } from '../../lib/use-server-query.ts';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import { failureText, LoadProblem, type Notice, NoticeLine } from './admin-feedback.tsx';
import { when } from './admin-format.ts';

/** A new operator's token: shown this once, since the server keeps only its hash. */
export function TokenOnce({ name, token }: { name: string; token: string }) {
  return (
    <div className={styles.card} role="status">
      <p>
        <strong>{name}</strong>&apos;s token, shown only this once: copy it now and hand it over privately.
      </p>
      <label className={controls.field}>
        <span>Token for {name}</span>
        <input readOnly value={token} onFocus={(e) => e.currentTarget.select()} />
      </label>
    </div>
  );
}

/** The operator accounts (docs/operator.md, "Operators"): add one by name, revoke one; both audited. */
export function OperatorsPanel({ actor }: { actor: string }) {
  const operators = useServerQuery('/api/admin/operators', ({ signal }) =>
    callBackend('/api/admin/operators', admin.operatorList, { signal }),
  );
  const [notice, setNotice] = useState<Notice>();
  const [added, setAdded] = useState<{ name: string; token: string }>();
  const [busy, setBusy] = useState(false);
  const failed = (e: unknown) => {
    setBusy(false);
    setNotice({ text: failureText(e, 'Nothing was changed').replace(/^name: /, ''), bad: true });
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    setBusy(true);
    setNotice(undefined);
    callBackend('/api/admin/operators', admin.operatorAdded, { body: { name } }).then(
      ({ operator, token }) => {
        setBusy(false);
        form.reset();
        setAdded({ name: operator.name, token });
        operators.reload();
      },
      failed,
    );
  };
  const revoke = (row: admin.OperatorRow) => {
    setBusy(true);
    setAdded(undefined);
    callBackend(`/api/admin/operators/${row.id}`, admin.operatorRevoked, { method: 'DELETE' }).then(() => {
      setBusy(false);
      setNotice({ text: `${row.name} is revoked: their sessions have ended.`, bad: false });
      operators.reload();
    }, failed);
  };
  return (
    <section aria-labelledby="operators-title" className={styles.panel}>
      <h2 id="operators-title">Operators</h2>
      <NoticeLine notice={notice} />
      {added ? <TokenOnce name={added.name} token={added.token} /> : null}
      <form className={styles.card} onSubmit={add} aria-label="Add an operator">
        <label className={controls.field}>
          <span>New operator&apos;s name</span>
          <input name="name" required maxLength={60} autoComplete="off" />
        </label>
        <button type="submit" className={controls.primary} disabled={busy}>
          Add operator
        </button>
      </form>
      {operators.error && !operators.data ? (
        <LoadProblem error={operators.error} retry={operators.reload} />
      ) : null}
      <ul className={styles.cards}>
        {operators.data?.operators.map((row) => (
          <li key={row.id} className={styles.card}>
            <div className={styles.rowHead}>
              <div>
                <h3 className={styles.cardTitle}>{row.name}</h3>
                <p className={styles.small}>
                  {row.revokedAt ? `Revoked ${when(row.revokedAt)}` : `Added ${when(row.createdAt)}`}
                  {row.name === actor ? ' · you' : ''}
                </p>
              </div>
              {row.revokedAt || row.name === actor ? null : (
                <button type="button" className={controls.danger} disabled={busy} onClick={() => revoke(row)}>
                  Revoke {row.name}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
