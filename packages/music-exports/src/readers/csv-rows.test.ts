import { expect, test } from 'vitest';
import { CsvReader, CsvShapeError } from './csv-rows.ts';

const COLUMNS = ['Track Description', 'Date Played', 'Hours'];

/** Every row's wanted fields as text, the text pushed in the pieces given. */
function read(pieces: string[], columns = COLUMNS): { header: string[] | null; rows: string[][] } {
  const rows: string[][] = [];
  const reader = new CsvReader(
    columns,
    () => undefined,
    (row) => rows.push(columns.map((_, slot) => row.text(slot))),
  );
  pieces.forEach((piece, i) => {
    reader.push(piece, i === pieces.length - 1);
  });
  expect(reader.rows).toBe(rows.length);
  return { header: reader.header, rows };
}

const CSV = [
  '\ufeffCountry,Hours,"Date Played",Track Description,Play Count',
  'GB,16,20261030,Bee - One,1',
  'GB,"18, 19",20261030,"Simon, Paul - ""Graceland""",2',
  'GB,7,20261031,"Line - Two\r\nLines",1',
  'GB,8,20261031,Short',
  'GB,,,,',
  'GB,9',
  '',
  'GB,10,20261031,Last - Row,1',
].join('\r\n');
const ROWS = [
  ['Bee - One', '20261030', '16'],
  ['Simon, Paul - "Graceland"', '20261030', '18, 19'],
  ['Line - Two\r\nLines', '20261031', '7'],
  ['Short', '20261031', '8'],
  ['', '', ''],
  ['', '', '9'],
  ['Last - Row', '20261031', '10'],
];

test('columns by name in any order: quoted fields with commas, "" and line breaks, CRLF, short rows', () => {
  const { header, rows } = read([CSV]);
  expect(header).toEqual(['Country', 'Hours', 'Date Played', 'Track Description', 'Play Count']);
  expect(rows).toEqual(ROWS);
  expect(read([CSV.replaceAll('\r\n', '\n')]).rows).toEqual(
    ROWS.map((row) => row.map((field) => field.replace('\r\n', '\n'))),
  );
});

test('the text cut in two anywhere, or in one-character pieces, reads the same', () => {
  for (let cut = 0; cut <= CSV.length; cut++) {
    expect(read([CSV.slice(0, cut), CSV.slice(cut)]).rows, `cut at ${cut}`).toEqual(ROWS);
  }
  expect(read([...CSV, '']).rows).toEqual(ROWS);
});

test('a final line break or none reads the same, and a column the header lacks is empty', () => {
  expect(read([`${CSV}\r\n`]).rows).toEqual(ROWS);
  expect(read([CSV], [...COLUMNS, 'Ignore For Recommendations']).rows).toEqual(ROWS.map((r) => [...r, '']));
});

test('numbers are read in place as Number() reads the text', () => {
  const values = ['200000', '007', '', ' 42 ', '2e5', '1.5', '-3', 'abc', '1234567890123456789', '0'];
  const found: [string, number, number][] = [];
  const reader = new CsvReader(
    ['n'],
    () => undefined,
    (row) => found.push([row.text(0), row.number(0), row.length(0)]),
  );
  reader.push(`n\n${values.join('\n')}\n`, true);
  // An empty line is no row: '' is read from a row with another column.
  expect(found.map(([text]) => text)).toEqual(values.filter((v) => v !== ''));
  for (const [text, number, length] of found) {
    expect(number, text).toBe(Number(text));
    expect(length).toBe(text.length);
  }
});

test('a quote never closed, or a row longer than any history has, is malformed', () => {
  const reader = new CsvReader(
    ['a'],
    () => undefined,
    () => undefined,
  );
  expect(() => reader.push('a,b\n"open,1\n', true)).toThrow(CsvShapeError);
  const long = new CsvReader(
    ['a'],
    () => undefined,
    () => undefined,
  );
  expect(() => long.push(`a\n"${'x'.repeat(1024 * 1024 + 10)}`, false)).toThrow(CsvShapeError);
});
