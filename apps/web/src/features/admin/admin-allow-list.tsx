import type * as admin from '@heavy-rotation/contracts/admin';
import styles from './admin.module.css';
import data from './admin-data.module.css';

/** How full Spotify's allow-list is, and how to add someone to it by hand (docs/operator.md, "Waitlist"). */
export function AllowList({ allow }: { allow: admin.WaitlistPage['allowList'] }) {
  return (
    <div className={styles.card}>
      <h3 className={styles.cardTitle}>Spotify allow-list</h3>
      <p>
        <strong>
          {allow.used} of {allow.limit}
        </strong>{' '}
        slots used (invited or joined).
      </p>
      <meter
        className={data.meter}
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
            Add their name and the email address of their Spotify account (the one they signed up with here).
          </li>
          <li>Save. Spotify has no API for this: it is done by hand, one listener at a time.</li>
          <li>Come back, select them below and choose Invite.</li>
        </ol>
      </details>
    </div>
  );
}
