import { Hono } from 'hono';
import type { AppEnv, Emulator } from '../context.ts';
import { originOf } from '../context.ts';
import type { Track } from '../data/catalogue.ts';
import { seeded } from '../data/ids.ts';
import { GENRES } from '../data/names.ts';
import { trackObject } from '../shapes/music.ts';
import { ApiError, checkId, idList, notFound, optionalInt } from '../validate.ts';

const round = (n: number) => Math.round(n * 1000) / 1000;

function features(origin: string, track: Track) {
  const f = (name: string) => round(seeded(`${name}:${track.id}`));
  return {
    acousticness: f('acoustic'),
    analysis_url: `${origin}/v1/audio-analysis/${track.id}`,
    danceability: f('dance'),
    duration_ms: track.durationMs,
    energy: f('energy'),
    id: track.id,
    instrumentalness: f('instrumental'),
    key: Math.floor(f('key') * 12),
    liveness: f('live'),
    loudness: round(-20 + f('loud') * 18),
    mode: f('mode') < 0.5 ? 0 : 1,
    speechiness: f('speech'),
    tempo: round(70 + f('tempo') * 110),
    time_signature: 4,
    track_href: `${origin}/v1/tracks/${track.id}`,
    type: 'audio_features',
    uri: `spotify:track:${track.id}`,
    valence: f('valence'),
  };
}

function analysis(track: Track) {
  const seconds = track.durationMs / 1000;
  const tempo = 70 + seeded(`tempo:${track.id}`) * 110;
  const beat = 60 / tempo;
  const intervals = (step: number) =>
    Array.from({ length: Math.floor(seconds / step) }, (_, i) => ({
      start: round(i * step),
      duration: round(step),
      confidence: 0.5,
    }));
  const sectionLength = seconds / 4;
  return {
    meta: {
      analyzer_version: '4.0.0',
      platform: 'Linux',
      detailed_status: 'OK',
      status_code: 0,
      timestamp: 0,
      analysis_time: 1.5,
      input_process: 'libvorbisfile L+R 44100->22050',
    },
    track: {
      num_samples: Math.floor(seconds * 22050),
      duration: round(seconds),
      sample_md5: '',
      offset_seconds: 0,
      window_seconds: 0,
      analysis_sample_rate: 22050,
      analysis_channels: 1,
      end_of_fade_in: 0,
      start_of_fade_out: round(seconds - 5),
      loudness: -8,
      tempo: round(tempo),
      tempo_confidence: 0.7,
      time_signature: 4,
      time_signature_confidence: 1,
      key: 0,
      key_confidence: 0.5,
      mode: 1,
      mode_confidence: 0.5,
      codestring: '',
      code_version: 3.15,
      echoprintstring: '',
      echoprint_version: 4.15,
      synchstring: '',
      synch_version: 1,
      rhythmstring: '',
      rhythm_version: 1,
    },
    bars: intervals(beat * 4),
    beats: intervals(beat),
    sections: Array.from({ length: 4 }, (_, i) => ({
      start: round(i * sectionLength),
      duration: round(sectionLength),
      confidence: 1,
      loudness: -8,
      tempo: round(tempo),
      tempo_confidence: 0.7,
      key: 0,
      key_confidence: 0.5,
      mode: 1,
      mode_confidence: 0.5,
      time_signature: 4,
      time_signature_confidence: 1,
    })),
    segments: intervals(2).map((i) => ({
      ...i,
      loudness_start: -20,
      loudness_max: -8,
      loudness_max_time: 0.1,
      loudness_end: -20,
      pitches: Array(12).fill(0.5),
      timbre: Array(12).fill(0),
    })),
    tatums: intervals(beat / 2),
  };
}

export function audioRoutes(emu: Emulator) {
  const app = new Hono<AppEnv>();
  const findTrack = (id: string) => {
    const track = emu.cat.tracks.get(checkId(id));
    if (!track) throw notFound();
    return track;
  };

  app.get('/audio-features', (c) => {
    const origin = originOf(c);
    return c.json({
      audio_features: idList(c.req.query('ids'), 100).map((id) => {
        const track = emu.cat.tracks.get(id);
        return track ? features(origin, track) : null;
      }),
    });
  });
  app.get('/audio-features/:id', (c) => c.json(features(originOf(c), findTrack(c.req.param('id')))));
  app.get('/audio-analysis/:id', (c) => c.json(analysis(findTrack(c.req.param('id')))));

  app.get('/recommendations/available-genre-seeds', (c) => c.json({ genres: GENRES }));

  app.get('/recommendations', (c) => {
    const limit = optionalInt(c, 'limit', 1, 100) ?? 20;
    const list = (name: string) => (c.req.query(name) ?? '').split(',').filter(Boolean);
    const artists = list('seed_artists');
    const genres = list('seed_genres');
    const tracks = list('seed_tracks');
    const seeds = artists.length + genres.length + tracks.length;
    if (seeds === 0)
      throw new ApiError(400, 'Missing seed: at least one of seed_artists, seed_genres, seed_tracks');
    if (seeds > 5) throw new ApiError(400, 'Too many seeds, at most 5 are allowed');
    if (artists.some((id) => !emu.cat.artists.has(checkId(id))))
      throw new ApiError(400, 'Invalid artist seed');
    if (tracks.some((id) => !emu.cat.tracks.has(checkId(id)))) throw new ApiError(400, 'Invalid track seed');
    if (genres.some((g) => !GENRES.includes(g))) throw new ApiError(400, 'Invalid genre seed');
    const origin = originOf(c);
    const pool = [...emu.cat.tracks.values()].filter(
      (t) =>
        t.artistIds.some(
          (a) => artists.includes(a) || genres.some((g) => emu.cat.artists.get(a)?.genres?.includes(g)),
        ) || tracks.length > 0,
    );
    const start = Math.floor(seeded(`rec:${c.req.url}`) * Math.max(1, pool.length - limit));
    const seedObject = (type: string, id: string) => ({
      afterFilteringSize: pool.length,
      afterRelinkingSize: pool.length,
      ...(type === 'GENRE' ? {} : { href: `${origin}/v1/${type.toLowerCase()}s/${id}` }),
      id,
      initialPoolSize: pool.length,
      type,
    });
    return c.json({
      seeds: [
        ...artists.map((id) => seedObject('ARTIST', id)),
        ...tracks.map((id) => seedObject('TRACK', id)),
        ...genres.map((g) => seedObject('GENRE', g)),
      ],
      tracks: pool.slice(start, start + limit).map((t) => trackObject(emu, origin, t)),
    });
  });

  return app;
}
