import { createPortal } from 'react-dom';
import styles from './error-toast.module.css';

/** A red pill at the top of the screen, announced at once. */
export function ErrorToast({ message }: { message: string }) {
  return createPortal(
    <div className={styles.toast} role="alert">
      {message}
    </div>,
    document.body,
  );
}
