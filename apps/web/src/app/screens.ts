/**
 * The one map from a path to its screen (docs/architecture.md, "The route map"): the router
 * (app/router.tsx) draws its routes from it, the build groups the screens' chunks by it and lists the
 * first screens' code in every page (vite/early-script.ts), and the prerender writes the route table's
 * pages from it (scripts/prerender.ts). The paths of the pages the build writes are the route table's
 * (`PAGE_ROUTES`, packages/contracts).
 */
import { CHALLENGE_PAGE, PAGE_ROUTES, type PageRoute } from '@heavy-rotation/contracts/route-table';
import type { ComponentType } from 'react';
import type { MessageId } from '../i18n/keys.ts';

export interface ScreenRoute {
  /** The path pattern, as the router matches it (`:id` stands for one segment). */
  path: string;
  /**
   * The name of the chunk that holds the screen's code: one of `SCREEN_CHUNKS` below, else the chunk
   * of its module alone, named after its file.
   */
  chunk: string;
  /** The screen, its chunk asked for the first time it is needed. */
  load: () => Promise<ComponentType>;
  /** Anyone's; a listener's with a session (else `/login`); the operator's (no listener's layout). */
  access: 'open' | 'signedIn' | 'console';
  /** What the spinner says while the chunk loads (a catalog's id: read when it shows); a quiet one without. */
  loading?: MessageId;
  /**
   * A page load that opens here: `prerendered`, the screen's markup is in the page; `preloaded`, its
   * code is asked for with the app's entry. Neither: loaded when the router gets there.
   */
  first?: PageRoute['render'];
  /** The route table's page the build writes for this path (`dist/pages/<name>.html`). */
  page?: string;
  /** The path of a screen whose code comes with this one's (sign-in ends on /callback, then the Top 40). */
  next?: string;
}

/**
 * The chunks that hold more than one module (vite.config.ts's groups): each takes the modules its test
 * matches and all they import. The Top 40 is one file on a slow network instead of eight; the quiz and a
 * friend's challenge share the grid and the field.
 */
export const SCREEN_CHUNKS: Readonly<Record<string, RegExp>> = {
  top40: /src[\\/]app[\\/]routes[\\/]top40\.tsx$/,
  quiz: /src[\\/](app[\\/]routes[\\/](quiz|challenge)\.tsx|features[\\/](quiz|challenge)[\\/])/,
};

/** A page of the route table, by its name there: its path, how it is first drawn, its file. */
function page(name: string): Pick<ScreenRoute, 'path' | 'first' | 'page'> {
  const found = PAGE_ROUTES.find((route) => route.name === name);
  if (!found) throw new Error(`No page ${name}`);
  return { path: found.path, first: found.render, page: found.name };
}

const TOP40 = page('top40').path;

/** A screen at a path (or a page of the route table): anyone's, loaded on the way, unless `more` says otherwise. */
function route(
  at: string | ReturnType<typeof page>,
  chunk: string,
  load: ScreenRoute['load'],
  more: Partial<ScreenRoute> = {},
): ScreenRoute {
  return { ...(typeof at === 'string' ? { path: at } : at), chunk, load, access: 'open', ...more };
}

/** The screens (docs/product.md, "Screens and routes"); any other path goes to the Top 40. */
export const SCREENS: readonly ScreenRoute[] = [
  route(page('login'), 'login', async () => (await import('./routes/login.tsx')).LoginRoute),
  route(page('signup'), 'signup', async () => (await import('./routes/signup.tsx')).SignupRoute),
  // Sign-in ends there, then goes on to the Top 40.
  route(page('callback'), 'callback', async () => (await import('./routes/callback.tsx')).CallbackRoute, {
    next: TOP40,
  }),
  route(
    '/listenbrainz',
    'listenbrainz',
    async () => (await import('./routes/listenbrainz.tsx')).ListenbrainzRoute,
  ),
  route('/upload', 'upload', async () => (await import('./routes/upload.tsx')).UploadRoute),
  route('/connected', 'connected', async () => (await import('./routes/connected.tsx')).ConnectedRoute),
  // A friend's challenge link (docs/product.md, "Challenge a friend"): no sign-in; the server composes
  // its page, which asks for its code with the app's entry like the route table's pages.
  route(`${CHALLENGE_PAGE}:id`, 'quiz', async () => (await import('./routes/challenge.tsx')).ChallengeRoute, {
    first: 'preloaded',
  }),
  route(page('top40'), 'top40', async () => (await import('./routes/top40.tsx')).Top40Route, {
    access: 'signedIn',
    loading: 'top40.loading',
  }),
  route('/quiz', 'quiz', async () => (await import('./routes/quiz.tsx')).QuizRoute, {
    access: 'signedIn',
    loading: 'quiz.loading',
  }),
  // The operator console (docs/operator.md): its own chunks, never asked for by a listener's screens.
  route(
    '/admin',
    'admin-console',
    async () => (await import('../features/admin/admin-console.tsx')).AdminConsole,
    { access: 'console' },
  ),
];

/** The screen at a path pattern of the map. */
export function screenAt(path: string): ScreenRoute {
  const found = SCREENS.find((screen) => screen.path === path);
  if (!found) throw new Error(`No screen at ${path}`);
  return found;
}

export { TOP40 };
