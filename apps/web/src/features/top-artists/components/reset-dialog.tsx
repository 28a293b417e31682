import * as AlertDialog from '@radix-ui/react-alert-dialog';
import styles from './reset-dialog.module.css';

/** The 'Reset App?' confirmation. */
export function ResetDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <AlertDialog.Title className={styles.title}>Reset App?</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            This will clear all your data and restart the app from the beginning.
          </AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={styles.cancel}>Never mind</AlertDialog.Cancel>
            <AlertDialog.Action className={styles.confirm} onClick={onConfirm}>
              Yes, reset
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
