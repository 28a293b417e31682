import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styles from './top40-menu.module.css';

export interface Top40MenuProps {
  onHelp: () => void;
  onShare: () => void;
  onChallenge: () => void;
  onReset: () => void;
  onLogout: () => void;
  /** Opens at once (used when it is loaded by a press on the stand-in button). */
  defaultOpen?: boolean;
}

/** The header menu of the Top 40 screen. */
export function Top40Menu({ onHelp, onShare, onChallenge, onReset, onLogout, defaultOpen }: Top40MenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label="Menu" autoFocus={defaultOpen}>
        <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2.2" />
          <circle cx="12" cy="12" r="2.2" />
          <circle cx="19" cy="12" r="2.2" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
          <DropdownMenu.Item className={styles.item} onSelect={onHelp}>
            How does this work?
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onShare}>
            Share my list
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onChallenge}>
            Challenge a friend
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={onReset}>
            Reset app
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onLogout}>
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
