import { strict as assert } from 'assert';
import fc from 'fast-check';
import { transactionParams } from '../../../src/api/params';
import type { TransactionQuery } from '../../../src/api';
import {
  filterJson,
  FilterError,
  filterQuery,
  isEmptyFilter,
  listProblem,
  matchesQuery,
  parseFilter,
  parseSinceDate,
  readFilterFields,
  SINCE_PRESETS,
  sinceMicros,
  splitList,
  withField,
} from '../../../src/features/transactions/filterModel';
import type { FilterProblem, SincePreset, TransactionFilter } from '../../../src/features/transactions/filterModel';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { recordIn } from '../support/wireRecord';

/** A saved filter's readable fields. */
const readSavedFilter = (value: unknown, nowMs: number): TransactionFilter => readFilterFields(value, nowMs).filter;

/** The fixed clock of these tests: 2026-11-21T12:00:00Z. */
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const micros = (...utc: [number, number, number, number?, number?, number?]) =>
  Date.UTC(utc[0], utc[1] - 1, utc[2], utc[3] ?? 0, utc[4] ?? 0, utc[5] ?? 0) * 1000;

function problemOf(value: unknown): FilterProblem {
  try {
    parseFilter(value, NOW);
  } catch (error) {
    assert.ok(error instanceof FilterError, `expected a FilterError, got ${String(error)}`);
    return error.problem;
  }
  assert.fail(`expected ${JSON.stringify(value)} to be refused`);
}

