import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../i18n/i18n.ts';
import { useWelcome } from '../use-welcome.ts';
import { useScrollLock } from './use-scroll-lock.ts';
import styles from './welcome-overlay.module.css';

// Labels are read when drawn: the catalog loads at boot, after this module.
const STEPS = [
  { key: 'greeting', label: () => t('messages.welcome.step.greeting') },
  { key: 'reflection', label: () => t('messages.welcome.step.reflection') },
  { key: 'teaser', label: () => t('messages.welcome.step.teaser') },
] as const;

export interface WelcomeOverlayProps {
  /** The unlocked artists the welcome names, best rank first. */
  artistNames: string[];
  /** How many artists the whole list holds. */
  listSize: number;
  onComplete: () => void;
}

/** The three-step welcome (greeting, reflection, teaser) as a modal dialog. */
export function WelcomeOverlay({ artistNames, listSize, onComplete }: WelcomeOverlayProps) {
  useScrollLock();
  const message = useWelcome(artistNames, listSize);
  const [step, setStep] = useState(0);
  const dialogRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the button of each new step
  useEffect(() => {
    (nextRef.current ?? dialogRef.current)?.focus();
  }, [message, step]);

  const current = STEPS[step] ?? STEPS[0];
  const last = step === STEPS.length - 1;

  // Tab stays inside the dialog: the page behind it is out of reach while it shows.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape closes the dialog, as dialogs do; it counts as completing the welcome.
    if (event.key === 'Escape' && message) return onComplete();
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('button:not(:disabled)')];
    const first = focusable[0];
    const end = focusable[focusable.length - 1];
    if (!first || !end) return event.preventDefault();
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      end.focus();
    } else if (!event.shiftKey && document.activeElement === end) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="welcome-title"
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <span className={styles.big} aria-hidden="true">
          40
        </span>
        {message ? (
          <>
            <p className={styles.kicker} id="welcome-title">
              {current.label()}
            </p>
            <p className={styles.body} aria-live="polite">
              {message[current.key]}
            </p>
            <div className={styles.dots} aria-hidden="true">
              {STEPS.map((s, i) => (
                <span key={s.key} className={i === step ? styles.dotActive : styles.dot} />
              ))}
            </div>
            <p className="visually-hidden">
              {t('messages.welcome.stepOf', { step: step + 1, steps: STEPS.length })}
            </p>
            <div className={styles.actions}>
              {!last ? (
                <button type="button" className={styles.skip} onClick={onComplete}>
                  {t('messages.welcome.skip')}
                </button>
              ) : null}
              <button
                ref={nextRef}
                type="button"
                className={styles.next}
                onClick={() => (last ? onComplete() : setStep(step + 1))}
              >
                {last ? t('messages.welcome.start') : t('common.next')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.kicker} id="welcome-title">
              {t('messages.welcome.step.greeting')}
            </p>
            <Spinner label={t('messages.welcome.preparing')} />
          </>
        )}
      </div>
    </div>
  );
}
