import { createBrowserRouter, Navigate } from 'react-router';
import { CallbackRoute } from './routes/callback.tsx';
import { LoginRoute } from './routes/login.tsx';
import { SignupRoute } from './routes/signup.tsx';
import { Top40Route } from './routes/top40.tsx';

export const router = createBrowserRouter([
  { path: '/login', element: <LoginRoute /> },
  { path: '/signup', element: <SignupRoute /> },
  { path: '/callback', element: <CallbackRoute /> },
  { path: '/', element: <Top40Route /> },
  {
    path: '/quiz',
    lazy: async () => ({ Component: (await import('./routes/quiz.tsx')).QuizRoute }),
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
