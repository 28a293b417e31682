// @vitest-environment node
import { ExportProblem, MAX_FILE_BYTES, parseExport } from '@heavy-rotation/music-exports';
import { afterAll, expect, test } from 'vitest';
import { loadLanguage } from '../../i18n/i18n.ts';
import { exportProblemText } from './export-problems.ts';

type Kind = 'spotify' | 'apple' | 'youtube';

async function problemOf(name: string, text: string, kind: Kind): Promise<ExportProblem> {
  const failure = await parseExport([new File([text], name)], { kind }).catch((error: unknown) => error);
  if (!(failure instanceof ExportProblem)) throw new Error(`${name} as ${kind} was read`);
  return failure;
}

const WATCH_HISTORY = JSON.stringify([
  {
    header: 'YouTube Music',
    titleUrl: 'https://music.youtube.com/watch?v=abc',
    subtitles: [{ name: 'Abe - Topic' }],
    time: '2026-10-01T00:00:00Z',
  },
]);

// One file for each problem a listener can meet, in each export's input.
const CASES: [string, string, Kind][] = [
  ['package.json', '{"name":"x"}', 'spotify'],
  ['report.pdf', '%PDF', 'spotify'],
  ['StreamingHistory_music_0.json', '[]', 'spotify'],
  ['StreamingHistory_podcast_0.json', '[]', 'spotify'],
  ['cut.json', '[{"endTime":"2024-01-01 10:00","artistName":"A","msPlayed":40000},{"end', 'spotify'],
  ['bad.json', '[{"endTime":"2024-01-01 10:00","artistName":"A","msPlayed":40000},}', 'spotify'],
  ['notes.zip', 'hello, not a zip', 'spotify'],
  ['watch-history.json', WATCH_HISTORY, 'spotify'],
  ['notes.csv', 'a,b,c\n1,2,3\n', 'apple'],
  ['empty.csv', '', 'apple'],
  ['report.pdf', '%PDF', 'apple'],
  ['Apple Music Library Tracks.json', '[]', 'apple'],
  ['watch-history.json', WATCH_HISTORY, 'apple'],
  ['watch-history.html', '<html></html>', 'youtube'],
  ['other.json', '{"a":1}', 'youtube'],
  ['daily.csv', 'Track Description,Date Played\n', 'youtube'],
  ['report.pdf', '%PDF', 'youtube'],
];

afterAll(() => loadLanguage('en'));

test("each problem an export reports is worded in English as the reader's own words, naming the file", async () => {
  const codes = new Set<string>();
  for (const [name, text, kind] of CASES) {
    const problem = await problemOf(name, text, kind);
    codes.add(problem.code);
    expect(exportProblemText(problem.code, problem.values), `${name} as ${kind}`).toBe(problem.message);
  }
  const huge = { name: 'huge.zip', size: MAX_FILE_BYTES + 1, stream: () => new ReadableStream<Uint8Array>() };
  const tooLarge = await parseExport([huge]).catch((error: unknown) => error);
  expect(tooLarge).toBeInstanceOf(ExportProblem);
  if (tooLarge instanceof ExportProblem) {
    expect(exportProblemText(tooLarge.code, tooLarge.values)).toBe(tooLarge.message);
  }
  expect(codes.size).toBeGreaterThanOrEqual(15);
});

test('a listener reading French or Japanese reads the problem in their language, with the file named', async () => {
  const problem = await problemOf('notes.csv', 'a,b,c\n1,2,3\n', 'apple');
  await loadLanguage('fr');
  const french = exportProblemText(problem.code, problem.values);
  expect(french).toMatch(/^notes\.csv n'est pas l'historique quotidien d'Apple Music/);
  await loadLanguage('ja');
  expect(exportProblemText('nothing-read-apple', { file: 'a.json, b.json', count: 2 })).toBe(
    'a.json, b.json：このファイルには再生履歴がありません。',
  );
  expect(exportProblemText('unreadable', { file: '' })).toBe(
    'エクスポートを読み込めませんでした。もう一度お試しください。',
  );
});
