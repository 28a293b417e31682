// The one table of what lives where on the server's origin (docs/architecture.md, "The route table"):
// the server (CORS, CSP, static hosting), the web build (prerender, service worker) and the tests read
// it, and nothing else writes a path prefix or a page's path down a second time.

/** Where the server answers with data (JSON), never with a page or a script. An unknown path here is a 404. */
export const API_PREFIXES = ['/functions/', '/rest/', '/auth/', '/api/'] as const;

/** The web app's configuration: data, read by the app before anything else. */
export const CONFIG_PATH = '/app-config.json';

/** The readiness and liveness checks: data, never a page. */
export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

/**
 * The signup page's query after the browser posted the waitlist form itself (no script, or before the
 * app had taken the page over): the server answers such a post with this page, saying how it went
 * (docs/product.md, "The waitlist form").
 */
export const SIGNUP_OUTCOME = { param: 'signup', thanks: 'thanks', error: 'error' } as const;

/** One of the pages the web build writes into `dist/pages/` for a screen a visit often opens on. */
export interface PageRoute {
  /** The path the listener's browser asks for. */
  path: string;
  /** The page's file name in `dist/pages/`, without `.html`. */
  name: string;
  /**
   * `prerendered`: the screen's markup is rendered at build time (the browser paints it before any
   * script runs). `preloaded`: the shell, with the screen's code and stylesheets asked for at once.
   */
  render: 'prerendered' | 'preloaded';
  /** Whether a second page, `<name>.lastfm.html`, is written with "Continue with Last.fm" shown. */
  lastfmVariant: boolean;
  /**
   * Whether `<name>.thanks.html` and `<name>.error.html` are written too: the screen saying how a form
   * the browser posted itself went (no script, or before the app had taken over), which the server
   * sends for `?signup=thanks|error` (`SIGNUP_OUTCOME`, above).
   */
  answers?: boolean;
}

/** The pages of the build (docs/architecture.md, "The first frame"); any other path gets the shell. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/login', name: 'login', render: 'prerendered', lastfmVariant: true },
  { path: '/signup', name: 'signup', render: 'prerendered', lastfmVariant: false, answers: true },
  { path: '/', name: 'top40', render: 'preloaded', lastfmVariant: false },
  { path: '/callback', name: 'callback', render: 'preloaded', lastfmVariant: false },
];

/**
 * A friend's challenge, `/c/<id>` (docs/product.md, "Challenge a friend"): a page the server composes for
 * each link from the shell, with the link's own title and preview, never from the build's pages.
 */
export const CHALLENGE_PAGE = '/c/';

/** Whether a path is below one of the API prefixes (`/api/x`, not `/api` itself). */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Whether a path answers with data: the API, the configuration and the health checks. */
export function answersData(path: string): boolean {
  return isApiPath(path) || path === CONFIG_PATH || (HEALTH_PATHS as readonly string[]).includes(path);
}

/**
 * Whether a browser may call a path from the web app's own origin when it is served elsewhere (CORS): the
 * configuration, and the API as a route `/api/*` matches it (the folder itself and anything below it).
 */
export function corsApplies(path: string): boolean {
  return (
    path === CONFIG_PATH || isApiPath(path) || API_PREFIXES.some((prefix) => path === prefix.slice(0, -1))
  );
}

/** The page of a path (a trailing slash ignored), if the build writes one. */
export function pageRoute(path: string): PageRoute | undefined {
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  return PAGE_ROUTES.find((page) => page.path === bare);
}
