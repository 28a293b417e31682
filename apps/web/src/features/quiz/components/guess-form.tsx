import { type FormEvent, type RefObject, useId, useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import styles from './guess-form.module.css';

export interface GuessFormProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onGuess: (text: string) => void;
}

/** The one field of the quiz: "Guess an artist" and its "Guess" button. */
export function GuessForm({ inputRef, onGuess }: GuessFormProps) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return inputRef.current?.focus();
    onGuess(text);
    setText('');
    inputRef.current?.focus();
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label className={styles.label} htmlFor={id}>
        {t('quiz.guessLabel')}
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="words"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={t('quiz.guessPlaceholder')}
          maxLength={200}
        />
        <button type="submit" className={styles.button}>
          {t('quiz.guessButton')}
        </button>
      </div>
    </form>
  );
}
