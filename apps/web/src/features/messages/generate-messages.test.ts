import { beforeEach, expect, test } from 'vitest';
import { useQuizMessages } from '../../stores/quiz-messages.ts';
import { BUILT_IN_MESSAGES } from './built-in-messages.ts';
import { generateMissingMessages } from './generate-messages.ts';

beforeEach(() => {
  localStorage.clear();
  useQuizMessages.getState().reset();
});

test('built-in lines are stored without asking the server, and stored messages are kept', async () => {
  useQuizMessages.getState().setMessage('Velvet Harbour', 'Kept.');
  await generateMissingMessages(['Taylor Swift', 'Velvet Harbour', 'BTS']);
  expect(useQuizMessages.getState().messages).toEqual({
    'Taylor Swift': BUILT_IN_MESSAGES['taylor swift'],
    'Velvet Harbour': 'Kept.',
    BTS: BUILT_IN_MESSAGES.bts,
  });
  expect(JSON.parse(localStorage.getItem('quiz-messages') ?? '{}').state.messages['Velvet Harbour']).toBe(
    'Kept.',
  );
});
