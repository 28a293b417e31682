import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@heavy-rotation/contracts/languages';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { activeLanguage, chooseLanguage, t } from '../../../i18n/i18n.ts';
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
  const languageLabel = useId();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={t('common.menu')} autoFocus={defaultOpen}>
        <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2.2" />
          <circle cx="12" cy="12" r="2.2" />
          <circle cx="19" cy="12" r="2.2" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
          <DropdownMenu.Item className={styles.item} onSelect={onHelp}>
            {t('top40.menuHelp')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onShare}>
            {t('top40.shareList')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onChallenge}>
            {t('top40.challengeFriend')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Label id={languageLabel} className={styles.label}>
            {t('page.language')}
          </DropdownMenu.Label>
          {/* Each language by its own name, in its own language (docs/languages.md, "Which language"). */}
          <DropdownMenu.RadioGroup
            aria-labelledby={languageLabel}
            value={activeLanguage()}
            onValueChange={(value) => {
              // The cookie keeps the choice and the page reloads in it (src/i18n/i18n.ts).
              if (isLanguage(value) && value !== activeLanguage()) chooseLanguage(value);
            }}
          >
            {LANGUAGES.map((language) => (
              <DropdownMenu.RadioItem
                key={language}
                value={language}
                lang={language}
                className={`${styles.item} ${styles.radio}`}
              >
                {LANGUAGE_NAMES[language]}
                <DropdownMenu.ItemIndicator className={styles.check} aria-hidden="true">
                  ✓
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={onReset}>
            {t('top40.menuReset')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={onLogout}>
            {t('top40.menuLogout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
