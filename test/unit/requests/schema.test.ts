import { strict as assert } from 'assert';
import { DEFAULT_LIMIT, MAX_FILTER_VALUES, MAX_LIMIT } from '../../../src/api/params';
import { OPERATIONS } from '../../../src/documents/operationTable';
import * as sandbox from '../../../packages/sandbox/src';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import type { SchemaNode } from './schema';
import {
  definition,
  errorsOf,
  expandSnippet,
  isValid,
  newAjv,
  paramsValid,
  resolve,
  schema,
  validator,
} from './schema';

type Case = readonly [label: string, params: unknown, valid: boolean];

/** One `it` per case: a request of `method` with these params is valid or not. */
function cases(method: string, list: readonly Case[]): void {
  for (const [label, params, valid] of list) {
    it(`${valid ? 'accepts' : 'rejects'} ${label}`, () => {
      const document = params === undefined ? { method } : { method, params };
      assert.equal(
        isValid(document),
        valid,
        `${JSON.stringify(document)}: ${JSON.stringify(errorsOf(document).map((e) => `${e.instancePath} ${e.message ?? ''}`))}`,
      );
    });
  }
}

/** A copy of `object` without `key`. */
function without(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...object };
  delete copy[key];
  return copy;
}

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `tx${i}abc1`);
const tickers = (n: number): string[] =>
  ['btc', 'eth', 'ltc', 'xrp', 'xlm', 'usdt', 'trx', 'doge', 'bch', 'sol', 'ada', 'dot'].slice(0, n);
const names = OPERATIONS.map((op) => op.name);
const methodSchema = definition('method');
const knownBranch = (methodSchema.anyOf as SchemaNode[])[0];

/** The `then` of each `if method == X` of the request, by X. */
function conditions(): Map<string, SchemaNode> {
  const found = new Map<string, SchemaNode>();
  for (const rule of definition('request').allOf as SchemaNode[]) {
    const ifNode = rule.if as { properties: { method: { const: string } }; required: string[] };
    assert.deepEqual(
      ifNode.required,
      ['method'],
      'each condition needs the method present (an absent one would match every if)',
    );
    const name = ifNode.properties.method.const;
    assert.ok(!found.has(name), `two conditions for ${name}`);
    found.set(name, rule.then as SchemaNode);
  }
  return found;
}

/** The object schemas a params definition accepts: itself, its anyOf alternatives, array items, resolved. */
function objectSchemas(node: SchemaNode): SchemaNode[] {
  const target = resolve(node);
  const out: SchemaNode[] = [];
  if (target.type === 'object') out.push(target);
  if (target.items) out.push(...objectSchemas(target.items as SchemaNode));
  for (const alternative of (target.anyOf as SchemaNode[] | undefined) ?? []) out.push(...objectSchemas(alternative));
  return out;
}

/** Every `pattern` in the schema. */
function patterns(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(patterns);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'pattern' && typeof value === 'string' ? [value] : patterns(value),
  );
}

describe('request schema: the document and the envelope', () => {
  const ok = { method: 'getStatus', params: { id: 'abc123def' } };
  const list: readonly (readonly [string, unknown, boolean])[] = [
    ['one request', ok, true],
    ['an array of requests', [ok, { method: 'getTransactions', params: {} }], true],
    ['an empty array', [], false],
    ['an array holding a non-request', [ok, 'getStatus'], false],
    ['an array holding a bad request', [ok, { method: 'getStatus', params: {} }], false],
    ['a string', 'getStatus', false],
    ['null', null, false],
    ['jsonrpc "2.0"', { ...ok, jsonrpc: '2.0' }, true],
    ['jsonrpc "1.0"', { ...ok, jsonrpc: '1.0' }, false],
    ['jsonrpc 2 (a number)', { ...ok, jsonrpc: 2 }, false],
    ['a string id', { ...ok, id: 'req-1' }, true],
    ['a number id', { ...ok, id: 7 }, true],
    ['a null id', { ...ok, id: null }, false],
    ['an object id', { ...ok, id: {} }, false],
    ['no method', { params: {} }, false],
    ['an empty method', { method: '', params: {} }, false],
    ['a number as method', { method: 5, params: {} }, false],
    ['an unknown envelope member (typo "param")', { method: 'getStatus', param: { id: 'abc' } }, false],
    ['an unknown method, without params', { method: 'getCurrenciesShort' }, true],
    ['an unknown method with object params', { method: 'getFixRateFor', params: { from: 'BTC', anything: 1 } }, true],
    ['an unknown method with array params', { method: 'getPartnerBalance', params: [] }, true],
    ['an unknown method whose name differs from a known one only in case', { method: 'getstatus', params: {} }, true],
    [
      'an unknown method with null params (JSON-RPC params are structured)',
      { method: 'somethingNew', params: null },
      false,
    ],
    ['an unknown method with string params', { method: 'somethingNew', params: 'x' }, false],
  ];
  for (const [label, document, valid] of list) {
    it(`${valid ? 'accepts' : 'rejects'} ${label}`, () =>
      assert.equal(isValid(document), valid, JSON.stringify(document)));
  }

  /** The known methods whose params may be left out: they have no required parameter (docs/service/interface.md#the-envelope, the service's own samples). */
  const PARAMS_OPTIONAL = OPERATIONS.filter((op) => op.paramsOptional).map((op) => op.name);

  it('requires params for every known method except those the operations table lets leave them out (getCurrencies…)', () => {
    assert.ok(
      PARAMS_OPTIONAL.includes('getCurrencies') && PARAMS_OPTIONAL.length < names.length,
      PARAMS_OPTIONAL.join(', '),
    );
    for (const name of names) assert.equal(paramsValid(name, undefined), PARAMS_OPTIONAL.includes(name), name);
  });

  it('refuses null params for every known method', () => {
    for (const name of names) assert.equal(paramsValid(name, null), false, name);
  });
});

