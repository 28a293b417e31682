import type { ReactNode } from 'react';
import { Drawer } from 'vaul';
import styles from './bottom-sheet.module.css';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Shows an X button in the top-right corner. */
  closeLabel?: string;
  /** Disables the X button (e.g. while saving). */
  closeDisabled?: boolean;
  /** Keeps the sheet open on outside taps and Escape (e.g. while saving). */
  dismissible?: boolean;
}

/** A bottom sheet (vaul): focus is trapped inside while open and returns where it was on close. */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  children,
  closeLabel,
  closeDisabled = false,
  dismissible = true,
}: BottomSheetProps) {
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} dismissible={dismissible}>
      <Drawer.Portal>
        <Drawer.Overlay className={styles.overlay} />
        <Drawer.Content className={styles.content} aria-describedby={undefined}>
          <div className={styles.handle} aria-hidden="true" />
          {closeLabel ? (
            <Drawer.Close className={styles.close} aria-label={closeLabel} disabled={closeDisabled}>
              ×
            </Drawer.Close>
          ) : null}
          <Drawer.Title className={styles.title}>{title}</Drawer.Title>
          {children}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
