import type * as admin from '@heavy-rotation/contracts/admin';
import { useState } from 'react';
import styles from './admin.module.css';
import controls from './admin-controls.module.css';
import data from './admin-data.module.css';
import { ConfirmErase } from './admin-feedback.tsx';
import { count, when } from './admin-format.ts';

/** One subscriber: name, STOP status, the number (masked until revealed), consent records, erasure. */
export function SubscriberCard(props: {
  row: admin.SubscriberRow;
  /** The number once revealed. */
  phone: string | undefined;
  onReveal: () => void;
  /** Resolves true once erased. */
  onErase: () => Promise<boolean>;
}) {
  const { row, phone, onReveal, onErase } = props;
  const [confirming, setConfirming] = useState(false);
  const name = row.displayName ?? 'No name';
  return (
    <li className={styles.card}>
      <div className={styles.rowHead}>
        <div>
          <h3 className={styles.cardTitle}>{name}</h3>
          <p className={styles.small}>Listener {row.id}</p>
        </div>
        <span className={`${data.badge} ${row.suppressed ? data.stopped : data.joined}`}>
          {row.suppressed ? 'STOP: never message' : 'May be messaged'}
        </span>
      </div>
      <p className={data.phoneLine}>
        <span className={data.phone}>{phone ?? row.phoneMasked}</span>
        {phone ? null : (
          <button
            type="button"
            className={controls.button}
            aria-label={`Reveal the number of ${name}`}
            onClick={onReveal}
          >
            Reveal
          </button>
        )}
      </p>
      <details className={styles.details}>
        <summary>{count(row.consents.length, 'consent record')}</summary>
        <ul className={data.consents}>
          {row.consents.map((c) => (
            <li key={`${c.createdAt}-${c.version}`}>
              <p>“{c.text}”</p>
              <Consent consent={c} />
            </li>
          ))}
        </ul>
      </details>
      {confirming ? (
        <ConfirmErase
          onErase={() => onErase().then((erased) => setConfirming(!erased))}
          onCancel={() => setConfirming(false)}
        >
          Erase {name}? Their profile, number, consent records, sessions, saved list, challenge links,
          waitlist signups and mail to them go for good. A STOP on the number stays, kept only as a keyed
          hash.
        </ConfirmErase>
      ) : (
        <button type="button" className={controls.linkDanger} onClick={() => setConfirming(true)}>
          Erase on request…
        </button>
      )}
    </li>
  );
}

/** A consent record's facts: what was agreed, when, where and how it was confirmed. */
function Consent({ consent: c }: { consent: admin.SubscriberRow['consents'][number] }) {
  const facts: [string, string | null][] = [
    ['Version', String(c.version)],
    ['Language', c.language],
    ['When', when(c.createdAt)],
    ['Where', c.source],
    ['Browser', c.userAgent ?? 'unknown'],
    ['Confirmed', c.confirmedBy === 'sms-code' ? 'By the texted code' : 'Not confirmed (before codes)'],
    ['Code texted', c.codeSentAt ? when(c.codeSentAt) : null],
    ['Text id', c.codeMessageSid ?? null],
    ['Code came back', c.confirmedAt ? when(c.confirmedAt) : null],
  ];
  return (
    <dl className={data.facts}>
      {facts.map(([term, value]) =>
        value === null ? null : (
          <div key={term} className={data.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