describe('request schema: getStatus', () => {
  cases('getStatus', [
    ['an id', { id: 'ysc46l0nu7aawf' }, true],
    ['no id', {}, false],
    ['an empty id', { id: '' }, false],
    ['a number id', { id: 42 }, false],
    ['a list of ids', { id: ['abc123def'] }, false],
    ['an unknown member', { id: 'abc123def', verbose: true }, false],
    ['params as an array', [{ id: 'abc123def' }], false],
  ]);
});

describe('request schema: getTransactions', () => {
  cases('getTransactions', [
    ['no filter', {}, true],
    [
      'every filter at once',
      {
        id: 'a1b2c3d4',
        status: 'finished',
        currency: 'btc',
        address: 'bc1qx',
        payoutAddress: '0xabc',
        extraId: '123',
        since: 1736942400000000,
        limit: 50,
        offset: 100,
      },
      true,
    ],
    ['params as an array', [{ limit: 10 }], false],
    ['an unknown member', { limt: 10 }, false],
  ]);

  for (const name of ['id', 'address', 'payoutAddress'] as const) {
    describe(`filter ${name}`, () => {
      cases('getTransactions', [
        ['a string', { [name]: 'x1y2z3' }, true],
        [`a list of ${MAX_FILTER_VALUES}`, { [name]: ids(10) }, true],
        ['a list of 1', { [name]: ids(1) }, true],
        ['a list of 11', { [name]: ids(11) }, false],
        ['an empty list', { [name]: [] }, false],
        ['an empty string', { [name]: '' }, false],
        ['an empty string in the list', { [name]: ['x1y2z3', ''] }, false],
        ['a number', { [name]: 12 }, false],
        ['a number in the list', { [name]: ['x1y2z3', 12] }, false],
      ]);
    });
  }

  describe('filter currency', () => {
    cases('getTransactions', [
      ['a lowercase ticker', { currency: 'btc' }, true],
      ['a ticker with digits', { currency: 'usdt20' }, true],
      ['10 tickers', { currency: tickers(10) }, true],
      ['11 tickers', { currency: tickers(11) }, false],
      ['an empty list', { currency: [] }, false],
      ['an uppercase ticker', { currency: 'BTC' }, false],
      ['a mixed-case ticker in a list', { currency: ['btc', 'Eth'] }, false],
      ['a ticker with a space', { currency: ' btc' }, false],
      ['an empty ticker', { currency: '' }, false],
    ]);
  });

  describe('filter status', () => {
    cases('getTransactions', [
      ...KNOWN_STATUSES.map((status): Case => [`status "${status}"`, { status }, true]),
      ['every status at once, some twice (no maximum)', { status: [...KNOWN_STATUSES, 'waiting', 'hold'] }, true],
      ['"hold*" (the footnote mark is not part of the value)', { status: 'hold*' }, false],
      ['"new" (the create operations\' name for waiting)', { status: 'new' }, false],
      ['"Waiting" (case)', { status: 'Waiting' }, false],
      ['an unknown status in a list', { status: ['finished', 'done'] }, false],
      ['an empty list', { status: [] }, false],
      ['a number', { status: 1 }, false],
    ]);
  });

  describe('filter extraId', () => {
    cases('getTransactions', [
      ['a string', { extraId: '123456' }, true],
      ['an empty string', { extraId: '' }, false],
      ['a number', { extraId: 123456 }, false],
      ['a list', { extraId: ['123456'] }, false],
    ]);
  });

  describe('since (Unix microseconds, 16 digits)', () => {
    cases('getTransactions', [
      ['microseconds', { since: 1736942400000000 }, true],
      ['the smallest 16-digit value', { since: 1000000000000000 }, true],
      ['the largest safe integer', { since: Number.MAX_SAFE_INTEGER }, true],
      ['15 digits', { since: 999999999999999 }, false],
      ['seconds', { since: 1736942400 }, false],
      ['milliseconds', { since: 1736942400000 }, false],
      ['beyond the safe integers', { since: Number.MAX_SAFE_INTEGER + 1 }, false],
      ['a string of digits', { since: '1736942400000000' }, false],
      ['a fraction', { since: 1736942400000000.5 }, false],
    ]);
  });

  describe('limit (1 to 100) and offset (0 or more)', () => {
    cases('getTransactions', [
      ['limit 1', { limit: 1 }, true],
      [`limit ${MAX_LIMIT}`, { limit: MAX_LIMIT }, true],
      ['limit 0', { limit: 0 }, false],
      ['limit 101', { limit: 101 }, false],
      ['limit -5', { limit: -5 }, false],
      ['limit 2.5', { limit: 2.5 }, false],
      ['limit "10"', { limit: '10' }, false],
      ['offset 0', { offset: 0 }, true],
      ['offset 1000000', { offset: 1000000 }, true],
      ['offset -1', { offset: -1 }, false],
      ['offset 0.5', { offset: 0.5 }, false],
      ['offset "20"', { offset: '20' }, false],
    ]);
  });
});

