import { strToU8, zipSync } from 'fflate';
import { SAMPLE_ARTISTS, SAMPLE_NEWEST } from '../spotify-export/index.ts';
import { type AppleExportOptions, appleDailyTracks, appleLibraryTracks, applePlayActivity } from './apple.ts';
import { type YoutubeExportOptions, youtubeSearchHistory, youtubeWatchHistory } from './youtube.ts';

export type { AppleExportOptions } from './apple.ts';
export { APPLE_DAILY_COLUMNS, APPLE_DECOYS, appleDailyTracks } from './apple.ts';
export type { YoutubeExportOptions } from './youtube.ts';
export { YOUTUBE_DECOYS, youtubeWatchHistory } from './youtube.ts';

/** Where Apple puts the daily tracks inside `Apple_Media_Services.zip`. */
export const APPLE_DAILY_PATH =
  'Apple_Media_Services/Apple Music Activity/Apple Music - Play History Daily Tracks.csv';
/** Where Takeout puts the watch history (in English; the folder names follow the account's language). */
export const YOUTUBE_HISTORY_PATH = 'Takeout/YouTube and YouTube Music/history/watch-history.json';

/** `Apple_Media_Services.zip`: the daily tracks, the library and the play activity, as Apple packs them. */
export function appleInnerZip(options: AppleExportOptions & { library?: boolean }): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'Apple_Media_Services/Apple Music Activity/Apple Music Play Activity.csv': strToU8(applePlayActivity()),
    [APPLE_DAILY_PATH]: strToU8([...appleDailyTracks(options)].join('')),
  };
  if (options.library !== false) {
    files['Apple_Media_Services/Apple Music Activity/Apple Music Library Tracks.json'] = strToU8(
      appleLibraryTracks(options.artists),
    );
  }
  return zipSync(files, { level: 6 });
}

/** The zip Apple's privacy site hands over: `Apple_Media_Services.zip` inside a folder of its own. */
export function appleExportZip(options: AppleExportOptions & { library?: boolean }): Uint8Array {
  return zipSync(
    {
      'Apple Media Services information/Apple_Media_Services.zip': [appleInnerZip(options), { level: 0 }],
      'Apple Media Services information/Read Me First.pdf': strToU8('%PDF-1.4 (a guide to the files)'),
    },
    { level: 0 },
  );
}

/** A Takeout zip of YouTube and YouTube Music: the watch history, the search history and Takeout's index. */
export function youtubeExportZip(
  options: YoutubeExportOptions,
  historyPath = YOUTUBE_HISTORY_PATH,
): Uint8Array {
  return zipSync(
    {
      [historyPath]: strToU8([...youtubeWatchHistory(options)].join('')),
      [historyPath.replace(/[^/]*$/, 'search-history.json')]: strToU8(youtubeSearchHistory(options.newest)),
      'Takeout/archive_browser.html': strToU8('<!doctype html><title>Takeout</title>'),
    },
    { level: 6 },
  );
}

/** The newest entry of the Apple and YouTube samples: on the hour, as Apple's rows are. */
const SAMPLE_NEWEST_HOUR = new Date(Math.floor(SAMPLE_NEWEST.getTime() / 3_600_000) * 3_600_000);

/** The sample "Try a sample" loads under Apple Music: the demo catalogue's first 45 artists. */
export function sampleAppleExportZip(): Uint8Array {
  return appleExportZip({ artists: SAMPLE_ARTISTS, newest: SAMPLE_NEWEST_HOUR });
}

/** The sample "Try a sample" loads under YouTube Music: the demo catalogue's first 45 artists. */
export function sampleYoutubeExportZip(): Uint8Array {
  return youtubeExportZip({ artists: SAMPLE_ARTISTS, newest: SAMPLE_NEWEST_HOUR });
}
