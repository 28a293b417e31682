import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import { ConfigGate } from './shell/config-gate.tsx';
import { RequireSession } from './shell/require-session.tsx';
import { RouteErrorBoundary } from './shell/route-error-boundary.tsx';

// Every screen is its own chunk: /login never pays for the Top 40 or the quiz. Declarative routes
// (no data router) keep the first route's JavaScript small.
function screen(load: () => Promise<ComponentType>, fallback: ReactNode): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={fallback}>
        <Screen />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const quiet = <Spinner label="Loading..." showLabel={false} />;
const login = screen(async () => (await import('./routes/login.tsx')).LoginRoute, quiet);
const signup = screen(async () => (await import('./routes/signup.tsx')).SignupRoute, quiet);
const callback = screen(async () => (await import('./routes/callback.tsx')).CallbackRoute, quiet);
const top40 = screen(
  async () => (await import('./routes/top40.tsx')).Top40Route,
  <Spinner label="Loading your top artists..." />,
);
const quiz = screen(
  async () => (await import('./routes/quiz.tsx')).QuizRoute,
  <Spinner label="Loading quiz..." />,
);

/** Spec §2 routes: open /login, /signup, /callback; protected / and /quiz; anything else → /. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ConfigGate>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/login" element={login} />
            <Route path="/signup" element={signup} />
            <Route path="/callback" element={callback} />
            <Route element={<RequireSession />}>
              <Route path="/" element={top40} />
              <Route path="/quiz" element={quiz} />
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </ConfigGate>
    </RouteErrorBoundary>
  );
}
