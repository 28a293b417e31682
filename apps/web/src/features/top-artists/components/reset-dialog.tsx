import { useId } from 'react';
import { FullScreenDialog } from '../../../components/ui/full-screen-dialog.tsx';
import { t } from '../../../i18n/i18n.ts';
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
      label={t('top40.resetTitle')}
      role="alertdialog"
      describedBy={description}
      className={styles.content}
      onClose={() => onOpenChange(false)}
    >
      <h2 className={styles.title}>{t('top40.resetTitle')}</h2>
      <p id={description} className={styles.description}>
        {t('top40.resetText')}
      </p>
      <div className={styles.actions}>
        {/* Focus starts on the safe choice, as for any destructive confirmation. */}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog moves focus inside on purpose */}
        <button type="button" className={styles.cancel} autoFocus onClick={() => onOpenChange(false)}>
          {t('top40.resetCancel')}
        </button>
        <button type="button" className={styles.confirm} onClick={onConfirm}>
          {t('top40.resetConfirm')}
        </button>
      </div>
    </FullScreenDialog>
  );
}
