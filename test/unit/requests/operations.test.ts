import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { JsonValue } from '../../../src/documents/operationTable';
import { findOperation, isKnownMethod, templateFor } from '../../../src/documents/operations';
import { OPERATIONS, SANDBOX_TRANSACTION_ID } from '../../../src/documents/operationTable';
import type { Sandbox } from '../../../packages/sandbox/src';
import { CURRENCIES, DEFAULT_SEED, METHODS, ManualClock, RATE_ID_REFUSAL } from '../../../packages/sandbox/src';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { rpc, testSandbox } from '../../../packages/sandbox/test/helpers';
import { errorsOf, isValid } from './schema';

/**
 * The methods of the service's documentation, in the order the table keeps them. Written out here,
 * not taken from METHODS (packages/sandbox/src/methods.ts) or OPERATIONS: the tests below check those
 * tables against it, and a table compared with itself cannot fail. The list itself is checked
 * against docs/service/methods.md's headings below.
 */
const SPEC_NAMES = [
  // the base methods (docs/service/methods.md)
  'getStatus',
  'getTransactions',
  'getPairsParams',
  // the estimate, create and catalogue methods (docs/service/methods.md)
  'getExchangeAmount',
  'getFixRateForAmount',
  'createTransaction',
  'createFixTransaction',
  'getCurrenciesFull',
  'getPairs',
  'validateAddress',
  // the further methods of the public documentation (docs/service/methods.md)
  'getCurrencies',
  'getMinAmount',
  'getFixRate',
  'createSubaccount',
  // found in the service's documentation since (packages/sandbox/RULES.md)
  'updateSubaccount',
  'getFixRateBulk',
];
/** The methods found in the service's documentation after docs/service/methods.md was written. */
const FOUND_SINCE = ['updateSubaccount', 'getFixRateBulk'];

