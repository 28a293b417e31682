import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
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
    <BottomSheet open={open} onOpenChange={onOpenChange} title={`How does ${productName} work?`}>
      <img className={styles.image} src="/help.svg" alt="" width={320} height={160} />
      <ol className={styles.steps}>
        <li>Take the quiz: guess who is in your top 40.</li>
        <li>Guess an artist correctly and they unlock on your list, with a line about why they're there.</li>
        <li>Your rankings come from about the past 4 weeks of listening, so check back as they change.</li>
      </ol>
      <button type="button" className={styles.done} onClick={() => onOpenChange(false)}>
        Got it
      </button>
    </BottomSheet>
  );
}
