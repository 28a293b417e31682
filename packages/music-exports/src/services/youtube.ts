import { ExportProblem, WrongShape } from '../problems.ts';
import { type FieldValue, JsonFieldReader } from '../readers/json-fields.ts';
import { jsonHistory, orPassedOver } from '../readers/json-history.ts';
import type { ExportService, FileReader } from '../service.ts';

/**
 * Google Takeout's YouTube Music history (docs/decisions/033-apple-and-youtube-exports.md, "The Google
 * Takeout watch history"): `watch-history.json`, newest first, under a folder whose name follows the
 * account's language ("YouTube and YouTube Music", "YouTube und YouTube Music").
 */

const FOLDER = /(^|\/)[^/]*YouTube[^/]*\//i;
const HTML_HISTORY = /(^|\/)watch-history\.html$/i;
const TOPIC = / - Topic$/;

function isMusic(header: FieldValue, url: FieldValue): boolean {
  return (
    header === 'YouTube Music' || (typeof url === 'string' && /^https?:\/\/music\.youtube\.com\//.test(url))
  );
}

/**
 * A watch history: one play per YouTube Music entry (its `header`, or a `titleUrl` on music.youtube.com)
 * of a video with a channel, the artist being the channel without " - Topic". Other entries (plain
 * YouTube, searches, removed videos) are counted as read, nothing more. JSON of another shape is
 * passed over in a zip (Takeout's file names follow the account's language, so every JSON under a
 * YouTube folder is looked at) and refused chosen alone.
 */
const history: FileReader = {
  history: true,
  open(file) {
    const notHistory = () =>
      new WrongShape(file.name, 'not-history-youtube', `${file.name} isn't a YouTube watch history file.`);
    let checked = false;
    const reader = new JsonFieldReader(
      ['header', 'titleUrl', 'time', 'subtitles.0.name'],
      ([header, url, time, channel]) => {
        if (!checked) {
          checked = true;
          if (typeof header !== 'string' || typeof time !== 'string') throw notHistory();
        }
        if (!isMusic(header, url) || typeof url !== 'string' || !url.includes('/watch?')) return;
        if (typeof channel !== 'string' || typeof time !== 'string') return;
        file.add({
          artist: channel.replace(TOPIC, '').trim(),
          at: Date.parse(time),
          ms: 0,
          incognito: false,
          trackUri: null,
        });
      },
    );
    const sink = jsonHistory(reader, file, notHistory);
    // In a zip, a file that can't be read as a watch history is passed over.
    return file.alone ? sink : orPassedOver(sink);
  },
};

export const youtube: ExportService<'youtube'> = {
  kind: 'youtube',
  label: 'YouTube Music history (Google Takeout)',
  looks: 'a YouTube Music history from Google Takeout',
  measure: 'plays',
  historyName: 'play history',
  nothingRead: (names, files) => `${names}: no play history in ${files > 1 ? 'these files' : 'this file'}.`,
  loose: {
    test: /\.(json|html?)$/i,
    words: 'a .zip or .json file. Choose the .zip Google Takeout made, or watch-history.json inside it.',
  },
  ownsPath: (path) =>
    /(^|\/)Takeout\//.test(path) || /(^|\/)(watch|search)-history\.(json|html)$/i.test(path),
  ownsText: (head) => /"(titleUrl|activityControls)"\s*:/.test(head),
  search: (name) => `https://music.youtube.com/search?q=${encodeURIComponent(name)}`,
  upload: {
    id: 'youtube-music',
    title: 'YouTube Music',
    accept: '.zip,.json,application/zip,application/json',
    sample: {
      path: '/sample-youtube-music-history.zip',
      name: 'takeout-20261101T000000Z-001.zip',
    },
  },
  start: () => ({
    inZip: (path) => (/\.json$/i.test(path) && FOLDER.test(path) ? history : null),
    chosen(name) {
      if (!/\.html?$/i.test(name)) return history;
      throw new ExportProblem(
        name,
        'html-history-file',
        `${name} is the HTML version of the history. In Google Takeout, choose JSON as the history's format and export again.`,
      );
    },
    noHistory: (file, paths) =>
      paths.some((path) => HTML_HISTORY.test(path))
        ? new ExportProblem(
            file,
            'html-history-zip',
            `${file} holds the watch history as HTML. In Google Takeout, choose JSON as the history's format and export again.`,
          )
        : new ExportProblem(
            file,
            'no-history-youtube',
            `${file} holds no YouTube watch history. Takeout names it watch-history.json, in the YouTube and YouTube Music folder.`,
          ),
    finish: () => ({ displayName: null }),
  }),
};