describe('request schema: getPairsParams', () => {
  cases('getPairsParams', [
    ['one pair', [{ from: 'btc', to: 'eth' }], true],
    [
      'several pairs',
      [
        { from: 'btc', to: 'eth' },
        { from: 'eth', to: 'usdt' },
      ],
      true,
    ],
    ['an empty array', [], false],
    ['one pair as an object (not in an array)', { from: 'btc', to: 'eth' }, false],
    ['a pair without to', [{ from: 'btc' }], false],
    ['a pair without from', [{ to: 'eth' }], false],
    ['an uppercase ticker', [{ from: 'BTC', to: 'eth' }], false],
    ['an empty ticker', [{ from: '', to: 'eth' }], false],
    ['a number as ticker', [{ from: 1, to: 'eth' }], false],
    ['a pair with an unknown member', [{ from: 'btc', to: 'eth', txType: 'float' }], false],
    ['a string in the array', ['btc-eth'], false],
  ]);

  it('marks the method deprecated (a VS Code warning, not an error)', () => {
    const then = conditions().get('getPairsParams') as { properties: { method: { deprecationMessage?: string } } };
    assert.match(then.properties.method.deprecationMessage ?? '', /deprecated.*getExchangeAmount/);
  });
});

const AMOUNTS: readonly Case[] = [
  ['amount "0.1"', '0.1', true],
  ['amount "10"', '10', true],
  ['amount "0"', '0', true],
  ['amount "449172.45240999997"', '449172.45240999997', true],
  ['amount 0.1 (a number)', 0.1, false],
  ['amount "1."', '1.', false],
  ['amount ".5"', '.5', false],
  ['amount "-1"', '-1', false],
  ['amount "1e3"', '1e3', false],
  ['amount "01"', '01', false],
  ['amount "1,5"', '1,5', false],
  ['amount " 1"', ' 1', false],
  ['amount ""', '', false],
];

describe('request schema: getExchangeAmount', () => {
  const pair = { from: 'btc', to: 'eth' };
  cases('getExchangeAmount', [
    ['one estimate', { ...pair, amountFrom: '0.1' }, true],
    [
      'a bulk array',
      [
        { ...pair, amountFrom: '0.1' },
        { from: 'eth', to: 'btc', amountFrom: '2' },
      ],
      true,
    ],
    ['an empty bulk array', [], false],
    ['no amountFrom', pair, false],
    ['no from', { to: 'eth', amountFrom: '0.1' }, false],
    ['v1\'s "amount"', { ...pair, amount: '0.1' }, false],
    ['amountTo (fixed-rate only)', { ...pair, amountFrom: '0.1', amountTo: '2' }, false],
    ['an uppercase ticker', { from: 'BTC', to: 'eth', amountFrom: '0.1' }, false],
    ['userMetadata as a string', { ...pair, amountFrom: '0.1', userMetadata: '{"ref":"x"}' }, true],
    ['userMetadata as an object', { ...pair, amountFrom: '0.1', userMetadata: { ref: 'x' } }, false],
    ['a bad pair inside the bulk array', [{ ...pair, amountFrom: '0.1' }, { ...pair }], false],
    ...AMOUNTS.map(([label, amount, valid]): Case => [label, { ...pair, amountFrom: amount }, valid]),
  ]);
});

