import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { artistImageRoutes } from './artist-images/routes.ts';
import type { AppEnv, Emulator, Mode } from './context.ts';
import { apiError } from './context.ts';
import { buildCatalogue } from './data/catalogue.ts';
import { demoData } from './data/demo.ts';
import type { EmulatorData } from './data/types.ts';
import { generatorRoutes } from './generator/generator.ts';
import { faults, requestLog, requireToken } from './middleware.ts';
import { previewRoutes } from './previews/routes.ts';
import { albumRoutes } from './routes/albums.ts';
import { artistRoutes } from './routes/artists.ts';
import { audioRoutes } from './routes/audio.ts';
import { authorizeRoutes } from './routes/authorize.ts';
import { browseRoutes } from './routes/browse.ts';
import { controlRoutes } from './routes/control.ts';
import { followRoutes } from './routes/follow.ts';
import { imageRoutes } from './routes/images.ts';
import { libraryRoutes } from './routes/library.ts';
import { playerRoutes } from './routes/player.ts';
import { playerHistoryRoutes } from './routes/player-history.ts';
import { playlistItemRoutes } from './routes/playlist-items.ts';
import { playlistRoutes } from './routes/playlists.ts';
import { savedItemRoutes } from './routes/saved-items.ts';
import { searchRoutes } from './routes/search.ts';
import { showRoutes } from './routes/shows.ts';
import { tokenRoutes } from './routes/token.ts';
import { trackRoutes } from './routes/tracks.ts';
import { userRoutes } from './routes/users.ts';
import { smsRoutes } from './sms/twilio.ts';
import { artistNamesById, demoSources, type SourceData } from './sources/data.ts';
import { lastfmRoutes } from './sources/lastfm.ts';
import { listenbrainzRoutes } from './sources/listenbrainz.ts';
import { createStore } from './store.ts';
import { ApiError } from './validate.ts';

export interface EmulatorOptions {
  /** The catalogue and listeners; the built-in demo data when absent. */
  data?: EmulatorData;
  /** `development` (default) omits popularity, followers and genres from artists, as Spotify does. */
  mode?: Mode;
  /** Milliseconds since the epoch; lets tests move time. */
  clock?: () => number;
  /** The /_emulator control endpoints (default on). */
  control?: boolean;
  /** Access-token lifetime in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** Refresh-token lifetime in seconds (default about 6 months). */
  refreshTokenSeconds?: number;
  /** Accounts of the local Last.fm and ListenBrainz; the demo accounts when absent. */
  sources?: SourceData;
  /** Reads the data file again, for `POST /_emulator/reload`. */
  reloadData?: () => EmulatorData;
  /** The product's SMS webhook: replies sent from the SMS inbox are posted there, signed. */
  smsWebhookUrl?: string;
  /** How the SMS webhook is reached (tests pass the server's own fetch). */
  smsWebhookFetch?: typeof fetch;
}

/** Builds a local Spotify (accounts service and Web API) as a Hono app; `serve.ts` only listens. */
export function createEmulator(options: EmulatorOptions = {}) {
  const clock = options.clock ?? Date.now;
  // The data the emulator started with, or last reloaded; reset returns to it.
  let data = options.data ?? demoData;
  const initial = buildCatalogue(data);
  const emu: Emulator = {
    cat: initial,
    store: createStore(initial, clock()),
    mode: options.mode ?? 'development',
    now: () => clock() + emu.store.clockOffsetMs,
    accessTokenSeconds: options.accessTokenSeconds ?? 3600,
    refreshTokenSeconds: options.refreshTokenSeconds ?? 182 * 86_400,
    reset: () => {
      emu.cat = buildCatalogue(data);
      emu.store = createStore(emu.cat, clock());
    },
    replaceData: (next) => {
      data = next;
      const cat = buildCatalogue(next);
      const fresh = createStore(cat, clock());
      for (const [id, state] of fresh.listeners) {
        if (!emu.store.listeners.has(id)) emu.store.listeners.set(id, state);
      }
      emu.cat = cat;
    },
    ...(options.reloadData ? { reloadData: options.reloadData } : {}),
  };

  const app = new Hono<AppEnv>();
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.get('/healthz', (c) => c.json({ ok: true }));
  // Browsers ask for an icon on the sign-in page; answer without a 404 in their console.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  if (options.control !== false) app.route('/_emulator', controlRoutes(emu));
  // A local Last.fm (<emulator>/lastfm/api/auth/ and /lastfm/2.0/) and ListenBrainz (<emulator>/listenbrainz),
  // over the same artists: the server's EMULATOR_URL reaches them there (apps/server/src/env.ts).
  const names = artistNamesById(data);
  const control = options.control !== false;
  app.route(
    '/lastfm',
    lastfmRoutes({
      listeners: options.sources?.lastfm ?? data.lastfm ?? (data === demoData ? demoSources.lastfm : []),
      names,
      control,
      now: clock,
    }),
  );
  app.route(
    '/listenbrainz',
    listenbrainzRoutes({
      listeners:
        options.sources?.listenbrainz ??
        data.listenbrainz ??
        (data === demoData ? demoSources.listenbrainz : []),
      names,
      control,
      now: clock,
    }),
  );
  // Deezer, MusicBrainz, Wikidata and Wikimedia Commons, for images of artists sources give without.
  app.route('/', artistImageRoutes(names, control));
  // A local SMS provider in Twilio's convention, at <emulator>/twilio.
  app.route(
    '/twilio',
    smsRoutes({
      control,
      now: clock,
      ...(options.smsWebhookUrl ? { webhookUrl: options.smsWebhookUrl } : {}),
      ...(options.smsWebhookFetch ? { webhookFetch: options.smsWebhookFetch } : {}),
    }),
  );
  // Deezer's top tracks and the iTunes Search API, with 30 s previews, for sound clues.
  app.route('/', previewRoutes(names, control));
  // A local OpenAI-compatible message generator: LLM_BASE_URL=<emulator>/openai/v1.
  app.route('/openai', generatorRoutes({ control: options.control !== false }));
  app.use('/v1/*', requestLog(emu));
  app.use('/api/*', requestLog(emu));
  app.use('/authorize', requestLog(emu));
  app.use('/v1/*', faults(emu));
  app.use('/api/*', faults(emu));
  app.use('/authorize', faults(emu));
  app.route('/', authorizeRoutes(emu));
  app.route('/', tokenRoutes(emu));
  app.route('/', imageRoutes(emu));
  app.use('/v1/*', requireToken(emu));
  const sections = [
    userRoutes,
    libraryRoutes,
    savedItemRoutes,
    followRoutes,
    playlistRoutes,
    playlistItemRoutes,
    artistRoutes,
    albumRoutes,
    trackRoutes,
    showRoutes,
    browseRoutes,
    searchRoutes,
    audioRoutes,
    playerRoutes,
    playerHistoryRoutes,
  ];
  for (const routes of sections) app.route('/v1', routes(emu));

  app.notFound((c) =>
    c.req.path.startsWith('/v1/') ? apiError(c, 404, 'Service not found') : c.text('Not found', 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) return apiError(c, error.status, error.message, error.reason);
    console.error(error);
    return apiError(c, 500, 'Server error');
  });
  return app;
}
