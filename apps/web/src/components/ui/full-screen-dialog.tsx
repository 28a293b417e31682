import { type CSSProperties, type ReactNode, type SyntheticEvent, useEffect, useRef } from 'react';
import { t } from '../../i18n/i18n.ts';
import styles from './full-screen-dialog.module.css';

export interface FullScreenDialogProps {
  /** Accessible name of the dialog. */
  label: string;
  /** `alertdialog` for a confirmation that interrupts (Reset App?). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog. */
  describedBy?: string;
  onClose: () => void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The app's one modal mechanism, the native <dialog>: the page behind is inert, focus moves inside and
 * Escape closes it; focus goes back to where it was when the dialog leaves. Full screen by default; a
 * `className` sizes it otherwise (the Reset App? confirmation). Bottom sheets, which are dragged away,
 * are vaul's (components/ui/bottom-sheet.tsx).
 */
export function FullScreenDialog({
  label,
  role,
  describedBy,
  onClose,
  className,
  style,
  children,
}: FullScreenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (dialog && typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal();
    return () => {
      document.body.style.overflow = overflow;
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Escape: the parent decides (it unmounts the dialog), so the browser's own close is cancelled.
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    closeRef.current();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${className ?? ''}`}
      style={style}
      aria-label={label}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-describedby={describedBy}
      onCancel={cancel}
      // A close the browser makes on its own (e.g. a second Escape without a tap between) still tells the parent.
      onClose={() => {
        if (!ref.current?.open) closeRef.current();
      }}
    >
      {children}
    </dialog>
  );
}

/** The round X button of the top-right corner. */
export function CloseButton({ onClose, label = t('common.close') }: { onClose: () => void; label?: string }) {
  return (
    <button type="button" className={styles.close} onClick={onClose} aria-label={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}
