/**
 * The app's side of the boot (docs/architecture.md, "The first frame"): how each screen's chunk is
 * loaded, and the first screen of a page load asked for at once. Which screen is at which path is the
 * route map's (app/screens.ts); what waits for the first screen (boot/main.tsx's hydration, the
 * configuration gate) asks here.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { SCREENS, type ScreenRoute } from '../app/screens.ts';
import { ErrorBoundary } from '../app/shell/error-boundary.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { t } from '../i18n/i18n.ts';
import type { MessageId } from '../i18n/keys.ts';
import { screenTakenOver } from '../lib/handover.ts';
import { KEYS } from '../lib/session.ts';
import { readString } from '../lib/storage.ts';
import { reloadingForDeploy } from '../pwa/chunk-reload.ts';
import { firstScreenShown } from './after-load.ts';

// Every screen is its own chunk: /login never pays for the Top 40 or the quiz.
/** Whether this page load opens the screen at `path` (a signed-in one only with a stored session, else it redirects). */
function opensAt(path: string, signedIn: boolean): boolean {
  // Matched as the router matches (wouter's default parser is regexparam's `parse`), before it renders.
  if (typeof window === 'undefined' || !matchRoute(parse, path, window.location.pathname)[0]) return false;
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

/** The spinner while a screen's chunk loads: its words read as it shows (the routes are built before any catalog loads). */
function ScreenLoading({ label }: { label: MessageId | undefined }) {
  return <Spinner label={t(label ?? 'common.loading')} showLabel={label !== undefined} />;
}

/** The screen of a route of the map (app/screens.ts), its chunk loaded on first use, a spinner meanwhile. */
export function screen({ path, load, access, loading: label }: ScreenRoute): ReactNode {
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
  // /callback, the Top 40's too (`next`): sign-in ends there.
  if (opensAt(path, access === 'signedIn')) {
    const settled = once().then(
      () => {
        // Here now: the gate need not wait, so a prerendered screen hydrates in its first render.
        if (firstScreen === settled) firstScreen = undefined;
      },
      () => undefined,
    );
    firstScreen = settled;
  }
  if (SCREENS.some((other) => other.next === path && opensAt(other.path, false)))
    once().catch(() => undefined);
  const Lazy = lazy(async () => ({ default: await once() }));
  return (
    <ErrorBoundary>
      <Suspense fallback={<ScreenLoading label={label} />}>
        <LoadedOrLazy loaded={() => Loaded} Lazy={Lazy} />
      </Suspense>
    </ErrorBoundary>
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
