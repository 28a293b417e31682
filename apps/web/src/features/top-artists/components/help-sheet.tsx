import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { t } from '../../../i18n/i18n.ts';
import styles from './help-sheet.module.css';

/** 'How does {product} work?' */
export function HelpSheet({
  open,
  onOpenChange,
  productName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
}) {
  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('top40.helpTitle', { product: productName })}
    >
      <img className={styles.image} src="/help.svg" alt="" width={320} height={160} />
      <ol className={styles.steps}>
        <li>{t('top40.helpStep1')}</li>
        <li>{t('top40.helpStep2')}</li>
        <li>{t('top40.helpStep3')}</li>
      </ol>
      <button type="button" className={styles.done} onClick={() => onOpenChange(false)}>
        {t('common.gotIt')}
      </button>
    </BottomSheet>
  );
}
