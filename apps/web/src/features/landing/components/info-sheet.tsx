import type { ReactNode } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { t } from '../../../i18n/i18n.ts';
import styles from './landing.module.css';

export interface InfoSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** An explainer bottom sheet with an X and a 'Got it' button (loaded only when first opened). */
function InfoSheet({ open, onOpenChange, title, children }: InfoSheetProps) {
  return (
    <BottomSheet open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')}>
      <div className={styles.sheetBody}>{children}</div>
      <button type="button" className={styles.primary} onClick={() => onOpenChange(false)}>
        {t('common.gotIt')}
      </button>
    </BottomSheet>
  );
}

export default InfoSheet;
