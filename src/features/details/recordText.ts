/**
 * The text of a details document: the record as pretty JSON with comments (the document is
 * JSON with Comments), each time field given as the service sent it (Unix microseconds) with
 * its ISO 8601 UTC text beside: `"createdAt": 1732551885000000, // 2024-11-25T16:24:45Z`. The
 * values stay as they were, so the document still parses to the record. Pure: no `vscode`.
 */
import { dateFromMicros, isoUtc, prettyJson } from '../../shared/format';
import { wrapCommentLine } from '../../shared/commentWrap';

/**
 * The widest comment line under the record, `//` included (ours): a details document opens in the
 * editor area, which in a 1400 px window with the sidebar at its default width shows about 89
 * characters of the default font left of the minimap (the screenshot test measures it).
 */
export const DETAILS_WIDTH = 80;

/** Notes under the record (what its status means, what to do) as `//` lines of at most {@link DETAILS_WIDTH}. */
export function noteComments(notes: readonly string[]): string {
  return notes
    .flatMap((note) => wrapCommentLine(`// ${note}`, DETAILS_WIDTH))
    .map((line) => `${line}\n`)
    .join('');
}

/** The record's fields holding Unix microseconds (0: not yet). */
export const MICROSECOND_FIELDS: readonly string[] = ['createdAt', 'moneyReceived', 'moneySent'];

/** A top-level `"field": 123,` line of prettyJson's output. */
const TOP_LEVEL_NUMBER = /^ {2}"([A-Za-z]+)": (\d+)(,?)$/;

/** The record (or an error object) as the details document shows it. */
export function recordText(record: object): string {
  const lines = prettyJson(record)
    .split('\n')
    .map((line) => {
      const match = TOP_LEVEL_NUMBER.exec(line);
      if (!match || !MICROSECOND_FIELDS.includes(match[1] ?? '')) return line;
      const date = dateFromMicros(Number(match[2]));
      return date ? `${line} // ${isoUtc(date.getTime())}` : line;
    });
  return `${lines.join('\n')}\n`;
}
