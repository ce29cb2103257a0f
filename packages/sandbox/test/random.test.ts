/**
 * The sandbox's seeded generator: what `chars` and `weighted` draw is decided by the numbers alone,
 * one number a character and one a pick, so a seed keeps giving the same ledger whatever makes them.
 */
import { strict as assert } from 'assert';
import { Random } from '../src/random';

describe('sandbox random', () => {
  it('chars: one number a character, at any length (long strings too)', () => {
    for (const length of [0, 1, 64, 5000, 100_000]) {
      const made = new Random(11).chars('0123456789abcdef', length);
      const numbers = new Random(11);
      let expected = '';
      for (let i = 0; i < length; i++) expected += '0123456789abcdef'.charAt(Math.floor(numbers.next() * 16));
      assert.equal(made, expected, `length ${length}`);
    }
  });

  it('weighted: one number a pick, in proportion to the weights, the same table again and again', () => {
    const weights = { a: 1, b: 2.5, c: 0.1, d: 0 };
    const picks = new Random(5);
    const numbers = new Random(5);
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    for (let i = 0; i < 10_000; i++) {
      const pick = picks.weighted(weights);
      let roll = numbers.next() * 3.6;
      let expected = 'd';
      for (const [key, weight] of Object.entries(weights)) {
        roll -= weight;
        if (roll < 0) {
          expected = key;
          break;
        }
      }
      assert.equal(pick, expected);
      counts[pick]++;
    }
    assert.equal(counts.d, 0, 'a weight of 0 is never picked');
    assert.ok(counts.b > counts.a && counts.a > counts.c, JSON.stringify(counts));
  });
});
