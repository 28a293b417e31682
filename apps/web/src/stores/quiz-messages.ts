import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { languageOfPage } from '../i18n/i18n.ts';
import { safeStorage } from '../lib/storage.ts';

interface QuizMessagesState {
  /** Artist name → success message. */
  messages: Record<string, string>;
  /** The language the messages are written in: the page's. */
  language: string;
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
      language: languageOfPage(),
      hydrated: false,
      setMessage: (artistName, message) =>
        set((state) => ({ messages: { ...state.messages, [artistName]: message } })),
      mergeMessages: (messages) => set((state) => ({ messages: { ...state.messages, ...messages } })),
      reset: () => set({ messages: {} }),
    }),
    {
      name: 'quiz-messages',
      storage: safeStorage,
      partialize: (state) => ({ messages: state.messages, language: state.language }),
      // Lines kept in another language (the listener chose a new one) are dropped and asked for again;
      // lines kept before there were languages are English.
      merge: (persisted, current) => {
        const kept = persisted as Partial<Pick<QuizMessagesState, 'messages' | 'language'>> | undefined;
        return (kept?.language ?? 'en') === current.language
          ? { ...current, messages: kept?.messages ?? {} }
          : current;
      },
      onRehydrateStorage: () => () => {
        useQuizMessages.setState({ hydrated: true });
      },
    },
  ),
);
