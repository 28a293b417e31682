/**
 * Reads a CSV file as its text arrives and hands over, for each row, only the columns asked for, found
 * by their names in the header row (any order, any case, extra columns ignored). Fields may be quoted
 * ("a, b", "say ""hi"""), and a quoted field may hold a line break. Only the text of one row is held.
 */

export class CsvShapeError extends Error {
  override readonly name = 'CsvShapeError';
}

/** Longer than any row of a history: a longer one means the text is not what it should be. */
const MAX_ROW_CHARS = 1024 * 1024;

function fieldsOf(line: string): string[] {
  if (line.indexOf('"') < 0) return line.split(',');
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line.charCodeAt(i) === 34) {
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = line.indexOf('"', from);
        if (quote < 0) throw new CsvShapeError('a quote not closed');
        value += line.slice(from, quote);
        if (line.charCodeAt(quote + 1) === 34) {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      fields.push(value);
      const comma = line.indexOf(',', i);
      if (comma < 0) return fields;
      i = comma + 1;
    } else {
      const comma = line.indexOf(',', i);
      if (comma < 0) {
        fields.push(line.slice(i));
        return fields;
      }
      fields.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

/**
 * One row as the reader hands it over: the columns asked for (by their place in the reader's list,
 * their slot), read where they stand in the text. A field is cut out as a string only when asked for
 * as text; numbers are read from the digits in place.
 */
export class CsvRow {
  /** For each slot: the text its value stands in, and where the value starts and ends there. */
  private readonly texts: string[];
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor(slots: number) {
    this.texts = new Array<string>(slots).fill('');
    this.starts = new Int32Array(slots);
    this.ends = new Int32Array(slots);
  }

  /** @internal Called by the reader. */
  set(slot: number, text: string, start: number, end: number): void {
    this.texts[slot] = text;
    this.starts[slot] = start;
    this.ends[slot] = end;
  }

  /** The field's value; an empty string for a column the header or the row does not have. */
  text(slot: number): string {
    return (this.texts[slot] ?? '').slice(this.starts[slot] ?? 0, this.ends[slot] ?? 0);
  }

  /** How many characters the field's value has. */
  length(slot: number): number {
    return (this.ends[slot] ?? 0) - (this.starts[slot] ?? 0);
  }

  /** The field's value is `word`, exactly. */
  is(slot: number, word: string): boolean {
    return this.length(slot) === word.length && (this.texts[slot] ?? '').startsWith(word, this.starts[slot]);
  }

  /** The field's value when it is digits only (at most 15), read in place; -1 otherwise. */
  digits(slot: number): number {
    const text = this.texts[slot] ?? '';
    const start = this.starts[slot] ?? 0;
    const end = this.ends[slot] ?? 0;
    if (end <= start || end - start > 15) return -1;
    let value = 0;
    for (let i = start; i < end; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return -1;
      value = value * 10 + digit;
    }
    return value;
  }

  /** `Number(text)`, read from the digits in place when the value is digits only. */
  number(slot: number): number {
    const digits = this.digits(slot);
    return digits >= 0 ? digits : Number(this.text(slot));
  }
}

export class CsvReader {
  private buffer = '';
  private indexes: number[] | null = null;
  /** For each column up to the last one wanted: its slot, or -1. */
  private slots: number[] = [];
  private readonly row: CsvRow;
  /** The header row's names, once read. */
  header: string[] | null = null;
  /** Rows handed over. */
  rows = 0;

  /**
   * @param columns names of the columns wanted, their slots in the row handed over; `onHeader` may
   * throw when ones it needs are missing (their index is -1, and their value an empty string).
   */
  constructor(
    private readonly columns: readonly string[],
    private readonly onHeader: (indexes: readonly number[], header: readonly string[]) => void,
    private readonly onRow: (row: CsvRow) => void,
  ) {
    this.row = new CsvRow(columns.length);
  }

  push(text: string, final: boolean): void {
    const s = this.buffer.length > 0 ? this.buffer + text : text;
    let start = 0;
    let quotes = 0;
    let searchFrom = 0;
    // The next quote of the text, found once and kept: most rows have none, and looking again from each
    // row would read the text to the next quote over and over.
    let quote = s.indexOf('"');
    for (;;) {
      const newline = s.indexOf('\n', searchFrom);
      if (newline < 0) break;
      // A quoted field may hold a line break: the row ends only where the quotes are balanced.
      while (quote >= 0 && quote < newline) {
        quotes++;
        quote = s.indexOf('"', quote + 1);
      }
      if (quotes % 2 === 1) {
        searchFrom = newline + 1;
        continue;
      }
      this.line(s, start, newline, quotes > 0);
      start = newline + 1;
      searchFrom = start;
      quotes = 0;
    }
    if (final) {
      if (start < s.length) this.line(s, start, s.length, s.indexOf('"', start) >= 0);
      this.buffer = '';
      return;
    }
    this.buffer = s.slice(start);
    if (this.buffer.length > MAX_ROW_CHARS) throw new CsvShapeError('a row too long');
  }

  private line(s: string, start: number, end: number, quoted: boolean): void {
    const stop = end > start && s.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop <= start) return;
    if (!this.indexes) {
      this.readHeader(fieldsOf(s.slice(start, stop)));
      return;
    }
    this.rows++;
    const row = this.row;
    if (quoted) {
      const fields = fieldsOf(s.slice(start, stop));
      this.indexes.forEach((column, slot) => {
        const value = (column >= 0 ? fields[column] : undefined) ?? '';
        row.set(slot, value, 0, value.length);
      });
    } else {
      // Only the columns wanted are found; nothing is cut out of the text here.
      let from = start;
      let column = 0;
      for (; column < this.slots.length; column++) {
        let comma = s.indexOf(',', from);
        if (comma < 0 || comma > stop) comma = stop;
        const slot = this.slots[column] ?? -1;
        if (slot >= 0) row.set(slot, s, from, comma);
        if (comma === stop) break;
        from = comma + 1;
      }
      // A row shorter than the header: the columns it lacks are empty.
      for (column++; column < this.slots.length; column++) {
        const slot = this.slots[column] ?? -1;
        if (slot >= 0) row.set(slot, '', 0, 0);
      }
    }
    this.onRow(row);
  }

  private readHeader(fields: string[]): void {
    if (fields[0]?.charCodeAt(0) === 0xfeff) fields[0] = fields[0].slice(1);
    this.header = fields.map((f) => f.trim());
    const lower = this.header.map((f) => f.toLowerCase());
    const indexes = this.columns.map((c) => lower.indexOf(c.toLowerCase()));
    this.indexes = indexes;
    this.slots = new Array<number>(Math.max(0, ...indexes) + 1).fill(-1);
    indexes.forEach((column, slot) => {
      if (column >= 0) this.slots[column] = slot;
    });
    this.onHeader(indexes, this.header);
  }
}
