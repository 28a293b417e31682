import styles from './admin.module.css';
import controls from './admin-controls.module.css';

/** Previous / next with "Page 2 of 40", for a list of `total` rows shown `size` at a time. */
export function Pager({
  page,
  size,
  total,
  onPage,
  label,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <button type="button" className={controls.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page.toLocaleString('en-GB')} of {pages.toLocaleString('en-GB')}
      </span>
      <button
        type="button"
        className={controls.button}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
