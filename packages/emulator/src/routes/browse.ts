import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Category } from '../data/catalogue.ts';
import { images, MARKETS, page } from '../shapes/common.ts';
import { simpleAlbum } from '../shapes/music.ts';
import { simplePlaylist } from '../shapes/playlists.ts';
import type { PlaylistState } from '../store.ts';
import { ApiError, market, notFound, paging } from '../validate.ts';

function categoryObject(origin: string, category: Category) {
  return {
    href: `${origin}/v1/browse/categories/${category.id}`,
    icons: images(origin, 'category', category.id).slice(1, 2),
    id: category.id,
    name: category.name,
  };
}

function locale(value: string | undefined): void {
  if (value !== undefined && !/^[a-z]{2}(_[A-Z]{2})?$/.test(value)) throw new ApiError(400, 'Invalid locale');
}

export function browseRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const playlistsOf = (ids: string[]) => ids.flatMap((id) => emu.store.playlists.get(id) ?? []);
  const findCategory = (id: string) => {
    const category = emu.cat.categories.find((x) => x.id === id);
    if (!category) throw notFound();
    return category;
  };
  const playlistPage = (url: string, origin: string, all: PlaylistState[], limit: number, offset: number) =>
    page(url, all, limit, offset, (p) => simplePlaylist(emu, origin, p));

  app.get('/browse/featured-playlists', (c) => {
    locale(c.req.query('locale'));
    const { limit, offset } = paging(c);
    const all = playlistsOf(emu.cat.playlists.slice(0, 6).map((p) => p.id));
    return c.json({
      message: 'Popular Playlists',
      playlists: playlistPage(c.req.url, originOf(c), all, limit, offset),
    });
  });

  app.get('/browse/new-releases', (c) => {
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    const albums = [...emu.cat.albums.values()]
      .sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))
      .slice(0, 100);
    return c.json({ albums: page(c.req.url, albums, limit, offset, (a) => simpleAlbum(emu, origin, a)) });
  });

  app.get('/browse/categories', (c) => {
    locale(c.req.query('locale'));
    const { limit, offset } = paging(c);
    const origin = originOf(c);
    return c.json({
      categories: page(c.req.url, emu.cat.categories, limit, offset, (x) => categoryObject(origin, x)),
    });
  });

  app.get('/browse/categories/:id', (c) => {
    locale(c.req.query('locale'));
    return c.json(categoryObject(originOf(c), findCategory(c.req.param('id'))));
  });

  app.get('/browse/categories/:id/playlists', (c) => {
    const category = findCategory(c.req.param('id'));
    const { limit, offset } = paging(c);
    const all = playlistsOf(emu.cat.playlists.filter((p) => p.categoryId === category.id).map((p) => p.id));
    return c.json({
      message: category.name,
      playlists: playlistPage(c.req.url, originOf(c), all, limit, offset),
    });
  });

  app.get('/markets', (c) => {
    market(c);
    return c.json({ markets: MARKETS });
  });

  return app;
}
