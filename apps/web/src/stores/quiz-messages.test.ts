import { expect, test } from 'vitest';
import { useQuizMessages } from './quiz-messages.ts';

test('messages can be set one at a time, merged, and reset', () => {
  const store = useQuizMessages.getState();
  store.setMessage('Beyoncé', 'Queen of your rotation.');
  store.mergeMessages({ 'The Weeknd': 'After hours, every hour.', Beyoncé: 'Still the queen.' });
  expect(useQuizMessages.getState().messages).toEqual({
    Beyoncé: 'Still the queen.',
    'The Weeknd': 'After hours, every hour.',
  });
  useQuizMessages.getState().reset();
  expect(useQuizMessages.getState().messages).toEqual({});
});

test('the store reports when it has been hydrated from storage', async () => {
  await useQuizMessages.persist.rehydrate();
  expect(useQuizMessages.getState().hydrated).toBe(true);
});

test('lines kept in another language are dropped; lines kept before languages count as English', async () => {
  localStorage.setItem(
    'quiz-messages',
    JSON.stringify({ state: { messages: { BTS: 'Hallo.' }, language: 'de' } }),
  );
  await useQuizMessages.persist.rehydrate();
  expect(useQuizMessages.getState().messages).toEqual({});
  localStorage.setItem('quiz-messages', JSON.stringify({ state: { messages: { BTS: 'Hello.' } } }));
  await useQuizMessages.persist.rehydrate();
  expect(useQuizMessages.getState().messages).toEqual({ BTS: 'Hello.' });
});
