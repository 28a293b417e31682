/**
 * Reads a JSON array of objects as its text arrives and hands over, for each object, only the fields
 * asked for (docs/decisions/033-apple-and-youtube-exports.md, "Reading fast"). Strings nobody asked
 * for are stepped over with `indexOf`, never decoded, and no object is built: the text of one entry is
 * all that is held, however large the file.
 */

export type FieldValue = string | number | boolean | null | undefined;

/** The text is not JSON (or not the JSON expected): the reader stops. */
class JsonShapeError extends Error {
  override readonly name = 'JsonShapeError';
}

interface PathNode {
  /** Where the value at this path goes in the values handed over. */
  slot?: number;
  children?: Map<string, PathNode>;
  /** The children as a list, for finding a key without cutting it out of the text. */
  list?: [string, PathNode][];
}

/** The child named by the key between `open` and `close` (its quotes), compared in place. */
function childAt(node: PathNode, s: string, open: number, close: number): PathNode | undefined {
  const list = node.list;
  if (!list) return undefined;
  const length = close - open - 1;
  for (const [key, child] of list) {
    if (key.length === length && s.startsWith(key, open + 1)) return child;
  }
  return undefined;
}

/** Bigger than any entry of a history: a longer one means the text is not what it should be. */
const MAX_ENTRY_CHARS = 4 * 1024 * 1024;
const MORE = -1;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** The index of the quote closing the string opened at `i`, or MORE. */
function stringEnd(s: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = s.indexOf('"', from);
    if (quote < 0) return MORE;
    let slashes = 0;
    for (let b = quote - 1; s.charCodeAt(b) === 92; b--) slashes++;
    if (slashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

function decodeString(s: string, open: number, close: number): string {
  const raw = s.slice(open + 1, close);
  if (raw.indexOf('\\') < 0) return raw;
  try {
    return JSON.parse(s.slice(open, close + 1)) as string;
  } catch {
    throw new JsonShapeError('bad string');
  }
}

/** Steps over an object or array opened at `i`; returns the index after it, or MORE. */
function skipContainer(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 34) {
      const end = stringEnd(s, j);
      if (end < 0) return MORE;
      j = end;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return MORE;
}

function isDelimiter(c: number): boolean {
  return c === 44 || c === 125 || c === 93 || isSpace(c);
}

export class JsonFieldReader {
  private readonly root: PathNode = { children: new Map() };
  private readonly width: number;
  private values: FieldValue[];
  private buffer = '';
  private started = false;
  private finished = false;
  /** Entries handed over. */
  entries = 0;

  /**
   * @param paths dotted paths into each entry ("time", "subtitles.0.name"); the values come in this order.
   */
  constructor(
    paths: readonly string[],
    private readonly onEntry: (values: readonly FieldValue[]) => void,
  ) {
    paths.forEach((path, slot) => {
      let node = this.root;
      for (const part of path.split('.')) {
        node.children ??= new Map();
        let next = node.children.get(part);
        if (!next) {
          next = {};
          node.children.set(part, next);
        }
        node = next;
      }
      node.slot = slot;
    });
    const index = (node: PathNode) => {
      if (!node.children) return;
      node.list = [...node.children];
      for (const child of node.children.values()) index(child);
    };
    index(this.root);
    this.width = paths.length;
    this.values = new Array<FieldValue>(this.width);
  }

  /** Whether the text began as an array. */
  get sawArray(): boolean {
    return this.started;
  }

  /** Whether the array was closed. */
  get complete(): boolean {
    return this.finished;
  }

  /** Reads the next piece of text; throws JsonShapeError when the text is not an array of objects. */
  push(text: string): void {
    if (this.finished) {
      if (skipSpace(text, 0) < text.length) throw new JsonShapeError('text after the array');
      return;
    }
    const s = this.buffer.length > 0 ? this.buffer + text : text;
    let i = 0;
    if (!this.started) {
      i = skipSpace(s, 0);
      if (s.charCodeAt(i) === 0xfeff) i = skipSpace(s, i + 1);
      if (i >= s.length) {
        this.buffer = '';
        return;
      }
      if (s.charCodeAt(i) !== 91) throw new JsonShapeError('not an array');
      this.started = true;
      i = skipSpace(s, i + 1);
      if (s.charCodeAt(i) === 93) {
        this.finished = true;
        this.buffer = '';
        return;
      }
    }
    for (;;) {
      i = skipSpace(s, i);
      if (i >= s.length) break;
      const c = s.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      if (c === 93) {
        this.finished = true;
        this.buffer = '';
        if (skipSpace(s, i + 1) < s.length) throw new JsonShapeError('text after the array');
        return;
      }
      if (c !== 123) throw new JsonShapeError('not an object');
      this.values = new Array<FieldValue>(this.width);
      const end = this.object(s, i, this.root);
      if (end === MORE) break;
      this.entries++;
      this.onEntry(this.values);
      i = end;
    }
    this.buffer = s.slice(i);
    if (this.buffer.length > MAX_ENTRY_CHARS) throw new JsonShapeError('an entry too large');
  }

  private value(s: string, i: number, node: PathNode | undefined): number {
    const c = s.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(s, i);
      if (end === MORE) return MORE;
      if (node?.slot !== undefined) this.values[node.slot] = decodeString(s, i, end);
      return end + 1;
    }
    if (c === 123) return node?.children ? this.object(s, i, node) : skipContainer(s, i);
    if (c === 91) return node?.children ? this.array(s, i, node) : skipContainer(s, i);
    let end = i;
    while (end < s.length && !isDelimiter(s.charCodeAt(end))) end++;
    if (end >= s.length) return MORE;
    if (end === i) throw new JsonShapeError('a value missing');
    if (node?.slot !== undefined) {
      const raw = s.slice(i, end);
      const value = raw === 'true' ? true : raw === 'false' ? false : raw === 'null' ? null : Number(raw);
      if (typeof value === 'number' && Number.isNaN(value)) throw new JsonShapeError('a bad value');
      this.values[node.slot] = value;
    }
    return end;
  }

  private object(s: string, open: number, node: PathNode): number {
    let i = skipSpace(s, open + 1);
    if (i >= s.length) return MORE;
    if (s.charCodeAt(i) === 125) return i + 1;
    for (;;) {
      if (s.charCodeAt(i) !== 34) throw new JsonShapeError('a key missing');
      const keyEnd = stringEnd(s, i);
      if (keyEnd === MORE) return MORE;
      const child = childAt(node, s, i, keyEnd);
      i = skipSpace(s, keyEnd + 1);
      if (i >= s.length) return MORE;
      if (s.charCodeAt(i) !== 58) throw new JsonShapeError('a colon missing');
      i = skipSpace(s, i + 1);
      if (i >= s.length) return MORE;
      i = this.value(s, i, child);
      if (i === MORE) return MORE;
      i = skipSpace(s, i);
      if (i >= s.length) return MORE;
      const c = s.charCodeAt(i);
      if (c === 125) return i + 1;
      if (c !== 44) throw new JsonShapeError('a comma missing');
      i = skipSpace(s, i + 1);
      if (i >= s.length) return MORE;
    }
  }

  private array(s: string, open: number, node: PathNode): number {
    let i = skipSpace(s, open + 1);
    if (i >= s.length) return MORE;
    if (s.charCodeAt(i) === 93) return i + 1;
    for (let index = 0; ; index++) {
      i = this.value(s, i, index < 10 ? node.children?.get(String(index)) : undefined);
      if (i === MORE) return MORE;
      i = skipSpace(s, i);
      if (i >= s.length) return MORE;
      const c = s.charCodeAt(i);
      if (c === 93) return i + 1;
      if (c !== 44) throw new JsonShapeError('a comma missing');
      i = skipSpace(s, i + 1);
      if (i >= s.length) return MORE;
    }
  }
}
