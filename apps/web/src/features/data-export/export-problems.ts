import type { ExportProblemCode, ExportProblemValues } from '@heavy-rotation/music-exports';
import { t } from '../../i18n/i18n.ts';

/**
 * What went wrong reading an export: the reader's code (packages/music-exports, problems.ts), or the
 * page's own: a failure the reader did not foresee, or a sample that could not be fetched.
 */
export type ImportProblem = ExportProblemCode | 'unreadable' | 'sample-unavailable';

/**
 * A problem of an export in the listener's language: the reader reports a code and the file's name, the
 * page words it (docs/languages.md). Each id is written out, so the catalogs' check finds it.
 */
export function exportProblemText(code: ImportProblem, values: ExportProblemValues): string {
  const v = { file: values.file, count: values.count ?? 1 };
  switch (code) {
    case 'too-large':
      return t('landing.exportProblem.tooLarge', v);
    case 'damaged-zip':
      return t('landing.exportProblem.damagedZip', v);
    case 'damaged-json':
      return t('landing.exportProblem.damagedJson', v);
    case 'json-ends-early':
      return t('landing.exportProblem.jsonEndsEarly', v);
    case 'damaged-csv':
      return t('landing.exportProblem.damagedCsv', v);
    case 'empty':
      return t('landing.exportProblem.empty', v);
    case 'no-plays':
      return t('landing.exportProblem.noPlays', v);
    case 'html-history-file':
      return t('landing.exportProblem.htmlHistoryFile', v);
    case 'html-history-zip':
      return t('landing.exportProblem.htmlHistoryZip', v);
    case 'looks-like-spotify':
      return t('landing.exportProblem.looksLikeSpotify', v);
    case 'looks-like-apple':
      return t('landing.exportProblem.looksLikeApple', v);
    case 'looks-like-youtube':
      return t('landing.exportProblem.looksLikeYoutube', v);
    case 'wrong-file-spotify':
      return t('landing.exportProblem.wrongFileSpotify', v);
    case 'wrong-file-apple':
      return t('landing.exportProblem.wrongFileApple', v);
    case 'wrong-file-youtube':
      return t('landing.exportProblem.wrongFileYoutube', v);
    case 'not-history-spotify':
      return t('landing.exportProblem.notHistorySpotify', v);
    case 'not-history-apple':
      return t('landing.exportProblem.notHistoryApple', v);
    case 'not-history-youtube':
      return t('landing.exportProblem.notHistoryYoutube', v);
    case 'no-history-spotify':
      return t('landing.exportProblem.noHistorySpotify', v);
    case 'no-history-apple':
      return t('landing.exportProblem.noHistoryApple', v);
    case 'no-history-youtube':
      return t('landing.exportProblem.noHistoryYoutube', v);
    case 'zip-no-plays-spotify':
      return t('landing.exportProblem.zipNoPlaysSpotify', v);
    case 'zip-no-plays-apple':
    case 'zip-no-plays-youtube':
      return t('landing.exportProblem.zipNoPlays', v);
    case 'nothing-read-spotify':
      return t('landing.exportProblem.nothingReadSpotify', v);
    case 'nothing-read-apple':
    case 'nothing-read-youtube':
      return t('landing.exportProblem.nothingRead', v);
    case 'unreadable':
      return t('landing.exportProblem.unreadable');
    case 'sample-unavailable':
      return t('landing.exportProblem.sampleUnavailable');
  }
}
