/**
 * History entries that read alike are told apart: the label is the method and when it was sent,
 * the description the outcome, where it went and the params; entries sent the same second are
 * numbered.
 */
import { strict as assert } from 'assert';
import type { HistoryEntry } from '../../../src/features/requests/historyModel';
import { entryLooks, sentWhen } from '../../../src/features/requests/historyModel';

const STYLE = { locale: 'en-gb', timeZone: 'UTC' };
/** 2026-11-25T16:24:45Z */
const NOW = Date.UTC(2026, 10, 25, 16, 24, 45);

function entry(
  id: string,
  at: number,
  method = 'getStatus',
  params: unknown = { id: 'abc123def456' },
  outcome = 'result',
  target = 'Sandbox',
): HistoryEntry {
  return {
    id,
    at,
    method,
    request: JSON.stringify({ jsonrpc: '2.0', id: '1', method, params }),
    environment: 'sandbox',
    target,
    host: '127.0.0.1:4000',
    outcome,
    ok: outcome === 'result',
    durationMs: 12,
    answer: '{}',
    language: 'jsonc',
  };
}

describe('History entries: how they read', () => {
  it('two entries of the same method show when each was sent, and their outcome (target and params are in the tooltip: beside the label they were cut)', () => {
    const looks = entryLooks(
      [
        entry('b', NOW - 60_000, 'getStatus', { id: 'abc123def456' }, 'error -32602', 'Staging'),
        entry('a', NOW - 120_000),
      ],
      STYLE,
      NOW,
    );
    assert.deepEqual(looks.get('a'), { label: 'getStatus · 16:22:45', description: 'result' });
    assert.deepEqual(looks.get('b'), { label: 'getStatus · 16:23:45', description: 'error -32602' });
  });

  it('entries that look alike in the row are numbered, even when their targets or params differ', () => {
    const looks = entryLooks(
      [entry('b', NOW, 'getStatus', { id: 'other1234' }, 'result', 'Staging'), entry('a', NOW)],
      STYLE,
      NOW,
    );
    assert.deepEqual(
      ['a', 'b'].map((id) => looks.get(id)?.label),
      ['getStatus · 16:24:45', 'getStatus · 16:24:45 (2)'],
    );
  });

  it('entries sent the same second, alike in all, are numbered oldest first', () => {
    const looks = entryLooks([entry('c', NOW), entry('b', NOW), entry('a', NOW)], STYLE, NOW);
    assert.deepEqual(
      ['a', 'b', 'c'].map((id) => looks.get(id)?.label),
      ['getStatus · 16:24:45', 'getStatus · 16:24:45 (2)', 'getStatus · 16:24:45 (3)'],
    );
  });

  it('sent today: the clock time; before: the date too; no params: no empty part', () => {
    assert.equal(sentWhen(NOW - 3_600_000, STYLE, NOW), '15:24:45');
    assert.equal(sentWhen(NOW - 86_400_000, STYLE, NOW), '24 Nov 2026, 16:24:45');
    assert.deepEqual(
      entryLooks(
        [{ ...entry('x', NOW, 'getCurrencies'), request: '{"jsonrpc":"2.0","id":"1","method":"getCurrencies"}' }],
        STYLE,
        NOW,
      ).get('x'),
      { label: 'getCurrencies · 16:24:45', description: 'result' },
    );
  });
});
