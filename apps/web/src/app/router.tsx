import { CHALLENGE_PAGE } from '@heavy-rotation/contracts/route-table';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { firstScreenLoading, pagePath, screen } from '../boot/screens.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import { ConfigGate } from './shell/config-gate.tsx';
import { RequireSession } from './shell/require-session.tsx';
import { RouteErrorBoundary } from './shell/route-error-boundary.tsx';

// Which screen is at which path; how each is loaded, and the first one asked for at once, is the
// boot's (boot/screens.tsx). The pages the build writes take their paths from the route table.
// Declarative routes (no data router) keep the first route's JavaScript small.
const LOGIN = pagePath('login');
const SIGNUP = pagePath('signup');
const TOP40 = pagePath('top40');
const CALLBACK = pagePath('callback');

const quiet = <Spinner label="Loading..." showLabel={false} />;
const login = screen(LOGIN, async () => (await import('./routes/login.tsx')).LoginRoute, quiet);
const signup = screen(SIGNUP, async () => (await import('./routes/signup.tsx')).SignupRoute, quiet);
const callback = screen(CALLBACK, async () => (await import('./routes/callback.tsx')).CallbackRoute, quiet);
const listenbrainz = screen(
  '/listenbrainz',
  async () => (await import('./routes/listenbrainz.tsx')).ListenbrainzRoute,
  quiet,
);
const upload = screen('/upload', async () => (await import('./routes/upload.tsx')).UploadRoute, quiet);
const connected = screen(
  '/connected',
  async () => (await import('./routes/connected.tsx')).ConnectedRoute,
  quiet,
);
const top40 = screen(
  TOP40,
  async () => (await import('./routes/top40.tsx')).Top40Route,
  <Spinner label="Loading your top artists..." />,
  true,
);
// The operator console (docs/operator.md): its own chunks, never asked for by a listener's screens.
const console_ = screen(
  '/admin',
  async () => (await import('../features/admin/admin-console.tsx')).AdminConsole,
  quiet,
);
// A friend's challenge link (docs/product.md, "Challenge a friend"): no sign-in, its own chunk.
const challenge = screen('/c', async () => (await import('./routes/challenge.tsx')).ChallengeRoute, quiet);
const quiz = screen(
  '/quiz',
  async () => (await import('./routes/quiz.tsx')).QuizRoute,
  <Spinner label="Loading quiz..." />,
  true,
);

/**
 * The routes (docs/product.md, "Screens and routes"): open /login, /signup, /callback, /listenbrainz,
 * /upload (a data export) and /connected (back from Last.fm); protected / and /quiz; anything else → /.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The console needs neither the listener's configuration nor their layout.
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return console_;
  return (
    <RouteErrorBoundary>
      <ConfigGate until={firstScreenLoading()}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path={LOGIN} element={login} />
            <Route path={SIGNUP} element={signup} />
            <Route path={CALLBACK} element={callback} />
            <Route path="/listenbrainz" element={listenbrainz} />
            <Route path="/upload" element={upload} />
            <Route path="/connected" element={connected} />
            <Route path={`${CHALLENGE_PAGE}:id`} element={challenge} />
            <Route element={<RequireSession />}>
              <Route path={TOP40} element={top40} />
              <Route path="/quiz" element={quiz} />
            </Route>
            <Route path="*" element={<Navigate to={TOP40} replace />} />
          </Route>
        </Routes>
      </ConfigGate>
    </RouteErrorBoundary>
  );
}