describe('request schema: getFixRateForAmount', () => {
  const pair = { from: 'btc', to: 'eth' };
  cases('getFixRateForAmount', [
    ['amountFrom', { ...pair, amountFrom: '0.1' }, true],
    ['amountTo', { ...pair, amountTo: '2.5' }, true],
    ['both amountFrom and amountTo', { ...pair, amountFrom: '0.1', amountTo: '2.5' }, false],
    ['neither amountFrom nor amountTo', pair, false],
    [
      'a bulk array mixing amountFrom and amountTo',
      [
        { ...pair, amountFrom: '0.1' },
        { ...pair, amountTo: '3' },
      ],
      true,
    ],
    [
      'a bulk array with one element giving both',
      [
        { ...pair, amountFrom: '0.1' },
        { ...pair, amountFrom: '1', amountTo: '3' },
      ],
      false,
    ],
    ['an empty bulk array', [], false],
    ['amountTo as a number', { ...pair, amountTo: 2.5 }, false],
    ['an unknown member', { ...pair, amountFrom: '0.1', rateId: 'x' }, false],
    ...AMOUNTS.map(([label, amount, valid]): Case => [`${label} as amountTo`, { ...pair, amountTo: amount }, valid]),
  ]);
});

describe('request schema: createTransaction', () => {
  const required = { from: 'btc', to: 'eth', amountFrom: '0.1', address: '0x0123456789abcdef0123456789abcdef01234567' };
  const optional = {
    extraId: '1',
    refundAddress: 'bc1qx',
    refundExtraId: '2',
    fromAddress: 'bc1qy',
    fromExtraId: '3',
    subaccountId: 's1',
    userMetadata: '{}',
  };
  cases('createTransaction', [
    ['the required parameters', required, true],
    ['every parameter', { ...required, ...optional }, true],
    ...Object.keys(required).map((name): Case => [`a request without ${name}`, without(required, name), false]),
    ['amountTo (not a float-rate parameter)', { ...required, amountTo: '2' }, false],
    ['rateId (fixed rate only)', { ...required, rateId: 'r' }, false],
    ['an amount as a number', { ...required, amountFrom: 0.1 }, false],
    ['an uppercase ticker', { ...required, to: 'ETH' }, false],
    ['an empty address', { ...required, address: '' }, false],
    ['params as an array', [required], false],
  ]);
});

describe('request schema: createFixTransaction', () => {
  const required = { from: 'btc', to: 'eth', rateId: 'f1e2d3', address: '0xabc', refundAddress: 'bc1qx' };
  cases('createFixTransaction', [
    ['the required parameters with amountFrom', { ...required, amountFrom: '0.1' }, true],
    ['the required parameters with amountTo', { ...required, amountTo: '2' }, true],
    ['both amounts', { ...required, amountFrom: '0.1', amountTo: '2' }, false],
    ['neither amount', required, false],
    ...Object.keys(required).map((name): Case => [
      `a request without ${name}`,
      without({ ...required, amountFrom: '0.1' }, name),
      false,
    ]),
    [
      'every optional parameter',
      {
        ...required,
        amountFrom: '0.1',
        extraId: '1',
        refundExtraId: '2',
        fromAddress: 'a',
        fromExtraId: '3',
        subaccountId: 's',
        userMetadata: '{}',
      },
      true,
    ],
    ['an unknown member', { ...required, amountFrom: '0.1', rate: '1' }, false],
    ['an amount written "1e-3"', { ...required, amountFrom: '1e-3' }, false],
  ]);
});

describe('request schema: getCurrenciesFull', () => {
  cases('getCurrenciesFull', [
    ['no params', undefined, true],
    ['{}', {}, true],
    ['members no documentation names (the spec is open here)', { currency: 'btc' }, true],
    ['params as an array', [], false],
    ['params as a string', 'all', false],
  ]);
});

