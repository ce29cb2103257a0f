/** A details document's text: the record as JSON, each time with its ISO 8601 text in a comment. */
import { dateFromMicros, isoUtc, prettyJson } from '../../shared/format';
import { wrapCommentLine } from '../../shared/commentWrap';

/** The widest comment line: about what a 1400 px window shows left of the minimap. */
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