describe('request operations: the table', () => {
  it('holds every method of docs/service/methods.md once, the base methods first', () => {
    assert.deepEqual(
      OPERATIONS.map((op) => op.name),
      SPEC_NAMES,
    );
  });

  it('names in SPEC_NAMES each method with a heading of docs/service/methods.md, and besides them the two of packages/sandbox/RULES.md', () => {
    const methodsDoc = fs.readFileSync(path.join(__dirname, '../../../../docs/service/methods.md'), 'utf8');
    const documented = [...methodsDoc.matchAll(/^## ([a-z][A-Za-z]+)(?: \(deprecated\))?$/gm)].map((m) => m[1]);
    assert.deepEqual([...documented].sort(), SPEC_NAMES.filter((name) => !FOUND_SINCE.includes(name)).sort());
    const rules = fs.readFileSync(path.join(__dirname, '../../../../packages/sandbox/RULES.md'), 'utf8');
    for (const name of FOUND_SINCE) assert.ok(rules.includes(`\`${name}\``), name);
  });

  it('has a one-line description per operation', () => {
    for (const op of OPERATIONS) {
      assert.match(op.description, /^[A-Z][^\n]{10,120}\.$/, op.name);
    }
  });

  it('marks getPairsParams, getMinAmount and getFixRate, and only them, deprecated, naming their replacements', () => {
    assert.deepEqual(
      OPERATIONS.filter((op) => op.deprecated !== undefined).map((op) => [op.name, op.deprecated]),
      [
        ['getPairsParams', 'getExchangeAmount / getFixRateForAmount'],
        ['getMinAmount', 'getExchangeAmount'],
        ['getFixRate', 'getFixRateForAmount'],
      ],
    );
  });

  it('marks deprecated exactly the methods docs/service/methods.md heads as deprecated, each with what replaces it', () => {
    const methodsDoc = fs.readFileSync(path.join(__dirname, '../../../../docs/service/methods.md'), 'utf8');
    const deprecated = [...methodsDoc.matchAll(/^## ([a-z][A-Za-z]+) \(deprecated\)$/gm)].map((m) => m[1]);
    assert.deepEqual(
      OPERATIONS.filter((op) => op.deprecated !== undefined).map((op) => op.name),
      deprecated,
    );
    for (const op of OPERATIONS.filter((o) => o.deprecated !== undefined))
      for (const replacement of op.deprecated?.split(' / ') ?? [])
        assert.ok(
          OPERATIONS.some((o) => o.name === replacement && o.deprecated === undefined),
          `${op.name}: ${replacement}`,
        );
  });

  it('moves money only in the two create operations (createSubaccount does not)', () => {
    assert.deepEqual(
      OPERATIONS.filter((op) => op.movesMoney).map((op) => op.name),
      ['createTransaction', 'createFixTransaction'],
    );
  });

  it('marks as creating every operation that creates or changes something on an account: each create… and update…', () => {
    assert.deepEqual(
      OPERATIONS.filter((op) => op.creates).map((op) => op.name),
      OPERATIONS.filter((op) => /^(create|update)/.test(op.name)).map((op) => op.name),
    );
    for (const name of ['createTransaction', 'createFixTransaction', 'createSubaccount'])
      assert.equal(OPERATIONS.find((op) => op.name === name)?.creates, true, name);
    for (const op of OPERATIONS.filter((o) => o.movesMoney))
      assert.equal(op.creates, true, `${op.name}: moving money creates`);
  });

  it('says inSandbox exactly for the operations the sandbox implements', () => {
    assert.deepEqual(
      OPERATIONS.filter((op) => op.inSandbox).map((op) => op.name),
      [...METHODS],
    );
  });

  it('knows the operations by their exact names only', () => {
    for (const name of SPEC_NAMES) assert.ok(isKnownMethod(name), name);
    for (const name of [
      'getstatus',
      'GetStatus',
      'getStatus ',
      '',
      'getCurrenciesShort',
      'getPartnerBalance',
      'toString',
      'constructor',
      '__proto__',
      'hasOwnProperty',
    ]) {
      assert.equal(isKnownMethod(name), false, JSON.stringify(name));
    }
  });
});

describe('request operations: templates', () => {
  for (const op of OPERATIONS) {
    it(`${op.name}: a document the schema accepts, with a hint per parameter and no comments`, () => {
      const template = templateFor(op.name);
      assert.equal(template.method, op.name);
      assert.ok(template.text.endsWith('}\n'));
      assert.doesNotMatch(template.text, /\/\/|\/\*/, 'JSON has no comments');
      const document = JSON.parse(template.text) as { method: string; params: JsonValue };
      assert.deepEqual(document, { method: op.name, params: op.params });
      assert.equal(template.text, `${JSON.stringify(document, null, 2)}\n`, 'pretty-printed, two spaces');
      assert.ok(isValid(document), JSON.stringify(errorsOf(document)));
      const first = Array.isArray(op.params) ? (op.params as readonly JsonValue[])[0] : op.params;
      const names = Object.keys(first as object);
      for (const name of names)
        assert.ok(
          template.hints.some((hint) => hint.startsWith(`${name}: `)),
          `${op.name}: no hint for ${name}`,
        );
      assert.equal(template.hints.length, names.length + (op.deprecated ? 1 : 0));
      if (op.deprecated) assert.match(template.hints[0], /^Deprecated: use /);
    });
  }

  it('templates an unknown method with empty params, and says it is sent as written', () => {
    const template = templateFor('getPartnerBalance');
    assert.deepEqual(JSON.parse(template.text), { method: 'getPartnerBalance', params: {} });
    assert.ok(isValid(JSON.parse(template.text)));
    assert.deepEqual(template.hints, [
      '"getPartnerBalance" is not an operation of the specification; it is sent as written.',
    ]);
  });

  it("asks for the user's own addresses in the templates that create a transaction", () => {
    for (const name of ['createTransaction', 'createFixTransaction']) {
      const hints = templateFor(name).hints.join('\n');
      assert.match(hints, /address: Your payout address .* replace the example/);
      assert.match(hints, /refundAddress: .*replace the example/);
    }
  });
});

describe('request operations: templates against the real sandbox', () => {
  let sandbox: Sandbox;

  before(async () => {
    // The built-in sandbox's seed, at a start time of its own: the templates must not depend on the clock.
    sandbox = await testSandbox({ clock: new ManualClock(Date.UTC(2031, 6, 9, 8, 0, 0)), seed: DEFAULT_SEED });
  });
  after(() => sandbox.stop());

  for (const op of OPERATIONS.filter((o) => o.inSandbox)) {
    it(`${op.name}: its template is answered with a result`, async () => {
      let params = op.params;
      if (op.name === 'createFixTransaction') {
        // A rate ID lives 30 s: the template holds a placeholder, refused as an expired one; a fresh quote makes it work.
        assert.equal((await rpc(sandbox, op.name, op.params)).error?.message, RATE_ID_REFUSAL);
        const quote = await rpc(sandbox, 'getFixRateForAmount', findOperation('getFixRateForAmount')?.params);
        const [first] = quote.result as { id: string; amountFrom: string }[];
        assert.equal(
          first.amountFrom,
          (op.params as { amountFrom: string }).amountFrom,
          "the quote is for the template's amount",
        );
        params = { ...(op.params as Record<string, JsonValue>), rateId: first.id };
      }
      if (op.name === 'updateSubaccount') {
        // The template holds a placeholder, refused as an id never issued; a fresh subaccount's id makes it work.
        assert.equal((await rpc(sandbox, op.name, op.params)).error?.message, 'Parameter subaccountId is invalid');
        const created = (await rpc(sandbox, 'createSubaccount', {})).result as { subaccountId: string };
        params = { ...(op.params as Record<string, JsonValue>), subaccountId: created.subaccountId };
      }
      const answer = await rpc(sandbox, op.name, params);
      assert.equal(answer.error, undefined, JSON.stringify(answer.error));
      switch (op.name) {
        case 'getStatus':
          assert.ok((KNOWN_STATUSES as readonly unknown[]).includes(answer.result), String(answer.result));
          break;
        case 'getTransactions':
          assert.ok(Array.isArray(answer.result) && answer.result.length > 0, 'the example filter finds records');
          break;
        case 'getPairsParams':
          assert.equal((answer.result as unknown[]).length, (op.params as unknown[]).length);
          break;
        case 'getExchangeAmount':
        case 'getFixRateForAmount': {
          const records = answer.result as { from: string; to: string; amountTo: string }[];
          assert.equal(records.length, 1);
          assert.deepEqual([records[0].from, records[0].to], ['btc', 'eth']);
          assert.match(records[0].amountTo, /^[1-9]\d*(\.\d+)?$|^0\.\d+$/);
          break;
        }
        case 'createTransaction':
        case 'createFixTransaction': {
          const created = answer.result as { id: string; status: string };
          assert.equal(created.status, 'new');
          assert.equal((await rpc(sandbox, 'getStatus', { id: created.id })).result, 'waiting');
          break;
        }
        case 'getCurrenciesFull':
          assert.equal((answer.result as unknown[]).length, CURRENCIES.length);
          break;
        case 'getPairs': {
          const pairs = answer.result as { from: string }[];
          assert.ok(pairs.length > 0 && pairs.every((p) => p.from === 'btc'), JSON.stringify(pairs));
          break;
        }
        case 'validateAddress':
          assert.deepEqual(answer.result, { result: true });
          break;
        case 'getCurrencies':
          assert.ok(
            Array.isArray(answer.result) && answer.result.includes('btc') && answer.result.includes('eth'),
            JSON.stringify(answer.result),
          );
          break;
        case 'getMinAmount':
          assert.match(String(answer.result), /^\d+(\.\d+)?$/);
          break;
        case 'getFixRate': {
          const quotes = answer.result as { id: string; from: string; to: string }[];
          assert.equal(quotes.length, 1);
          assert.deepEqual([quotes[0].from, quotes[0].to], ['btc', 'eth']);
          break;
        }
        case 'createSubaccount':
        case 'updateSubaccount':
          assert.match((answer.result as { subaccountId: string }).subaccountId, /^[A-Za-z0-9_-]+$/);
          break;
        case 'getFixRateBulk': {
          const quotes = answer.result as { id: string; from: string; to: string }[];
          assert.ok(
            quotes.some((q) => q.from === 'btc' && q.to === 'eth'),
            'btc->eth among every pair',
          );
          break;
        }
        default:
          assert.fail(`no check for ${op.name}`);
      }
    });
  }

  it('the getStatus example is a seeded transaction of the built-in sandbox', () => {
    assert.ok(sandbox.ledger.get(SANDBOX_TRANSACTION_ID));
  });

  for (const op of OPERATIONS.filter((o) => !o.inSandbox)) {
    it(`${op.name}: the sandbox does not implement it yet (-32601); flip inSandbox when it does`, async () => {
      const answer = await rpc(sandbox, op.name, op.params);
      assert.equal(answer.error?.code, -32601, JSON.stringify(answer));
    });
  }
});
