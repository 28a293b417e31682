import type { Emulator } from '../context.ts';
import type { Episode, Show } from '../data/catalogue.ts';
import { images, links, MARKETS, page } from './common.ts';

export function simpleShow(origin: string, show: Show) {
  const description = `Conversations about music, from ${show.publisher}.`;
  return {
    available_markets: MARKETS,
    copyrights: [],
    description,
    html_description: `<p>${description}</p>`,
    explicit: false,
    ...links(origin, 'show', show.id),
    images: images(origin, 'show', show.id),
    is_externally_hosted: false,
    languages: ['en'],
    media_type: 'audio',
    name: show.name,
    publisher: show.publisher,
    total_episodes: show.episodeIds.length,
  };
}

export function simpleEpisode(origin: string, episode: Episode) {
  const description = `${episode.name}. Stories behind the records.`;
  return {
    audio_preview_url: null,
    description,
    html_description: `<p>${description}</p>`,
    duration_ms: episode.durationMs,
    explicit: false,
    ...links(origin, 'episode', episode.id),
    images: images(origin, 'episode', episode.id),
    is_externally_hosted: false,
    is_playable: true,
    language: 'en',
    languages: ['en'],
    name: episode.name,
    release_date: episode.releaseDate,
    release_date_precision: 'day' as const,
    resume_point: { fully_played: false, resume_position_ms: 0 },
  };
}

export function episodeObject(emu: Emulator, origin: string, episode: Episode) {
  const show = emu.cat.shows.get(episode.showId);
  return { ...simpleEpisode(origin, episode), ...(show ? { show: simpleShow(origin, show) } : {}) };
}

export function showObject(emu: Emulator, origin: string, show: Show) {
  const episodes = show.episodeIds.flatMap((id) => emu.cat.episodes.get(id) ?? []);
  return {
    ...simpleShow(origin, show),
    episodes: page(`${origin}/v1/shows/${show.id}/episodes`, episodes, 50, 0, (e) =>
      simpleEpisode(origin, e),
    ),
  };
}
