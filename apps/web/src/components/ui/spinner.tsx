import styles from './spinner.module.css';

/** A spinner with a visible or screen-reader-only label. */
export function Spinner({ label, showLabel = true }: { label: string; showLabel?: boolean }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={showLabel ? styles.label : 'visually-hidden'}>{label}</span>
    </div>
  );
}
