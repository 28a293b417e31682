import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@heavy-rotation/contracts/languages';
import { useId } from 'react';
import { activeLanguage, chooseLanguage, t } from './i18n.ts';
import styles from './language-picker.module.css';

/**
 * The language menu of the landing screens (docs/languages.md, "Which language"): each language by its
 * own name; a choice is kept and the page comes again in it. A native select: the phone's own picker,
 * the keyboard and screen readers work as they do everywhere.
 */
export function LanguagePicker() {
  const id = useId();
  const active = activeLanguage();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{t('page.language')}</label>
      <select
        id={id}
        value={isLanguage(active) ? active : ''}
        onChange={(event) => isLanguage(event.target.value) && chooseLanguage(event.target.value as Language)}
      >
        {/* The pseudo-language of the checks is in no menu. */}
        {isLanguage(active) ? null : <option value="">{active}</option>}
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
