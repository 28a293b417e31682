import type { Track } from '../data/catalogue.ts';
import { seeded } from '../data/ids.ts';

/** Audio features and analysis: deterministic per track, plausible in range. */
const round = (n: number) => Math.round(n * 1000) / 1000;

export function features(origin: string, track: Track) {
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

export function analysis(track: Track) {
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
