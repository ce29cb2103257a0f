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

/**
 * The fields the sandbox makes afresh for each record (its id, addresses, hashes, amounts and fees
 * of the moment), each with its placeholder; the others (type, status, currencies) read the same
 * every run. Amounts and fees share one placeholder each: two of them are equal in one run and not
 * in the next, and which name a shared value got would then change.
 */
const FRESH_FIELDS: Readonly<Record<string, string>> = {
  id: '<id>',
  payinAddress: '<payinAddress>',
  payoutAddress: '<payoutAddress>',
  refundAddress: '<refundAddress>',
  payinExtraId: '<payinExtraId>',
  payoutExtraId: '<payoutExtraId>',
  refundExtraId: '<refundExtraId>',
  payinHash: '<payinHash>',
  payoutHash: '<payoutHash>',
  refundHash: '<refundHash>',
  trackUrl: '<trackUrl>',
  amountExpectedFrom: '<amount>',
  amountExpectedTo: '<amount>',
  amountFrom: '<amount>',
  amountTo: '<amount>',
  rate: '<rate>',
  networkFee: '<fee>',
  exchangeFee: '<fee>',
  apiExtraFee: '<fee>',
  totalFee: '<fee>',
};

/** The record's fresh values (longest first) as their placeholders. */
export function recordPlaceholders(record: TransactionRecord): [RegExp, string][] {
  const values = Object.entries(record)
    .filter(
      (entry): entry is [string, string] =>
        FRESH_FIELDS[entry[0]] !== undefined && typeof entry[1] === 'string' && entry[1].length > 0,
    )
    .sort((a, b) => b[1].length - a[1].length);
  const out: [RegExp, string][] = [];
  for (const [field, value] of values)
    for (const shown of new Set([escapeMarkdown(value), value]))
      // A whole value only, never the digits of another (an amount of "0" inside "&#40;").
      out.push([new RegExp(`(?<![\\w&#.;])${literal(shown)}(?![\\w.&])`, 'g'), FRESH_FIELDS[field] ?? '']);
  return out;
}

/** What is measured from now, or encoded afresh: a time and its UTC, an age, a command link's arguments. */
const MOVING: [RegExp, string][] = [
  // An ISO time, as Markdown escapes it or not.
  [/\d{4}(?:-|&#45;)\d{2}(?:-|&#45;)\d{2}T[\d:.&#;]*Z/g, '<iso>'],
  // "Nov 28, 2026, 7:54 AM UTC, now" and the like, the rest of a labelled line.
  [/(\*\*[^*\n]+:\*\*) [^\n]*\d{1,2}(?::|&#58;)\d{2}[^\n]*/g, '$1 <time>'],
  [/\b\d+ (second|minute|hour|day)s? ago\b/g, '<age> ago'],
  // An age in parentheses: "(0 s; the sandbox's schedule, exact)".
  [/(\(|&#40;)\d+ (s|min|h|d);/g, '$1<age>;'],
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
    replace: [...MOVING, ...recordPlaceholders(record), ...(options.replace ?? [])],
  });
}
