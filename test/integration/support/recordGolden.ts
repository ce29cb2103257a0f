/**
 * Golden files of the texts the integration tests read off the extension (a row's tooltip, a
 * hover): compared whole with `test/golden/integration/<name>.txt` (test/unit/support/golden.ts;
 * `EXCHANGE_TX_UPDATE_GOLDEN=1` writes them). What the sandbox makes afresh each run is put as a
 * placeholder first: the record's own values (`<id>`, `<payinAddress>`…, raw and as Markdown
 * shows them), the times and ages measured from now, the command links' arguments.
 */
import type { TransactionRecord } from '../../../src/api/types';
import { escapeMarkdown } from '../../../src/shared/format';
import { assertGolden } from '../../unit/support/golden';
import type { GoldenOptions } from '../../unit/support/golden';

/** Special characters of a value, for a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The record's string values (4 characters or more, longest first) as `<field>` placeholders. */
export function recordPlaceholders(record: TransactionRecord): [RegExp, string][] {
  const values = Object.entries(record)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length >= 4)
    .sort((a, b) => b[1].length - a[1].length);
  const out: [RegExp, string][] = [];
  for (const [field, value] of values)
    for (const shown of new Set([escapeMarkdown(value), value]))
      out.push([new RegExp(literal(shown), 'g'), `<${field}>`]);
  return out;
}

/** What is measured from now, or encoded afresh: a time and its UTC, an age, a command link's arguments. */
const MOVING: [RegExp, string][] = [
  // "Nov 28, 2026, 7:54 AM (07:54 UTC)" and the like, after a label.
  [/(\*\*[^*\n]+:\*\*) [^\n]*\d{1,2}:\d{2}[^\n]*/g, '$1 <time>'],
  [/\b\d+ (second|minute|hour|day)s? ago\b/g, '<age> ago'],
  [/\(command:([\w.]+)\?[^)\s]*\)/g, '(command:$1?<arguments>)'],
];

/** Compares `text` with its golden file, the record's values and what moves made placeholders. */
export function assertRecordGolden(
  name: string,
  text: string,
  record: TransactionRecord,
  options: GoldenOptions = {},
): void {
  assertGolden(`integration/${name}`, text, {
    replace: [...recordPlaceholders(record), ...MOVING, ...(options.replace ?? [])],
  });
}
