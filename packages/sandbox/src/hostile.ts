/**
 * Hostile strings inside otherwise valid records: markup, script, markdown command links, control
 * and bidi characters, a very long value, a `javascript:` link. A client must show them as inert
 * text. In transaction records, ids, statuses, types, tickers, times and amounts stay valid, so
 * filters and decoding still work; the hostile values replace addresses, extra ids and their
 * names, and links. In pair limits, the tickers stay valid (a client matches records to pairs by
 * them) and the four amounts, strings on the wire, carry the hostile values.
 */
import type { PairLimitsRecord } from './pairs';
import { hashString } from './random';
import type { WireRecord } from './records';

export const HOSTILE_VALUES = {
  markup: '<img src=x onerror=alert(1)>',
  script: '<script>alert("sandbox")</script>',
  commandLink: '[Open a terminal](command:workbench.action.terminal.new)',
  control: 'nul\u0000esc\u001b[31mred\u001b[0m rlo\u202etxt.exe',
  markdown: '**bold** _em_ `code` <b>html</b> | pipe | &amp; &lt;',
  long: `${'A'.repeat(5_000)}${'\u00e9\u4e2d'.repeat(2_500)}`,
  javascriptLink: 'javascript:alert(document.domain)',
  commandUri: 'command:workbench.action.openSettings',
} as const;

/**
 * Whether the record with this id is one of the hostile ones: a stable choice per id and seed, so
 * the same records are hostile on every request while the share stays the same.
 */
export function isHostile(id: string, share: number, seed: number): boolean {
  if (share <= 0) return false;
  if (share >= 1) return true;
  return hashString(`${seed}:hostile:${id}`) / 4294967296 < share;
}

/** The key of a pair for {@link isHostile}: apart from every transaction id. */
export function pairHostileKey(record: Pick<PairLimitsRecord, 'from' | 'to'>): string {
  return `pair:${record.from}/${record.to}`;
}

/** A copy of the record with hostile strings in its free-text fields. */
export function makeHostile(record: WireRecord): WireRecord {
  return {
    ...record,
    payinAddress: HOSTILE_VALUES.markup,
    payinExtraId: HOSTILE_VALUES.control,
    payinExtraIdName: HOSTILE_VALUES.commandLink,
    payoutAddress: HOSTILE_VALUES.script,
    payoutExtraId: HOSTILE_VALUES.markdown,
    payoutHashLink: record.payoutHashLink === null ? null : HOSTILE_VALUES.javascriptLink,
    refundAddress: HOSTILE_VALUES.long,
    trackUrl: HOSTILE_VALUES.commandUri,
  };
}

/** A copy of the pair limits with hostile strings for amounts: markup, script, control characters, a very long value. */
export function makeHostileLimits(record: PairLimitsRecord): PairLimitsRecord {
  return {
    ...record,
    minAmountFloat: HOSTILE_VALUES.markup,
    maxAmountFloat: HOSTILE_VALUES.script,
    minAmountFixed: HOSTILE_VALUES.control,
    maxAmountFixed: HOSTILE_VALUES.long,
  };
}
