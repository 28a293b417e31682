import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { loadConfig } from '../config/app-config.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { RouteErrorScreen } from './shell/error-screens.tsx';
import { RequireSession } from './shell/require-session.tsx';

// Every screen is its own chunk: /login never pays for the Top 40 or the quiz.
function screen(load: () => Promise<ComponentType>, fallback: ReactNode): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={fallback}>
      <Screen />
    </Suspense>
  );
}

const quiet = <Spinner label="Loading..." showLabel={false} />;

export const router = createBrowserRouter([
  {
    id: 'root',
    // The configuration is validated before any screen; a failure shows 'Configuration Error'.
    loader: () => loadConfig(),
    shouldRevalidate: () => false,
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: quiet,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          {
            path: '/login',
            element: screen(async () => (await import('./routes/login.tsx')).LoginRoute, quiet),
          },
          {
            path: '/signup',
            element: screen(async () => (await import('./routes/signup.tsx')).SignupRoute, quiet),
          },
          {
            path: '/callback',
            element: screen(async () => (await import('./routes/callback.tsx')).CallbackRoute, quiet),
          },
          {
            element: <RequireSession />,
            children: [
              {
                path: '/',
                element: screen(
                  async () => (await import('./routes/top40.tsx')).Top40Route,
                  <Spinner label="Loading your top artists..." />,
                ),
              },
              {
                path: '/quiz',
                element: screen(
                  async () => (await import('./routes/quiz.tsx')).QuizRoute,
                  <Spinner label="Loading quiz..." />,
                ),
              },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
