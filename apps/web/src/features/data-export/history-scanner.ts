/**
 * Reads a JSON array of objects piece by piece: each chunk of text is scanned once, and every complete
 * top-level object is handed over as soon as its closing brace arrives. Memory stays at one entry
 * however large the file (docs/product.md, "The Spotify data export").
 */
export class HistoryScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  private partial = '';
  private objectStart = -1;
  /** Set once the text is seen not to be an array of objects. */
  notAnArray = false;

  constructor(private readonly onEntry: (entry: unknown) => void) {}

  push(text: string): void {
    if (this.notAnArray) return;
    let i = 0;
    if (!this.started) {
      while (i < text.length && /\s/.test(text.charAt(i))) i++;
      // A byte order mark is not part of the JSON.
      if (text.charCodeAt(i) === 0xfeff) i++;
      while (i < text.length && /\s/.test(text.charAt(i))) i++;
      if (i === text.length) return;
      if (text.charAt(i) !== '[') {
        this.notAnArray = true;
        return;
      }
      this.started = true;
      this.depth = 1;
      i++;
    }
    let start = this.objectStart >= 0 ? 0 : -1;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
        continue;
      }
      if (c === 34) {
        this.inString = true;
      } else if (c === 123 || c === 91) {
        if (this.depth === 1) {
          if (c === 91) {
            this.notAnArray = true;
            return;
          }
          start = i;
          this.objectStart = 0;
        }
        this.depth++;
      } else if (c === 125 || c === 93) {
        this.depth--;
        if (this.depth === 1 && start >= 0) {
          const json = this.partial + text.slice(start, i + 1);
          this.partial = '';
          this.objectStart = -1;
          start = -1;
          this.onEntry(JSON.parse(json));
        } else if (this.depth === 0) {
          return;
        }
      } else if (this.depth === 1 && c !== 44 && c !== 32 && c !== 10 && c !== 13 && c !== 9) {
        // Anything but objects, commas and spaces in the array: not a history file.
        this.notAnArray = true;
        return;
      }
    }
    if (start >= 0) this.partial += text.slice(start);
  }

  /** Whether the text ended where an array ends. */
  get complete(): boolean {
    return this.started && this.depth === 0 && !this.notAnArray;
  }

  get sawArray(): boolean {
    return this.started;
  }
}
