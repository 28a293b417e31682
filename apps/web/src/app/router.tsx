import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { firstScreenLoading, screen } from '../boot/screens.tsx';
import { SCREENS, type ScreenRoute, TOP40 } from './screens.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { ConfigGate } from './shell/config-gate.tsx';
import { ErrorBoundary } from './shell/error-boundary.tsx';
import { RequireSession } from './shell/require-session.tsx';

// Which screen is at which path is the route map's (app/screens.ts); how each is loaded, and the first
// one asked for at once, is the boot's (boot/screens.tsx). A small router (wouter: routes in a switch,
// no data loaders) keeps the first route's JavaScript small.
const routesOf = (access: ScreenRoute['access'], wrap = (element: ReactNode) => element) =>
  SCREENS.filter((route) => route.access === access).map((route) => (
    <Route key={route.path} path={route.path}>
      {wrap(screen(route))}
    </Route>
  ));
const open = routesOf('open');
// Each signed-in screen behind its own guard: a screen's frame is new at every path anyway
// (app/shell/page-transition.tsx keys it by the path), so the guard looks again as it did.
const signedIn = routesOf('signedIn', (element) => <RequireSession>{element}</RequireSession>);
const admin = SCREENS.find((route) => route.access === 'console');
const console_ = admin && screen(admin);

/**
 * The routes (docs/product.md, "Screens and routes"): the open screens, the signed-in ones behind a
 * session, the operator's console outside the listener's layout; anything else → the Top 40.
 */
function AppRoutes() {
  const [pathname] = useLocation();
  // The console needs neither the listener's configuration nor their layout.
  if (admin && (pathname === admin.path || pathname.startsWith(`${admin.path}/`))) return console_;
  return (
    <ErrorBoundary>
      <ConfigGate until={firstScreenLoading()}>
        <AppLayout>
          <Switch>
            {open}
            {signedIn}
            <Route>
              <Redirect to={TOP40} replace />
            </Route>
          </Switch>
        </AppLayout>
      </ConfigGate>
    </ErrorBoundary>
  );
}

/** The whole app in a router: the browser's (boot/main.tsx), or the build's at one location (src/prerender.tsx). */
export function App({ router: Router }: { router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <ErrorBoundary whole>
        <Router>
          <AppRoutes />
        </Router>
      </ErrorBoundary>
    </StrictMode>
  );
}
