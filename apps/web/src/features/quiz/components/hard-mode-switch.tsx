import { t } from '../../../i18n/i18n.ts';
import { useQuizMode } from '../../../stores/quiz-mode.ts';
import styles from './hard-mode-switch.module.css';

/** "Hard mode": hides the hints and the clips (docs/product.md, "Hard mode"). */
export function HardModeSwitch() {
  const hard = useQuizMode((s) => s.hard);
  return (
    <div className={styles.row}>
      <span className={styles.text}>
        <span id="hard-mode-label" className={styles.label}>
          {t('quiz.hardMode')}
        </span>
        <span id="hard-mode-note" className={styles.note}>
          {t('quiz.hardModeNote')}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={hard}
        aria-labelledby="hard-mode-label"
        aria-describedby="hard-mode-note"
        className={styles.switch}
        onClick={() => useQuizMode.getState().setHard(!hard)}
      >
        <span className={styles.knob} aria-hidden="true" />
      </button>
    </div>
  );
}
