import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { safeStorage } from '../lib/storage.ts';

interface QuizMessagesState {
  /** Artist name → success message. */
  messages: Record<string, string>;
  hydrated: boolean;
  setMessage: (artistName: string, message: string) => void;
  mergeMessages: (messages: Record<string, string>) => void;
  reset: () => void;
}

/** Success messages per artist, persisted under `quiz-messages`, with a hydration flag. */
export const useQuizMessages = create<QuizMessagesState>()(
  persist(
    (set) => ({
      messages: {},
      hydrated: false,
      setMessage: (artistName, message) =>
        set((state) => ({ messages: { ...state.messages, [artistName]: message } })),
      mergeMessages: (messages) => set((state) => ({ messages: { ...state.messages, ...messages } })),
      reset: () => set({ messages: {} }),
    }),
    {
      name: 'quiz-messages',
      storage: safeStorage,
      partialize: (state) => ({ messages: state.messages }),
      onRehydrateStorage: () => () => {
        useQuizMessages.setState({ hydrated: true });
      },
    },
  ),
);
