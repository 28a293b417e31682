import { ExportProblem } from '../problems.ts';
import type { FileContext, TextSink } from '../service.ts';
import type { JsonFieldReader } from './json-fields.ts';

/**
 * A history file read by a JSON field reader, its problems in the listener's words: text that is no
 * array is `notHistory()`; an array malformed or cut short is damaged; an empty one, chosen alone, has
 * no plays. What the reader's entry callback throws (an ExportProblem) goes through as it is.
 */
export function jsonHistory(
  reader: JsonFieldReader,
  file: FileContext,
  notHistory: () => ExportProblem,
): TextSink {
  return {
    push(text) {
      try {
        reader.push(text);
      } catch (error) {
        if (error instanceof ExportProblem) throw error;
        if (!reader.sawArray) throw notHistory();
        throw new ExportProblem(file.name, 'damaged-json', `${file.name} is damaged: its JSON is malformed.`);
      }
    },
    end() {
      if (!reader.complete) {
        throw reader.sawArray
          ? new ExportProblem(file.name, 'json-ends-early', `${file.name} is damaged: its JSON ends early.`)
          : new ExportProblem(file.name, 'empty', `${file.name} is empty.`);
      }
      if (reader.entries === 0 && file.alone)
        throw new ExportProblem(file.name, 'no-plays', `${file.name} has no plays in it.`);
      return reader.entries;
    },
  };
}

/**
 * A file whose problems pass it over rather than stop the reading (an optional file, or one in a zip
 * that may be of another kind): what it read so far stays read, and it counts for nothing.
 */
export function orPassedOver(sink: TextSink): TextSink {
  let failed = false;
  return {
    push(text) {
      if (failed) return;
      try {
        sink.push(text);
      } catch {
        failed = true;
      }
    },
    end() {
      if (failed) return null;
      try {
        return sink.end();
      } catch {
        return null;
      }
    },
  };
}