describe('request schema: getPairs', () => {
  cases('getPairs', [
    ['no filter', {}, true],
    ['every filter', { from: 'btc', to: 'eth', txType: 'fixed' }, true],
    ['txType "float"', { txType: 'float' }, true],
    ['txType "floating"', { txType: 'floating' }, false],
    ['an uppercase ticker', { from: 'BTC' }, false],
    ['an unknown member', { from: 'btc', limit: 10 }, false],
    ['an array of filters (one revision of the documentation)', [{ from: 'btc' }, { to: 'eth' }], true],
    ['an array with a bad filter', [{ from: 'btc', txType: 'x' }], false],
  ]);
});

describe('request schema: validateAddress', () => {
  cases('validateAddress', [
    ['currency and address', { currency: 'eth', address: '0xabc' }, true],
    ['with an extra ID', { currency: 'xrp', address: 'rAbc', extraId: '12345' }, true],
    ['no address', { currency: 'eth' }, false],
    ['no currency', { address: '0xabc' }, false],
    ['an uppercase currency', { currency: 'ETH', address: '0xabc' }, false],
    ['an unknown member', { currency: 'eth', address: '0xabc', network: 'erc20' }, false],
    ['an empty address', { currency: 'eth', address: '' }, false],
  ]);
});

describe('request schema: its method list and annotations', () => {
  it('gives every property what completion needs to insert `"name": ` and a value (a type, or values to offer)', () => {
    // VS Code's JSON language service inserts only `"name"` for a property whose schema has neither
    // a type nor values (enum, const, default, examples, defaultSnippets): the `: ` is left out.
    const merged = (node: SchemaNode): SchemaNode =>
      typeof node.$ref === 'string' ? { ...resolve(node), ...node } : node;
    const bare: string[] = [];
    for (const [name, raw] of Object.entries(schema.definitions as Record<string, SchemaNode>)) {
      for (const [key, property] of Object.entries((merged(raw).properties ?? {}) as Record<string, SchemaNode>)) {
        const p = merged(property);
        const values = ['enum', 'const', 'default', 'examples', 'defaultSnippets'].some((k) => p[k] !== undefined);
        if (!values && p.type === undefined && p.properties === undefined && p.items === undefined)
          bare.push(`${name}.${key}`);
      }
    }
    assert.deepEqual(bare, []);
    // A status filter: its statuses, one or a list, offered as values.
    const status = (definition('params.getTransactions').properties as Record<string, SchemaNode>).status;
    assert.deepEqual(status?.examples, ['waiting', ['waiting', 'confirming']]);
  });

  it('says what an amount or a ticker of another type should be, in words', () => {
    assert.equal(
      definition('amount').errorMessage,
      'Expected an amount as a string, e.g. "0.1" (a JSON number would lose digits).',
    );
    assert.equal(definition('ticker').errorMessage, 'Expected a ticker: a lowercase string, e.g. "btc".');
  });

  it('offers exactly the operations of OPERATIONS, in order, as enum and examples, with their descriptions', () => {
    assert.deepEqual(knownBranch.enum, names);
    assert.deepEqual(methodSchema.examples, names);
    assert.deepEqual(
      knownBranch.enumDescriptions,
      OPERATIONS.map((op) => op.description),
    );
    const markdown = knownBranch.markdownEnumDescriptions as string[];
    assert.equal(markdown.length, names.length);
    markdown.forEach((text, i) => assert.match(text, /`params`/, names[i]));
  });

  it("checks params per method: one condition for each operation, each naming that operation's params definition", () => {
    const found = conditions();
    assert.deepEqual([...found.keys()], names);
    for (const [name, then] of found) {
      const params = (then.properties as { params: SchemaNode }).params;
      assert.equal(params.$ref, `#/definitions/params.${name}`);
      assert.ok(resolve(params), name);
      assert.deepEqual(
        then.required ?? [],
        OPERATIONS.find((op) => op.name === name)?.paramsOptional ? [] : ['params'],
        name,
      );
    }
  });

  it('says which operations are deprecated the same way OPERATIONS does', () => {
    for (const [name, then] of conditions()) {
      const method = (then.properties as { method?: { deprecationMessage?: string } }).method;
      const op = OPERATIONS.find((o) => o.name === name);
      assert.equal(method?.deprecationMessage !== undefined, op?.deprecated !== undefined, name);
    }
  });

  it('closes the params exactly of the operations whose hints name their parameters', () => {
    for (const op of OPERATIONS) {
      const objects = objectSchemas(definition(`params.${op.name}`));
      assert.ok(objects.length > 0, op.name);
      for (const object of objects)
        assert.equal(object.additionalProperties === false, Object.keys(op.hints).length > 0, op.name);
    }
  });

  it('describes the method, the envelope and every parameter of every operation', () => {
    assert.ok(methodSchema.description && methodSchema.markdownDescription);
    for (const [name, property] of Object.entries(definition('request').properties as Record<string, SchemaNode>)) {
      assert.ok(resolve(property).description ?? property.description, `envelope member ${name}`);
    }
    for (const op of OPERATIONS) {
      const params = definition(`params.${op.name}`);
      assert.ok(params.description, `params of ${op.name}`);
      for (const object of objectSchemas(params)) {
        for (const [name, property] of Object.entries(
          (object.properties as Record<string, SchemaNode> | undefined) ?? {},
        )) {
          const text = property.description ?? resolve(property).description;
          assert.ok(typeof text === 'string' && text.length > 10, `${op.name}.${name} has no description`);
        }
      }
    }
  });

  it('gives every hint of OPERATIONS to a parameter the schema knows', () => {
    for (const op of OPERATIONS) {
      const known = new Set(
        objectSchemas(definition(`params.${op.name}`)).flatMap((o) =>
          Object.keys((o.properties as object | undefined) ?? {}),
        ),
      );
      for (const name of Object.keys(op.hints))
        assert.ok(known.has(name), `${op.name}: hint for unknown parameter ${name}`);
    }
  });

  it('lists the statuses of the spec, the ones the client and the sandbox know', () => {
    const status = definition('status');
    assert.deepEqual([...(status.enum as string[])].sort(), [...KNOWN_STATUSES].sort());
    assert.equal((status.enumDescriptions as string[]).length, KNOWN_STATUSES.length);
  });

  it('uses the limits of the client and of the sandbox', () => {
    assert.equal(MAX_FILTER_VALUES, sandbox.MAX_FILTER_VALUES);
    assert.equal(MAX_LIMIT, sandbox.MAX_LIMIT);
    assert.equal(DEFAULT_LIMIT, sandbox.DEFAULT_LIMIT);
    assert.equal(definition('textOrUpTo10').maxItems, MAX_FILTER_VALUES);
    assert.equal(definition('tickerOrUpTo10').maxItems, MAX_FILTER_VALUES);
    const properties = definition('params.getTransactions').properties as Record<string, SchemaNode>;
    assert.equal(properties.limit.maximum, MAX_LIMIT);
    assert.equal(properties.limit.default, DEFAULT_LIMIT);
    assert.equal(definition('tickerOrUpTo10').pattern, definition('ticker').pattern);
  });

  it('offers a snippet per operation for a new request, each valid once its placeholders are filled', () => {
    const snippets = definition('request').defaultSnippets as { label: string; body: { method: string } }[];
    assert.deepEqual(
      snippets.map((s) => s.label),
      names,
    );
    for (const snippet of snippets) {
      assert.equal(snippet.body.method, snippet.label);
      const filled = expandSnippet(snippet.body);
      assert.ok(isValid(filled), `${snippet.label}: ${JSON.stringify(filled)} ${JSON.stringify(errorsOf(filled))}`);
    }
  });

  it('offers params snippets that are valid once their placeholders are filled', () => {
    for (const op of OPERATIONS) {
      const snippets = (definition(`params.${op.name}`).defaultSnippets as { body: unknown }[] | undefined) ?? [];
      assert.ok(snippets.length > 0, op.name);
      for (const snippet of snippets)
        assert.ok(paramsValid(op.name, expandSnippet(snippet.body)), `${op.name}: ${JSON.stringify(snippet.body)}`);
    }
  });

  it('has patterns that compile as VS Code compiles them (with and without the u flag)', () => {
    const found = patterns(schema);
    assert.ok(found.length >= 3);
    for (const pattern of found) {
      assert.doesNotThrow(() => new RegExp(pattern));
      assert.doesNotThrow(() => new RegExp(pattern, 'u'));
    }
  });

  it("compiles as JSON Schema draft-07 in Ajv's strict mode", () => {
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.doesNotThrow(() => validator());
  });

  it('is compiled in strict mode, which refuses a misspelt keyword (so compiling proves something)', () => {
    assert.throws(() => newAjv().compile({ type: 'string', patern: '^x$' }), /unknown keyword/);
    assert.throws(() => newAjv().compile({ type: 'object', properties: { a: { type: 'strin' } } }));
  });
});
