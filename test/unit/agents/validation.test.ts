/**
 * The tools' input check, rule by rule: each refusal's field path and exact words, the values
 * that pass at each bound, what the check gives back (amounts given as JSON numbers turned into
 * their decimal text), and JSON numbers written in every form `String(number)` gives.
 */
import { strict as assert } from 'assert';
import type { JsonObjectSchema, JsonSchema } from '../../../src/agents/types';
import { AgentInputError, decimalTextOf, validateInput } from '../../../src/agents/validation';

function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonObjectSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The refusal of `input`, as `field: message`. */
function refusal(schema: JsonObjectSchema, input: unknown): string {
  try {
    validateInput(schema, input);
  } catch (error) {
    assert.ok(error instanceof AgentInputError, String(error));
    assert.equal(error.name, 'AgentInputError');
    return `${error.field}: ${error.message}`;
  }
  assert.fail(`accepted ${JSON.stringify(input)}`);
}

describe('agent tools: the input check', () => {
  it('words an error with its field, or alone without one', () => {
    const named = new AgentInputError('ids[2]', 'is required');
    assert.equal(named.message, '"ids[2]" is required');
    assert.equal(named.field, 'ids[2]');
    assert.equal(named.detail, 'is required');
    assert.equal(new AgentInputError('', 'must be an object').message, 'must be an object');
    assert.ok(named instanceof Error);
  });

  it('takes a missing input as an empty object, and refuses other non-objects by their kind', () => {
    const schema = object({ a: { type: 'string' } });
    assert.deepEqual(validateInput(schema, undefined), {});
    assert.deepEqual(validateInput(schema, null), {});
    assert.equal(refusal(schema, []), ': must be an object, not an array');
    assert.equal(refusal(schema, 'x'), ': must be an object, not a string');
    assert.equal(refusal(schema, 3), ': must be an object, not a number');
    assert.equal(refusal(schema, true), ': must be an object, not a boolean');
  });

  it('names each value that has the wrong type by what it is', () => {
    const schema = object({
      s: { type: 'string' },
      i: { type: 'integer' },
      n: { type: 'number' },
      b: { type: 'boolean' },
      a: { type: 'array' },
      o: { type: 'object' },
    });
    assert.equal(refusal(schema, { s: null }), 's: "s" must be a string, not null');
    assert.equal(refusal(schema, { s: ['x'] }), 's: "s" must be a string, not an array');
    assert.equal(refusal(schema, { s: { x: 1 } }), 's: "s" must be a string, not an object');
    assert.equal(refusal(schema, { s: 1 }), 's: "s" must be a string, not a number');
    assert.equal(refusal(schema, { i: '1' }), 'i: "i" must be an integer, not a string');
    assert.equal(refusal(schema, { n: '1' }), 'n: "n" must be a number, not a string');
    assert.equal(refusal(schema, { n: false }), 'n: "n" must be a number, not a boolean');
    assert.equal(refusal(schema, { b: 'true' }), 'b: "b" must be true or false, not a string');
    assert.equal(refusal(schema, { b: 0 }), 'b: "b" must be true or false, not a number');
    assert.equal(refusal(schema, { a: { 0: 'x' } }), 'a: "a" must be an array, not an object');
    assert.equal(refusal(schema, { a: 'x' }), 'a: "a" must be an array, not a string');
    assert.equal(refusal(schema, { o: ['x'] }), 'o: "o" must be an object, not an array');
    assert.equal(refusal(schema, { o: null }), 'o: "o" must be an object, not null');
    assert.deepEqual(validateInput(schema, { s: '', i: 2, n: 2.5, b: false, a: [1, 'x'], o: {} }), {
      s: '',
      i: 2,
      n: 2.5,
      b: false,
      a: [1, 'x'],
      o: {},
    });
  });

  it('counts a string in code points against its bounds, and checks its list and its pattern', () => {
    const schema = object({
      one: { type: 'string', minLength: 1 },
      three: { type: 'string', minLength: 3, maxLength: 4 },
      pick: { type: 'string', enum: ['btc', 'eth'] },
      form: { type: 'string', pattern: '^[a-z]{2}$' },
      wide: { type: 'string', pattern: '^.$' },
    });
    assert.equal(refusal(schema, { one: '' }), 'one: "one" must not be empty');
    assert.deepEqual(validateInput(schema, { one: 'x' }), { one: 'x' });
    assert.equal(refusal(schema, { three: 'ab' }), 'three: "three" must have at least 3 characters');
    assert.equal(refusal(schema, { three: 'abcde' }), 'three: "three" must have at most 4 characters');
    assert.deepEqual(validateInput(schema, { three: 'abc' }), { three: 'abc' });
    assert.deepEqual(validateInput(schema, { three: 'abcd' }), { three: 'abcd' });
    // Four code points, eight UTF-16 units: within the bound of 4.
    assert.deepEqual(validateInput(schema, { three: '😀😀😀😀' }), { three: '😀😀😀😀' });
    assert.equal(refusal(schema, { three: '😀😀' }), 'three: "three" must have at least 3 characters');
    assert.equal(refusal(schema, { pick: 'ltc' }), 'pick: "pick" must be one of: btc, eth');
    assert.deepEqual(validateInput(schema, { pick: 'eth' }), { pick: 'eth' });
    assert.equal(refusal(schema, { form: 'abc' }), 'form: "form" does not have the expected form (^[a-z]{2}$)');
    assert.deepEqual(validateInput(schema, { form: 'ab' }), { form: 'ab' });
    // The pattern is read with the `u` flag: one astral character is one `.`.
    assert.deepEqual(validateInput(schema, { wide: '😀' }), { wide: '😀' });
  });

  it('checks numbers: finite, integers safe, and within their bounds inclusive', () => {
    const schema = object({
      n: { type: 'number', minimum: 0.5, maximum: 2 },
      i: { type: 'integer', minimum: 1, maximum: 3 },
      free: { type: 'number' },
    });
    assert.equal(refusal(schema, { n: Number.NaN }), 'n: "n" must be a finite number');
    assert.equal(refusal(schema, { free: Infinity }), 'free: "free" must be a finite number');
    assert.equal(refusal(schema, { n: 0.4 }), 'n: "n" must be at least 0.5');
    assert.equal(refusal(schema, { n: 2.1 }), 'n: "n" must be at most 2');
    assert.deepEqual(validateInput(schema, { n: 0.5 }), { n: 0.5 });
    assert.deepEqual(validateInput(schema, { n: 2 }), { n: 2 });
    assert.equal(refusal(schema, { i: 1.5 }), 'i: "i" must be an integer');
    assert.equal(refusal(schema, { i: 2 ** 53 }), 'i: "i" must be an integer');
    assert.equal(refusal(schema, { i: 0 }), 'i: "i" must be at least 1');
    assert.equal(refusal(schema, { i: 4 }), 'i: "i" must be at most 3');
    assert.deepEqual(validateInput(schema, { i: 1, free: -1e300 }), { i: 1, free: -1e300 });
    assert.deepEqual(validateInput(schema, { i: 3 }), { i: 3 });
  });

  it('checks arrays: their bounds, each item at its index, repeated items', () => {
    const schema = object({
      ids: { type: 'array', items: { type: 'string', minLength: 2 }, minItems: 1, maxItems: 3, uniqueItems: true },
      two: { type: 'array', minItems: 2 },
      pairs: { type: 'array', items: object({ from: { type: 'string' } }, ['from']) },
      any: { type: 'array', uniqueItems: false },
    });
    assert.equal(refusal(schema, { ids: [] }), 'ids: "ids" needs at least 1 item');
    assert.equal(refusal(schema, { two: ['x'] }), 'two: "two" needs at least 2 items');
    assert.deepEqual(validateInput(schema, { two: ['x', 'x'] }), { two: ['x', 'x'] });
    assert.equal(refusal(schema, { ids: ['aa', 'bb', 'cc', 'dd'] }), 'ids: "ids" takes at most 3 items (got 4)');
    assert.deepEqual(validateInput(schema, { ids: ['aa', 'bb', 'cc'] }), { ids: ['aa', 'bb', 'cc'] });
    assert.equal(refusal(schema, { ids: ['aa', 'b'] }), 'ids[1]: "ids[1]" must have at least 2 characters');
    assert.equal(refusal(schema, { ids: ['aa', 'bb', 'aa'] }), 'ids[2]: "ids[2]" repeats an earlier item');
    assert.equal(refusal(schema, { pairs: [{ from: 'btc' }, {}] }), 'pairs[1].from: "pairs[1].from" is required');
    assert.equal(
      refusal(schema, { pairs: [{ from: 'btc', to: 'eth' }] }),
      'pairs[0].to: "pairs[0].to" is not a parameter of this tool',
    );
    assert.deepEqual(validateInput(schema, { any: [1, 1, { a: 1 }, { a: 1 }] }), { any: [1, 1, { a: 1 }, { a: 1 }] });
    // An array without an item schema is copied, not shared.
    const given = ['x', 'y'];
    const out = validateInput(schema, { two: given }).two;
    assert.deepEqual(out, given);
    assert.notEqual(out, given);
  });

  it('compares items as JSON for repeats, so equal objects repeat and different ones do not', () => {
    const schema = object({
      list: { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } }, uniqueItems: true },
    });
    assert.equal(
      refusal(schema, { list: [{ a: 1 }, { a: 2 }, { a: 1 }] }),
      'list[2]: "list[2]" repeats an earlier item',
    );
    assert.deepEqual(validateInput(schema, { list: [{ a: 1 }, { a: 2 }] }), { list: [{ a: 1 }, { a: 2 }] });
  });

  it('checks objects: unknown members named (cut to 40 characters), required members, members as they are', () => {
    const schema = object({ id: { type: 'string' }, limit: { type: 'integer' } }, ['id']);
    assert.equal(refusal(schema, { id: 'x', extra: 1 }), 'extra: "extra" is not a parameter of this tool');
    const long = 'k'.repeat(41);
    assert.equal(
      refusal(schema, { id: 'x', [long]: 1 }),
      `${'k'.repeat(40)}…: "${'k'.repeat(40)}…" is not a parameter of this tool`,
    );
    const forty = 'k'.repeat(40);
    assert.equal(refusal(schema, { id: 'x', [forty]: 1 }), `${forty}: "${forty}" is not a parameter of this tool`);
    assert.equal(refusal(schema, {}), 'id: "id" is required');
    assert.equal(refusal(schema, { id: undefined }), 'id: "id" is required');
    assert.deepEqual(validateInput(schema, { id: 'x', limit: undefined }), { id: 'x', limit: undefined });
    // A member named like one of Object's own properties is not a parameter either.
    assert.equal(refusal(schema, { id: 'x', toString: 'y' }), 'toString: "toString" is not a parameter of this tool');
    // An object that allows other members keeps them.
    const open: JsonObjectSchema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      additionalProperties: false,
    };
    const nested = object({ o: { type: 'object', properties: { id: { type: 'string' } } } });
    assert.deepEqual(validateInput(nested, { o: { id: 'x', other: 2 } }), { o: { id: 'x', other: 2 } });
    assert.equal(refusal(nested, { o: { id: 3 } }), 'o.id: "o.id" must be a string, not a number');
    assert.deepEqual(validateInput(open, { id: 'y' }), { id: 'y' });
    // A schema without properties or required members.
    assert.deepEqual(
      validateInput({ type: 'object', additionalProperties: false } as unknown as JsonObjectSchema, {}),
      {},
    );
    assert.equal(
      refusal({ type: 'object', additionalProperties: false } as unknown as JsonObjectSchema, { a: 1 }),
      'a: "a" is not a parameter of this tool',
    );
  });

  it('gives back the checked values, the input itself unchanged', () => {
    const schema = object({
      amount: { type: ['string', 'number'], pattern: '^\\d+(\\.\\d+)?$' },
      note: { type: 'string' },
    });
    const input = { amount: 0.1, note: 'n' };
    const out = validateInput(schema, input);
    assert.deepEqual(out, { amount: '0.1', note: 'n' });
    assert.equal(input.amount, 0.1);
    assert.notEqual(out, input);
  });

  it('takes an amount as a decimal string or a JSON number, and refuses anything else', () => {
    const schema = object({
      amount: { type: ['string', 'number'], minLength: 1, maxLength: 5, pattern: '^\\d+(\\.\\d+)?$' },
    });
    assert.deepEqual(validateInput(schema, { amount: '0.5' }), { amount: '0.5' });
    assert.deepEqual(validateInput(schema, { amount: 2.5e3 }), { amount: '2500' });
    assert.equal(
      refusal(schema, { amount: true }),
      'amount: "amount" must be a decimal string such as "0.5" or a number, not a boolean',
    );
    assert.equal(
      refusal(schema, { amount: null }),
      'amount: "amount" must be a decimal string such as "0.5" or a number, not null',
    );
    assert.equal(
      refusal(schema, { amount: ['1'] }),
      'amount: "amount" must be a decimal string such as "0.5" or a number, not an array',
    );
    assert.equal(refusal(schema, { amount: '' }), 'amount: "amount" must not be empty');
    assert.equal(refusal(schema, { amount: 0.00001 }), 'amount: "amount" must have at most 5 characters');
    assert.equal(
      refusal(schema, { amount: '1e3' }),
      'amount: "amount" does not have the expected form (^\\d+(\\.\\d+)?$)',
    );
    assert.equal(refusal(schema, { amount: -1 }), 'amount: "amount" must not be negative');
    assert.equal(refusal(schema, { amount: Infinity }), 'amount: "amount" must be a finite number');
  });

  it('writes JSON numbers in every form as their decimal text', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [5, '5'],
      [100, '100'],
      [0.5, '0.5'],
      [0.05, '0.05'],
      [12.5, '12.5'],
      [1.25e-5, '0.0000125'],
      [1e-6, '0.000001'],
      [1.5e21, '1500000000000000000000'],
      [1.23e22, '12300000000000000000000'],
      [1e100, `1${'0'.repeat(100)}`],
      [5e-324, `0.${'0'.repeat(323)}5`],
    ];
    for (const [value, text] of cases) assert.equal(decimalTextOf(value, 'x'), text, String(value));
    // 15 significant digits are kept, 16 refused, whatever the zeros around them.
    assert.equal(decimalTextOf(0.000123456789012345, 'x'), '0.000123456789012345');
    assert.equal(decimalTextOf(1.23456789012345e-10, 'x'), '0.000000000123456789012345');
    assert.throws(
      () => decimalTextOf(0.1234567890123456, 'x'),
      (e: AgentInputError) =>
        e.field === 'x' &&
        e.message ===
          '"x" has more than 15 significant digits as a JSON number, so its exact digits are lost: send it as a string such as "0.1"',
    );
    assert.throws(
      () => decimalTextOf(-0.5, 'y'),
      (e: AgentInputError) => e.field === 'y' && e.message === '"y" must not be negative',
    );
    assert.throws(
      () => decimalTextOf(-Infinity, 'y'),
      (e: AgentInputError) => e.message === '"y" must be a finite number',
    );
    // Negative zero is not negative.
    assert.equal(decimalTextOf(-0, 'x'), '0');
  });
});
