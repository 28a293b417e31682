import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { firstScreenShown } from '../lib/after-load.ts';
import { screenTakenOver } from '../lib/handover.ts';
import { KEYS } from '../lib/session.ts';
import { readString } from '../lib/storage.ts';
import { reloadingForDeploy } from '../pwa/chunk-reload.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { ConfigGate } from './shell/config-gate.tsx';
import { RequireSession } from './shell/require-session.tsx';
import { RouteErrorBoundary } from './shell/route-error-boundary.tsx';

// Every screen is its own chunk: /login never pays for the Top 40 or the quiz. Declarative routes
// (no data router) keep the first route's JavaScript small.
/** Whether this page load opens `path` (a protected one only with a stored session, else it redirects). */
function opensAt(path: string, signedIn: boolean): boolean {
  if (typeof window === 'undefined' || window.location.pathname !== path) return false;
  return (
    !signedIn ||
    readString(KEYS.accessToken) !== null ||
    readString(KEYS.sourceSession) !== null ||
    readString(KEYS.exportListener) !== null
  );
}

// The chunk of the screen this page load opens, while it loads: the configuration gate waits for it too.
let firstScreen: Promise<unknown> | undefined;

/**
 * A screen whose chunk is already here renders at once: suspending would show the fallback and hold
 * the screen back (React reveals content no sooner than 300 ms after a fallback appeared).
 */
function LoadedOrLazy({ loaded, Lazy }: { loaded: () => ComponentType | undefined; Lazy: ComponentType }) {
  const Loaded = loaded();
  // Committed only with the screen (not its fallback): what waits for the first screen may go after it,
  // and the input the page kept until the app took over is passed on (lib/handover.ts).
  useEffect(() => {
    screenTakenOver();
    firstScreenShown();
  }, []);
  return Loaded ? <Loaded /> : <Lazy />;
}

function screen(
  path: string,
  load: () => Promise<ComponentType>,
  fallback: ReactNode,
  signedIn = false,
): ReactNode {
  let loading: Promise<ComponentType> | undefined;
  let Loaded: ComponentType | undefined;
  const once = () => {
    // A chunk a deploy removed: the page is reloading into the new build (pwa/chunk-reload.ts), so the
    // screen waits for it instead of showing an error.
    loading ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) =>
        reloadingForDeploy() ? new Promise<ComponentType>(() => undefined) : Promise.reject(error),
    );
    return loading;
  };
  // The first screen's chunk is asked for now, alongside /app-config.json, not after it arrives; on
  // /callback, the Top 40's too: sign-in ends there.
  if (opensAt(path, signedIn)) {
    const settled = once().then(
      () => {
        // Here now: the gate need not wait, so a prerendered screen hydrates in its first render.
        if (firstScreen === settled) firstScreen = undefined;
      },
      () => undefined,
    );
    firstScreen = settled;
  }
  if (path === '/' && opensAt('/callback', false)) once().catch(() => undefined);
  const Lazy = lazy(async () => ({ default: await once() }));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={fallback}>
        <LoadedOrLazy loaded={() => Loaded} Lazy={Lazy} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Settles when the code of the screen this page load opens is here (at once when it opens none). */
export function firstScreenReady(): Promise<unknown> {
  return firstScreen ?? Promise.resolve();
}

const quiet = <Spinner label="Loading..." showLabel={false} />;
const login = screen('/login', async () => (await import('./routes/login.tsx')).LoginRoute, quiet);
const signup = screen('/signup', async () => (await import('./routes/signup.tsx')).SignupRoute, quiet);
const callback = screen(
  '/callback',
  async () => (await import('./routes/callback.tsx')).CallbackRoute,
  quiet,
);
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
  '/',
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
      <ConfigGate until={firstScreen}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/login" element={login} />
            <Route path="/signup" element={signup} />
            <Route path="/callback" element={callback} />
            <Route path="/listenbrainz" element={listenbrainz} />
            <Route path="/upload" element={upload} />
            <Route path="/connected" element={connected} />
            <Route path="/c/:id" element={challenge} />
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
