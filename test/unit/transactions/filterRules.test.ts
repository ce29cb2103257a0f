/**
 * The filter model's smaller rules, expected values written out: the error's words, which
 * filters are empty, dates to the second, empty values read as "any", and saved fields read
 * only from the object itself.
 */
import { strict as assert } from 'assert';
import {
  FilterError,
  isEmptyFilter,
  parseFilter,
  parseSinceDate,
  readFilterFields,
} from '../../../src/features/transactions/filterModel';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('transactions filter rules', () => {
  it('a filter error names the field and the reason', () => {
    const error = new FilterError({ field: 'since', reason: 'future' });
    assert.equal(error.message, 'since: future');
    assert.equal(error.name, 'FilterError');
  });

  it('a filter is empty only when every field is unset', () => {
    assert.equal(isEmptyFilter({}), true);
    assert.equal(isEmptyFilter({ extraId: 'memo' }), false);
    assert.equal(isEmptyFilter({ since: { preset: 'day' } }), false);
    assert.equal(isEmptyFilter({ status: ['waiting'], currency: ['btc'] }), false);
  });

  it('dates: UTC to the second, the whole text, every part in its range', () => {
    assert.equal(parseSinceDate('2026-11-21T14:30:05Z', NOW), 1_795_271_405_000_000);
    assert.equal(parseSinceDate('2026-11-21 14:30:59 UTC', NOW), 1_795_271_459_000_000);
    assert.equal(parseSinceDate('2026-11-21', NOW), 1_795_219_200_000_000);
    for (const text of [
      'x2026-11-21',
      '2026-11-21x',
      '2026-11-31',
      '2026-02-29',
      '2026-13-01',
      '2026-11-21 24:00',
      '2026-11-21 14:60',
      '2026-11-21 14:30:60',
      '2026-11-21 23:59:60',
    ]) {
      assert.deepEqual(parseSinceDate(text, NOW), { field: 'since', reason: 'date-format' }, text);
    }
    assert.deepEqual(parseSinceDate('2026-11-24', NOW), { field: 'since', reason: 'future' });
  });

  it('null members read as "any", like absent ones', () => {
    assert.deepEqual(parseFilter({ status: null, currency: null, extraId: null, since: null }, NOW), {});
    assert.deepEqual(parseFilter({ extraId: '  ' }, NOW), {});
  });

  it('since as microseconds, as a number or an object', () => {
    assert.deepEqual(parseFilter({ since: 1_795_219_200_000_000 }, NOW), { since: { micros: 1_795_219_200_000_000 } });
    assert.deepEqual(parseFilter({ since: { micros: 1_795_219_200_000_000 } }, NOW), {
      since: { micros: 1_795_219_200_000_000 },
    });
    assert.deepEqual(parseFilter({ since: { preset: 'week' } }, NOW), { since: { preset: 'week' } });
  });

  it('readFilterFields: anything that is no object is no filter, with nothing unread', () => {
    for (const value of ['status', 7, null, undefined, ['waiting']]) {
      assert.deepEqual(readFilterFields(value, NOW), { filter: {}, unread: [] }, JSON.stringify(value));
    }
  });

  it('readFilterFields reads only the object’s own fields, and names each one that does not read', () => {
    const inherited = Object.create({ status: ['waiting'] }) as Record<string, unknown>;
    assert.deepEqual(readFilterFields(inherited, NOW), { filter: {}, unread: [] });
    assert.deepEqual(readFilterFields({ status: ['waiting', 'paused'], currency: ['btc'], since: 'tomorrow' }, NOW), {
      filter: { currency: ['btc'] },
      unread: ['status', 'since'],
    });
  });
});
