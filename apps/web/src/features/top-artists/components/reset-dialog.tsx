import { useId } from 'react';
import { FullScreenDialog } from '../../../components/ui/full-screen-dialog.tsx';
import styles from './reset-dialog.module.css';

/** The 'Reset App?' confirmation, on the same native <dialog> as every other modal of the app. */
export function ResetDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const description = useId();
  if (!open) return null;
  return (
    <FullScreenDialog
      label="Reset App?"
      role="alertdialog"
      describedBy={description}
      className={styles.content}
      onClose={() => onOpenChange(false)}
    >
      <h2 className={styles.title}>Reset App?</h2>
      <p id={description} className={styles.description}>
        This will clear all your data and restart the app from the beginning.
      </p>
      <div className={styles.actions}>
        {/* Focus starts on the safe choice, as for any destructive confirmation. */}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog moves focus inside on purpose */}
        <button type="button" className={styles.cancel} autoFocus onClick={() => onOpenChange(false)}>
          Never mind
        </button>
        <button type="button" className={styles.confirm} onClick={onConfirm}>
          Yes, reset
        </button>
      </div>
    </FullScreenDialog>
  );
}
