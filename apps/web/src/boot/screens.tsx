/**
 * The app's side of the boot (docs/architecture.md, "The first frame"): how each screen's chunk is
 * loaded, and the first screen of a page load asked for at once. The router (app/router.tsx) only says
 * which screen is at which path; what waits for the first screen (main.tsx's hydration, the
 * configuration gate) asks here.
 */
import { PAGE_ROUTES } from '@heavy-rotation/contracts/route-table';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { RouteErrorBoundary } from '../app/shell/route-error-boundary.tsx';
import { firstScreenShown } from '../lib/after-load.ts';
import { screenTakenOver } from '../lib/handover.ts';
import { KEYS } from '../lib/session.ts';
import { readString } from '../lib/storage.ts';
import { reloadingForDeploy } from '../pwa/chunk-reload.ts';

/** The path of one of the route table's pages, by its name there (`login`, `signup`, `top40`, `callback`). */
export function pagePath(name: string): string {
  const page = PAGE_ROUTES.find((route) => route.name === name);
  if (!page) throw new Error(`No page named ${name} in the route table`);
  return page.path;
}

const TOP40 = pagePath('top40');
const CALLBACK = pagePath('callback');

// Every screen is its own chunk: /login never pays for the Top 40 or the quiz.
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

/** The screen at `path`, its chunk loaded by `load`, `fallback` shown while it loads. */
export function screen(
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
  if (path === TOP40 && opensAt(CALLBACK, false)) once().catch(() => undefined);
  const Lazy = lazy(async () => ({ default: await once() }));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={fallback}>
        <LoadedOrLazy loaded={() => Loaded} Lazy={Lazy} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The first screen's chunk while it is still on its way (the configuration gate waits for it), else nothing. */
export function firstScreenLoading(): Promise<unknown> | undefined {
  return firstScreen;
}

/** Settles when the code of the screen this page load opens is here (at once when it opens none). */
export function firstScreenReady(): Promise<unknown> {
  return firstScreen ?? Promise.resolve();
}