const tickers = (n: number, prefix = 'c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('transactions filter model', () => {
  describe('parseFilter: accepted values', () => {
    it('nothing, null and an empty object are no filter', () => {
      assert.deepEqual(parseFilter(undefined, NOW), {});
      assert.deepEqual(parseFilter(null, NOW), {});
      assert.deepEqual(parseFilter({}, NOW), {});
      assert.ok(isEmptyFilter(parseFilter({}, NOW)));
    });

    it('status: text or a list, several at once, in lifecycle order, each once', () => {
      assert.deepEqual(parseFilter({ status: 'finished, waiting' }, NOW), { status: ['waiting', 'finished'] });
      assert.deepEqual(parseFilter({ status: ['expired', 'hold', 'hold', 'confirming'] }, NOW), {
        status: ['confirming', 'hold', 'expired'],
      });
      assert.deepEqual(parseFilter({ status: [...KNOWN_STATUSES].reverse() }, NOW), { status: [...KNOWN_STATUSES] });
      assert.deepEqual(parseFilter({ status: ' refunded ' }, NOW), { status: ['refunded'] });
    });

    it('currency: up to 10 tickers, lowercased, each once', () => {
      assert.deepEqual(parseFilter({ currency: 'BTC eth;USDT20,  bnb-bsc' }, NOW), {
        currency: ['btc', 'eth', 'usdt20', 'bnb-bsc'],
      });
      assert.deepEqual(parseFilter({ currency: ['BTC', 'btc', 'Btc'] }, NOW), { currency: ['btc'] });
      assert.deepEqual(parseFilter({ currency: tickers(10) }, NOW).currency, tickers(10));
      // Eleven typed, ten once duplicates go: accepted.
      assert.deepEqual(parseFilter({ currency: [...tickers(10, 'X'), 'x0'] }, NOW).currency, tickers(10, 'x'));
    });

    it('payin and payout addresses: up to 10 each, trimmed, case kept, each once', () => {
      const payin = ['bc1qAbC', '  0xDeF  ', 'bc1qAbC'];
      assert.deepEqual(parseFilter({ address: payin }, NOW), { address: ['bc1qAbC', '0xDeF'] });
      assert.deepEqual(parseFilter({ payoutAddress: 'T9yD14Nj, rEb8TK3g' }, NOW), {
        payoutAddress: ['T9yD14Nj', 'rEb8TK3g'],
      });
      assert.equal(parseFilter({ address: tickers(10, 'addr') }, NOW).address?.length, 10);
      assert.equal(parseFilter({ payoutAddress: tickers(10, 'addr') }, NOW).payoutAddress?.length, 10);
      // In a list, a value keeps its inner spaces (only typed text is split).
      assert.deepEqual(parseFilter({ address: ['memo with space'] }, NOW).address, ['memo with space']);
    });

    it('extraId: one trimmed value', () => {
      assert.deepEqual(parseFilter({ extraId: '  104729 ' }, NOW), { extraId: '104729' });
    });

    it('since: a preset name, a date, microseconds, {preset} or {micros}', () => {
      for (const preset of Object.keys(SINCE_PRESETS) as SincePreset[]) {
        assert.deepEqual(parseFilter({ since: preset }, NOW), { since: { preset } });
        assert.deepEqual(parseFilter({ since: { preset } }, NOW), { since: { preset } });
      }
      assert.deepEqual(parseFilter({ since: '2026-11-20' }, NOW), { since: { micros: micros(2026, 11, 20) } });
      assert.deepEqual(parseFilter({ since: '2026-11-20 14:30' }, NOW), {
        since: { micros: micros(2026, 11, 20, 14, 30) },
      });
      assert.deepEqual(parseFilter({ since: { preset: '2026-11-20T08:00:05Z' } }, NOW), {
        since: { micros: micros(2026, 11, 20, 8, 0, 5) },
      });
      assert.deepEqual(parseFilter({ since: 1_763_700_000_123_456 }, NOW), {
        since: { micros: 1_763_700_000_123_456 },
      });
      assert.deepEqual(parseFilter({ since: { micros: 1_763_700_000_123_456 } }, NOW), {
        since: { micros: 1_763_700_000_123_456 },
      });
    });

    it('empty values mean "any": the field is left out', () => {
      const filter = parseFilter(
        { status: '', currency: [], address: ' , ; ', payoutAddress: ['  '], extraId: '   ', since: null },
        NOW,
      );
      assert.deepEqual(filter, {});
    });

    it('every field at once', () => {
      const filter = parseFilter(
        {
          status: ['sending', 'waiting'],
          currency: 'LTC',
          address: 'bc1q',
          payoutAddress: ['0xabc'],
          extraId: '7',
          since: 'week',
          ignored: 'yes',
        },
        NOW,
      );
      assert.deepEqual(filter, {
        status: ['waiting', 'sending'],
        currency: ['ltc'],
        address: ['bc1q'],
        payoutAddress: ['0xabc'],
        extraId: '7',
        since: { preset: 'week' },
      });
    });
  });

  describe('parseFilter: refused values, with the problem', () => {
    it('a value that is no object', () => {
      for (const value of ['status', 42, true, ['waiting']])
        assert.deepEqual(problemOf(value), { field: 'status', reason: 'type' });
    });

    it('wrong types per field', () => {
      assert.deepEqual(problemOf({ status: 42 }), { field: 'status', reason: 'type' });
      assert.deepEqual(problemOf({ status: ['waiting', 7] }), { field: 'status', reason: 'type' });
      assert.deepEqual(problemOf({ currency: { btc: true } }), { field: 'currency', reason: 'type' });
      assert.deepEqual(problemOf({ address: [null] }), { field: 'address', reason: 'type' });
      assert.deepEqual(problemOf({ payoutAddress: 12 }), { field: 'payoutAddress', reason: 'type' });
      assert.deepEqual(problemOf({ extraId: 104729 }), { field: 'extraId', reason: 'type' });
      assert.deepEqual(problemOf({ extraId: ['1'] }), { field: 'extraId', reason: 'type' });
      assert.deepEqual(problemOf({ since: true }), { field: 'since', reason: 'type' });
      assert.deepEqual(problemOf({ since: {} }), { field: 'since', reason: 'type' });
      assert.deepEqual(problemOf({ since: { micros: '1763700000123456' } }), { field: 'since', reason: 'type' });
      assert.deepEqual(problemOf({ since: { preset: 5 } }), { field: 'since', reason: 'type' });
    });

    it('a status the service does not have (unknown is no filter either)', () => {
      assert.deepEqual(problemOf({ status: 'waiting new' }), { field: 'status', reason: 'status', value: 'new' });
      assert.deepEqual(problemOf({ status: ['unknown'] }), { field: 'status', reason: 'status', value: 'unknown' });
      assert.deepEqual(problemOf({ status: 'FINISHED' }), { field: 'status', reason: 'status', value: 'FINISHED' });
    });

    it('more than 10 values (after duplicates are dropped)', () => {
      assert.deepEqual(problemOf({ currency: tickers(11) }), {
        field: 'currency',
        reason: 'too-many',
        max: 10,
        count: 11,
      });
      assert.deepEqual(problemOf({ address: tickers(12, 'a').join(' ') }), {
        field: 'address',
        reason: 'too-many',
        max: 10,
        count: 12,
      });
      assert.deepEqual(problemOf({ payoutAddress: tickers(11, 'p') }), {
        field: 'payoutAddress',
        reason: 'too-many',
        max: 10,
        count: 11,
      });
    });

    it('a currency that is no ticker (reported lowercased)', () => {
      assert.deepEqual(problemOf({ currency: 'btc B$C' }), { field: 'currency', reason: 'ticker', value: 'b$c' });
      assert.deepEqual(problemOf({ currency: ['-btc'] }), { field: 'currency', reason: 'ticker', value: '-btc' });
      assert.deepEqual(problemOf({ currency: ['a'.repeat(21)] }), {
        field: 'currency',
        reason: 'ticker',
        value: 'a'.repeat(21),
      });
      // Too many is told before a bad ticker.
      assert.equal(problemOf({ currency: [...tickers(10), '$$'] }).reason, 'too-many');
    });

    it('since: a bad date, a future one, one out of the service range', () => {
      assert.deepEqual(problemOf({ since: 'yesterday' }), { field: 'since', reason: 'date-format' });
      assert.deepEqual(problemOf({ since: { preset: 'fortnight' } }), { field: 'since', reason: 'date-format' });
      assert.deepEqual(problemOf({ since: '2026-02-30' }), { field: 'since', reason: 'date-format' });
      assert.deepEqual(problemOf({ since: '2026-12-01' }), { field: 'since', reason: 'future' });
      assert.deepEqual(problemOf({ since: '1999-12-31' }), { field: 'since', reason: 'date-range' });
      assert.deepEqual(problemOf({ since: 1_763_700_000 }), { field: 'since', reason: 'date-range' }, 'seconds');
      assert.deepEqual(
        problemOf({ since: 1_763_700_000_000 }),
        { field: 'since', reason: 'date-range' },
        'milliseconds',
      );
      assert.deepEqual(problemOf({ since: { micros: 1.5e15 + 0.5 } }), { field: 'since', reason: 'date-range' });
      assert.deepEqual(problemOf({ since: 1e16 }), { field: 'since', reason: 'date-range' });
      assert.deepEqual(problemOf({ since: Number.NaN }), { field: 'since', reason: 'date-range' });
    });

    it('since: names inherited by every object are no presets', () => {
      for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) {
        assert.deepEqual(problemOf({ since: name }), { field: 'since', reason: 'date-format' }, name);
        assert.deepEqual(problemOf({ since: { preset: name } }), { field: 'since', reason: 'date-format' }, name);
      }
    });

    it('the first problem in field order is the one told', () => {
      assert.equal(problemOf({ status: 'nope', currency: tickers(11), since: 'x' }).field, 'status');
      assert.equal(problemOf({ currency: tickers(11), extraId: 5 }).field, 'currency');
    });
  });

  describe('splitList', () => {
    it('splits on commas, semicolons and any white space; drops empties and duplicates, keeps order', () => {
      assert.deepEqual(splitList('a, b;c  d\ne\tf'), ['a', 'b', 'c', 'd', 'e', 'f']);
      assert.deepEqual(splitList('b a b a c'), ['b', 'a', 'c']);
      assert.deepEqual(splitList(''), []);
      assert.deepEqual(splitList(' ,; \n'), []);
      assert.deepEqual(splitList('BTC btc'), ['BTC', 'btc'], 'case is the caller’s business');
    });

    it('property: no value is empty, repeated, or holds a separator', () => {
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ',', ';', '\t', '\n', 'é') }), (text) => {
          const values = splitList(text);
          assert.equal(new Set(values).size, values.length);
          for (const value of values) assert.match(value, /^[^\s,;]+$/);
          for (const token of text.split(/[\s,;]+/)) if (token !== '') assert.ok(values.includes(token), token);
          const firstSeen = values.map((value) => text.search(new RegExp(`(^|[\\s,;])${value}($|[\\s,;])`)));
          assert.deepEqual(
            [...firstSeen].sort((a, b) => a - b),
            firstSeen,
            'in order of first appearance',
          );
        }),
      );
    });
  });

  describe('listProblem', () => {
    it('an empty list is "any"; the client’s own check applies after the length and ticker checks', () => {
      assert.equal(listProblem('currency', []), undefined);
      assert.equal(listProblem('address', ['a', 'b']), undefined);
      assert.deepEqual(listProblem('address', ['ok', '  ']), {
        field: 'address',
        reason: 'service',
        detail: 'Parameter address is invalid: must not be empty',
      });
      assert.deepEqual(listProblem('payoutAddress', tickers(11)), {
        field: 'payoutAddress',
        reason: 'too-many',
        max: 10,
        count: 11,
      });
      assert.deepEqual(listProblem('currency', ['BTC']), undefined, 'tickers are checked case-blind');
    });
  });

  describe('parseSinceDate', () => {
    it('reads a date, a time to the minute or the second, in UTC (T or space, Z or UTC optional)', () => {
      assert.equal(parseSinceDate('2026-11-21', NOW), micros(2026, 11, 21));
      assert.equal(parseSinceDate('  2026-11-21 09:05 ', NOW), micros(2026, 11, 21, 9, 5));
      assert.equal(parseSinceDate('2026-11-21T09:05:07Z', NOW), micros(2026, 11, 21, 9, 5, 7));
      assert.equal(parseSinceDate('2026-11-21t09:05:07z', NOW), micros(2026, 11, 21, 9, 5, 7));
      assert.equal(parseSinceDate('2026-11-21 09:05 UTC', NOW), micros(2026, 11, 21, 9, 5));
      assert.equal(parseSinceDate('2024-02-29', NOW), micros(2024, 2, 29), 'a leap day');
    });

    it('answers 16-digit microseconds', () => {
      const value = parseSinceDate('2026-01-02 03:04:05', NOW);
      assert.ok(typeof value === 'number');
      assert.equal(String(value).length, 16);
      assert.equal(value, 1_767_323_045_000_000);
    });

    it('refuses dates that do not exist and times out of range', () => {
      const bad = [
        '2026-02-30',
        '2026-02-29',
        '2025-04-31',
        '2026-13-01',
        '2026-00-10',
        '2026-11-00',
        '2026-11-21 24:00',
        '2026-11-21 23:60',
        '2026-11-21 10:00:60',
      ];
      for (const text of bad)
        assert.deepEqual(parseSinceDate(text, NOW), { field: 'since', reason: 'date-format' }, text);
    });

    it('refuses other shapes: offsets, short years, words, missing parts', () => {
      const bad = [
        '',
        'today',
        '26-11-20',
        '2026-11',
        '2026/11/20',
        '20261120',
        '2026-11-20T10',
        '2026-11-20 10:00+02:00',
        '2026-11-20 1:00',
        '2026-11-20 10:00 CET',
      ];
      for (const text of bad)
        assert.deepEqual(parseSinceDate(text, NOW), { field: 'since', reason: 'date-format' }, text);
    });

    it('refuses the future, to the second; now itself is fine', () => {
      assert.equal(parseSinceDate('2026-11-21 12:00:00', NOW), NOW * 1000);
      assert.deepEqual(parseSinceDate('2026-11-21 12:00:01', NOW), { field: 'since', reason: 'future' });
      assert.deepEqual(parseSinceDate('2027-01-01', NOW), { field: 'since', reason: 'future' });
    });

    it('refuses what the service cannot take: before 2001-09-09 01:46:40, or past the last safe integer of microseconds', () => {
      assert.equal(parseSinceDate('2001-09-09 01:46:40', NOW), 1e15);
      assert.deepEqual(parseSinceDate('2001-09-09 01:46:39', NOW), { field: 'since', reason: 'date-range' });
      assert.deepEqual(parseSinceDate('1970-01-01', NOW), { field: 'since', reason: 'date-range' });
      assert.deepEqual(parseSinceDate('1969-12-31', NOW), { field: 'since', reason: 'date-range' });
      // 16 digits reach 2286, but a JavaScript number holds whole microseconds only up to 2255-06-05 23:47:34.
      const farFuture = Date.UTC(3000, 0, 1);
      assert.equal(parseSinceDate('2255-06-05 23:47:34', farFuture), 9_007_199_254_000_000);
      assert.deepEqual(parseSinceDate('2255-06-05 23:47:35', farFuture), { field: 'since', reason: 'date-range' });
      assert.deepEqual(parseSinceDate('2286-11-20 17:46:39', farFuture), { field: 'since', reason: 'date-range' });
    });

    it('a well-formed date of the years 0–99 is out of range, not badly written', () => {
      for (const text of ['0000-01-01', '0050-06-15', '0099-12-31 23:59'])
        assert.deepEqual(parseSinceDate(text, NOW), { field: 'since', reason: 'date-range' }, text);
      assert.deepEqual(parseSinceDate('0099-02-30', NOW), { field: 'since', reason: 'date-format' });
    });
  });

  describe('sinceMicros', () => {
    it('counts presets back from the clock, in 16-digit microseconds', () => {
      assert.equal(sinceMicros({ preset: 'hour' }, NOW), micros(2026, 11, 21, 11));
      assert.equal(sinceMicros({ preset: 'day' }, NOW), micros(2026, 11, 20, 12));
      assert.equal(sinceMicros({ preset: 'week' }, NOW), micros(2026, 11, 14, 12));
      assert.equal(sinceMicros({ preset: 'month' }, NOW), micros(2026, 10, 22, 12));
      for (const preset of Object.keys(SINCE_PRESETS) as SincePreset[])
        assert.equal(String(sinceMicros({ preset }, NOW)).length, 16);
    });

    it('moves with the clock; a fixed time does not', () => {
      assert.equal(sinceMicros({ preset: 'hour' }, NOW + 60_000) - sinceMicros({ preset: 'hour' }, NOW), 60_000_000);
      assert.equal(sinceMicros({ micros: 1_763_700_000_123_456 }, NOW + 60_000), 1_763_700_000_123_456);
    });

    it('is a whole number of microseconds even for a fractional clock', () => {
      assert.ok(Number.isSafeInteger(sinceMicros({ preset: 'day' }, NOW + 0.75)));
    });
  });

  describe('filterQuery', () => {
    it('is empty for no filter and carries every field otherwise, since resolved', () => {
      assert.deepEqual(filterQuery({}, NOW), {});
      const filter: TransactionFilter = {
        status: ['waiting', 'hold'],
        currency: ['btc'],
        address: ['a1'],
        payoutAddress: ['p1', 'p2'],
        extraId: 'memo',
        since: { preset: 'day' },
      };
      assert.deepEqual(filterQuery(filter, NOW), {
        status: ['waiting', 'hold'],
        currency: ['btc'],
        address: ['a1'],
        payoutAddress: ['p1', 'p2'],
        extraId: 'memo',
        since: micros(2026, 11, 20, 12),
      });
    });

    it('copies the lists: changing the query leaves the filter alone', () => {
      const filter: TransactionFilter = { currency: ['btc'], status: ['waiting'] };
      const query = filterQuery(filter, NOW);
      (query.currency as string[]).push('eth');
      (query.status as string[]).push('hold');
      assert.deepEqual(filter, { currency: ['btc'], status: ['waiting'] });
    });
  });

  describe('matchesQuery', () => {
    const record = recordIn('confirming');

    it('an empty query matches anything', () => {
      assert.ok(matchesQuery(record, {}));
      assert.ok(matchesQuery({ ...record, status: 'unknown' }, {}));
    });

    it('applies each field as the service does (all of them, AND)', () => {
      const other = (text: string) => `${text}-other`;
      const cases: [TransactionQuery, boolean][] = [
        [{ status: ['waiting', 'confirming'] }, true],
        [{ status: 'confirming' }, true],
        [{ status: ['waiting'] }, false],
        [{ currency: [record.currencyFrom.toLowerCase()] }, true],
        [{ currency: [record.currencyTo === record.currencyFrom ? 'zzz' : record.currencyTo] }, false],
        [{ address: [record.payinAddress] }, true],
        [{ address: record.payinAddress }, true],
        [{ address: [other(record.payinAddress)] }, false],
        [{ address: other(record.payinAddress) }, false],
        [{ address: record.payinAddress.slice(1) }, false],
        [{ payoutAddress: [record.payoutAddress, 'x'] }, true],
        [{ payoutAddress: [other(record.payoutAddress)] }, false],
        [{ since: record.createdAt }, true],
        [{ since: record.createdAt + 1 }, false],
        [{ status: ['confirming'], since: record.createdAt + 1 }, false],
      ];
      for (const [query, expected] of cases) assert.equal(matchesQuery(record, query), expected, JSON.stringify(query));
    });

    it('extraId matches the payin extra id exactly', () => {
      assert.ok(matchesQuery({ ...record, payinExtraId: '42' }, { extraId: '42' }));
      assert.ok(!matchesQuery({ ...record, payinExtraId: '420' }, { extraId: '42' }));
      assert.ok(!matchesQuery({ ...record, payinExtraId: null }, { extraId: '42' }));
    });

    it('the payin currency is compared lowercase', () => {
      assert.ok(matchesQuery({ ...record, currencyFrom: 'BTC' }, { currency: ['btc'] }));
    });

    it('a record of a status the client does not know never matches a status filter', () => {
      assert.ok(!matchesQuery({ ...record, status: 'unknown' }, { status: [...KNOWN_STATUSES] }));
    });
  });

  describe('readSavedFilter', () => {
    it('anything unreadable is no filter', () => {
      const garbage: unknown[] = [
        'waiting',
        42,
        [],
        ['status'],
        { status: 'nope' },
        { currency: tickers(11) },
        { since: '2999-01-01' },
        { since: 'soon' },
        { extraId: {} },
      ];
      for (const value of garbage) assert.deepEqual(readSavedFilter(value, NOW), {}, JSON.stringify(value));
    });

    it('a saved filter reads back', () => {
      assert.deepEqual(readSavedFilter({ status: ['hold'], since: { preset: 'hour' } }, NOW), {
        status: ['hold'],
        since: { preset: 'hour' },
      });
    });

    it('a bad field drops only that field', () => {
      assert.deepEqual(
        readSavedFilter({ status: ['hold', 'nope'], currency: ['btc'], since: { preset: 'hour' } }, NOW),
        { currency: ['btc'], since: { preset: 'hour' } },
      );
      assert.deepEqual(
        readSavedFilter(
          { status: ['waiting'], currency: tickers(11), extraId: {}, since: '2999-01-01', address: ['bc1q'] },
          NOW,
        ),
        {
          status: ['waiting'],
          address: ['bc1q'],
        },
      );
      assert.deepEqual(
        readSavedFilter({ extraId: 'memo', payoutAddress: 12, future: { network: 'bsc' } }, NOW),
        { extraId: 'memo' },
        'unknown fields are not read',
      );
      assert.deepEqual(readFilterFields({ status: 'nope', currency: 'btc', since: 'soon', future: 1 }, NOW), {
        filter: { currency: ['btc'] },
        unread: ['status', 'since'],
      });
    });
  });

  describe('filterJson and withField', () => {
    it('filterJson leaves absent fields out and parses back to the same filter', () => {
      const filter: TransactionFilter = { status: ['waiting'], extraId: 'x', since: { micros: 1_763_700_000_123_456 } };
      const json = filterJson(filter);
      assert.deepEqual(Object.keys(json).sort(), ['extraId', 'since', 'status']);
      assert.deepEqual(JSON.parse(JSON.stringify(json)), json, 'plain JSON');
      assert.deepEqual(parseFilter(json, NOW), filter);
      assert.deepEqual(filterJson({}), {});
    });

    it('withField replaces one field and clears it with undefined, [] or ""; the original stays', () => {
      const filter: TransactionFilter = { status: ['waiting'], currency: ['btc'], extraId: 'x' };
      assert.deepEqual(withField(filter, 'currency', ['eth', 'ltc']), {
        status: ['waiting'],
        currency: ['eth', 'ltc'],
        extraId: 'x',
      });
      assert.deepEqual(withField(filter, 'since', { preset: 'day' }), { ...filter, since: { preset: 'day' } });
      assert.deepEqual(withField(filter, 'status', undefined), { currency: ['btc'], extraId: 'x' });
      assert.deepEqual(withField(filter, 'currency', []), { status: ['waiting'], extraId: 'x' });
      assert.deepEqual(withField(filter, 'extraId', ''), { status: ['waiting'], currency: ['btc'] });
      assert.ok(!('status' in withField(filter, 'status', undefined)), 'cleared, not set to undefined');
      assert.deepEqual(filter, { status: ['waiting'], currency: ['btc'], extraId: 'x' });
      assert.ok(isEmptyFilter(withField({ extraId: 'x' }, 'extraId', undefined)));
    });
  });

  describe('properties', () => {
    const trimmed = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== '');
    const ticker = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,19}$/);
    const since = fc.oneof(
      fc.constantFrom<SincePreset>('hour', 'day', 'week', 'month').map((preset) => ({ preset })),
      fc.integer({ min: 1e15, max: Number.MAX_SAFE_INTEGER }).map((value) => ({ micros: value })),
    );
    /** Any filter parseFilter could have produced. */
    const validFilter: fc.Arbitrary<TransactionFilter> = fc.record(
      {
        status: fc.subarray([...KNOWN_STATUSES], { minLength: 1 }),
        currency: fc.uniqueArray(ticker, { minLength: 1, maxLength: 10 }),
        address: fc.uniqueArray(trimmed, { minLength: 1, maxLength: 10 }),
        payoutAddress: fc.uniqueArray(trimmed, { minLength: 1, maxLength: 10 }),
        extraId: trimmed,
        since,
      },
      { requiredKeys: [], noNullPrototype: true },
    );
    /** A clock from 2002 to 2200: presets stay inside the service's range. */
    const clock = fc.integer({ min: Date.UTC(2002, 0, 1), max: Date.UTC(2200, 0, 1) });

    it('any valid filter survives filterJson → parseFilter unchanged', () => {
      fc.assert(
        fc.property(validFilter, clock, (filter, now) => {
          assert.deepEqual(parseFilter(JSON.parse(JSON.stringify(filterJson(filter))), now), filter);
        }),
      );
    });

    it('filterQuery of any valid filter passes the client’s own parameter check, with any page', () => {
      fc.assert(
        fc.property(
          validFilter,
          clock,
          fc.integer({ min: 1, max: 100 }),
          fc.nat({ max: 1_000_000 }),
          (filter, now, limit, offset) => {
            const params = transactionParams({ ...filterQuery(filter, now), limit, offset });
            assert.equal(params.limit, limit);
            for (const field of ['status', 'currency', 'address', 'payoutAddress'] as const)
              assert.deepEqual(params[field], filter[field]);
          },
        ),
      );
    });

    it('parseFilter of anything either gives a filter the client accepts or throws a FilterError', () => {
      const value = fc.oneof(
        fc.string(),
        fc.array(fc.string(), { maxLength: 12 }),
        fc.integer(),
        fc.double(),
        fc.constant(null),
        fc.anything({ maxDepth: 2 }),
      );
      const input = fc.record(
        { status: value, currency: value, address: value, payoutAddress: value, extraId: value, since: value },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(fc.oneof(input, fc.anything()), (candidate) => {
          let filter: TransactionFilter;
          try {
            filter = parseFilter(candidate, NOW);
          } catch (error) {
            assert.ok(error instanceof FilterError, String(error));
            return;
          }
          transactionParams({ ...filterQuery(filter, NOW), limit: 1 });
          assert.deepEqual(parseFilter(filterJson(filter), NOW), filter);
        }),
        { numRuns: 300 },
      );
    });
  });
});
