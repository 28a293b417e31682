import type * as admin from '@heavy-rotation/contracts/admin';
import styles from './admin.module.css';
import data from './admin-data.module.css';
import { when } from './admin-format.ts';

/** The newest mail the server wrote, sent or kept (docs/operator.md, "Waitlist"). */
export function Outbox({ page }: { page: { rows: admin.OutboxRow[]; smtp: boolean } | undefined }) {
  if (!page) return null;
  return (
    <section aria-labelledby="outbox-title" className={styles.subsection}>
      <h3 id="outbox-title">Outbox</h3>
      <p className={styles.muted}>
        {page.smtp
          ? 'Invitations go out through the mail server (SMTP_URL). The newest 25:'
          : 'No mail server is set (SMTP_URL), so invitations stay here instead of being sent. The newest 25:'}
      </p>
      {page.rows.length === 0 ? (
        <p className={styles.empty}>No email yet.</p>
      ) : (
        <ul className={data.outbox}>
          {page.rows.map((m) => (
            <li key={m.id}>
              <details>
                <summary>
                  <span className={data.email}>{m.to}</span> · {m.subject} ·{' '}
                  <span className={m.status === 'failed' ? data.mailBad : data.mail}>
                    {m.status === 'failed' ? `not delivered: ${m.lastError}` : m.status}
                  </span>{' '}
                  · {when(m.sentAt ?? m.createdAt)}
                </summary>
                <pre className={data.mailText}>{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
