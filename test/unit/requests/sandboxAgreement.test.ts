/**
 * The schema against the service's own rules, for the three operations the sandbox implements: each
 * case is sent to a real sandbox over HTTP, checked by the schema, and by the client's local checks
 * (src/api/params.ts). The schema must refuse exactly the params the sandbox refuses with -32602
 * `Parameter {param} is invalid`. Where it deliberately does not, the case says so and why:
 *  - stricter: the schema refuses members the sandbox ignores (the spec lists every parameter) and
 *    uppercase tickers the sandbox lowercases (the spec writes them lowercase);
 *  - looser: the schema cannot know which transactions and currencies exist, so an unknown ID or a
 *    disabled currency passes it and is refused by the service.
 */
import { strict as assert } from 'assert';
import { InvalidParameterError } from '../../../src/api/exchangeErrors';
import { checkId, pairParams, transactionParams } from '../../../src/api/params';
import type { CurrencyPair } from '../../../src/api/types';
import { SANDBOX_TRANSACTION_ID } from '../../../src/documents/operationTable';
import type { Sandbox } from '../../../packages/sandbox/src';
import { DEFAULT_SEED } from '../../../packages/sandbox/src';
import { KNOWN_STATUSES } from '../../../src/shared/status';
import { rpc, testSandbox } from '../../../packages/sandbox/test/helpers';
import { paramsValid } from './schema';
import { isRecord } from '../../../src/shared/isRecord';

type Method = 'getStatus' | 'getTransactions' | 'getPairsParams';

/** What the sandbox answers: a result, `-32602 Parameter {param} is invalid`, or another -32602 refusal (a currency's). */
type SandboxVerdict = { readonly ok: true } | { readonly invalid: string } | { readonly refusal: RegExp };

interface Case {
  readonly label: string;
  readonly params: unknown;
  readonly sandbox: SandboxVerdict;
  /** Set only where the schema deliberately disagrees with the sandbox, with the reason. */
  readonly schema?: { readonly accepts: boolean; readonly why: string };
  /** Set only where the client's local check disagrees with the sandbox (it trims what the user typed; it cannot know what exists). */
  readonly client?: { readonly accepts: boolean; readonly why: string };
}

const OK: SandboxVerdict = { ok: true };
const invalid = (param: string): SandboxVerdict => ({ invalid: param });
const STRICTER_CLOSED = { accepts: false, why: 'the spec lists every parameter; the sandbox ignores unknown members' };
const STRICTER_LOWERCASE = { accepts: false, why: 'tickers are lowercase in the spec; the sandbox lowercases them' };
const CLIENT_TRIMS = { accepts: false, why: 'the client trims what the user typed, so blank is empty' };

const eleven = Array.from({ length: 11 }, (_, i) => `nosuchid${i}x`);
const ten = eleven.slice(0, 10);

const CASES: Readonly<Record<Method, readonly Case[]>> = {
  getStatus: [
    { label: 'an existing id', params: { id: SANDBOX_TRANSACTION_ID }, sandbox: OK },
    { label: 'no id', params: {}, sandbox: invalid('id') },
    { label: 'an empty id', params: { id: '' }, sandbox: invalid('id') },
    { label: 'a number id', params: { id: 12345 }, sandbox: invalid('id') },
    { label: 'a null id', params: { id: null }, sandbox: invalid('id') },
    { label: 'a list of ids', params: { id: [SANDBOX_TRANSACTION_ID] }, sandbox: invalid('id') },
    { label: 'params as an array', params: [{ id: SANDBOX_TRANSACTION_ID }], sandbox: invalid('id') },
    { label: 'params as a string', params: SANDBOX_TRANSACTION_ID, sandbox: invalid('id') },
    {
      label: 'an extra member',
      params: { id: SANDBOX_TRANSACTION_ID, verbose: true },
      sandbox: OK,
      schema: STRICTER_CLOSED,
    },
    {
      label: 'an id that does not exist',
      params: { id: 'nosuchid123x' },
      sandbox: invalid('id'),
      schema: { accepts: true, why: 'the schema checks the shape of an id, not whether the transaction exists' },
      client: { accepts: true, why: 'the client checks the shape of an id, not whether the transaction exists' },
    },
  ],
  getTransactions: [
    { label: 'no filter', params: {}, sandbox: OK },
    {
      label: 'every filter at once',
      params: {
        id: 'abc123x',
        status: 'finished',
        currency: 'btc',
        address: 'a',
        payoutAddress: 'b',
        extraId: '1',
        since: 1000000000000000,
        limit: 5,
        offset: 1,
      },
      sandbox: OK,
    },
    { label: '10 ids', params: { id: ten }, sandbox: OK },
    { label: '11 ids', params: { id: eleven }, sandbox: invalid('id') },
    { label: 'an empty id list', params: { id: [] }, sandbox: invalid('id') },
    { label: 'an empty id', params: { id: '' }, sandbox: invalid('id') },
    { label: 'a number in the id list', params: { id: ['abc123x', 7] }, sandbox: invalid('id') },
    { label: 'a blank id', params: { id: '  ' }, sandbox: OK, client: CLIENT_TRIMS },
    { label: 'a status', params: { status: 'hold' }, sandbox: OK },
    {
      label: '12 statuses (no maximum)',
      params: {
        status: [...KNOWN_STATUSES, 'waiting', 'hold'],
      },
      sandbox: OK,
    },
    { label: 'status "hold*"', params: { status: 'hold*' }, sandbox: invalid('status') },
    { label: 'status "new"', params: { status: 'new' }, sandbox: invalid('status') },
    { label: 'an empty status list', params: { status: [] }, sandbox: invalid('status') },
    { label: 'an unknown status in a list', params: { status: ['finished', 'done'] }, sandbox: invalid('status') },
    {
      label: '10 currencies',
      params: { currency: ['btc', 'eth', 'ltc', 'xrp', 'xlm', 'usdt', 'trx', 'doge', 'bch', 'sol'] },
      sandbox: OK,
    },
    {
      label: '11 currencies',
      params: { currency: ['btc', 'eth', 'ltc', 'xrp', 'xlm', 'usdt', 'trx', 'doge', 'bch', 'sol', 'ada'] },
      sandbox: invalid('currency'),
    },
    { label: 'an empty currency', params: { currency: '' }, sandbox: invalid('currency') },
    { label: 'an uppercase currency', params: { currency: 'BTC' }, sandbox: OK, schema: STRICTER_LOWERCASE },
    { label: '11 addresses', params: { address: eleven }, sandbox: invalid('address') },
    { label: 'an empty address list', params: { address: [] }, sandbox: invalid('address') },
    { label: '11 payout addresses', params: { payoutAddress: eleven }, sandbox: invalid('payoutAddress') },
    { label: 'a number as payout address', params: { payoutAddress: 5 }, sandbox: invalid('payoutAddress') },
    { label: 'an empty extraId', params: { extraId: '' }, sandbox: invalid('extraId') },
    { label: 'a number as extraId', params: { extraId: 5 }, sandbox: invalid('extraId') },
    { label: 'since in microseconds', params: { since: 1736942400000000 }, sandbox: OK },
    { label: 'since, the largest safe integer', params: { since: Number.MAX_SAFE_INTEGER }, sandbox: OK },
    { label: 'since in seconds', params: { since: 1736942400 }, sandbox: invalid('since') },
    { label: 'since in milliseconds', params: { since: 1736942400000 }, sandbox: invalid('since') },
    { label: 'since with 15 digits', params: { since: 999999999999999 }, sandbox: invalid('since') },
    { label: 'since as a string', params: { since: '1736942400000000' }, sandbox: invalid('since') },
    {
      label: 'since beyond the safe integers',
      params: { since: Number.MAX_SAFE_INTEGER + 1 },
      sandbox: invalid('since'),
    },
    { label: 'limit 1', params: { limit: 1 }, sandbox: OK },
    { label: 'limit 100', params: { limit: 100 }, sandbox: OK },
    { label: 'limit 0', params: { limit: 0 }, sandbox: invalid('limit') },
    { label: 'limit 101', params: { limit: 101 }, sandbox: invalid('limit') },
    { label: 'limit 2.5', params: { limit: 2.5 }, sandbox: invalid('limit') },
    { label: 'limit "10"', params: { limit: '10' }, sandbox: invalid('limit') },
    { label: 'offset 0', params: { offset: 0 }, sandbox: OK },
    { label: 'offset 5000', params: { offset: 5000 }, sandbox: OK },
    { label: 'offset -1', params: { offset: -1 }, sandbox: invalid('offset') },
    { label: 'offset 0.5', params: { offset: 0.5 }, sandbox: invalid('offset') },
    { label: 'params as an array', params: [{ limit: 10 }], sandbox: invalid('params') },
    { label: 'an unknown member', params: { limt: 10 }, sandbox: OK, schema: STRICTER_CLOSED },
  ],
  getPairsParams: [
    { label: 'one pair', params: [{ from: 'btc', to: 'eth' }], sandbox: OK },
    {
      label: 'two pairs',
      params: [
        { from: 'btc', to: 'eth' },
        { from: 'ltc', to: 'xrp' },
      ],
      sandbox: OK,
    },
    { label: 'an empty array', params: [], sandbox: invalid('params') },
    { label: 'a pair as an object', params: { from: 'btc', to: 'eth' }, sandbox: invalid('params') },
    { label: 'a pair without from', params: [{ to: 'eth' }], sandbox: invalid('from') },
    { label: 'a pair without to', params: [{ from: 'btc' }], sandbox: invalid('to') },
    { label: 'an empty from', params: [{ from: '', to: 'eth' }], sandbox: invalid('from') },
    { label: 'a number as to', params: [{ from: 'btc', to: 3 }], sandbox: invalid('to') },
    { label: 'a string instead of a pair', params: ['btc'], sandbox: invalid('from') },
    { label: 'null instead of a pair', params: [null], sandbox: invalid('from') },
    { label: 'a bad second pair', params: [{ from: 'btc', to: 'eth' }, { from: 'btc' }], sandbox: invalid('to') },
    { label: 'an uppercase ticker', params: [{ from: 'BTC', to: 'eth' }], sandbox: OK, schema: STRICTER_LOWERCASE },
    {
      label: 'a pair with an extra member',
      params: [{ from: 'btc', to: 'eth', txType: 'float' }],
      sandbox: OK,
      schema: STRICTER_CLOSED,
    },
    {
      label: 'a currency the service does not list',
      params: [{ from: 'nosuchcoin', to: 'eth' }],
      sandbox: { refusal: /^Invalid currency: nosuchcoin not found$/ },
      schema: { accepts: true, why: "the schema cannot know the service's currencies" },
      client: { accepts: true, why: "the client cannot know the service's currencies" },
    },
    {
      label: 'a disabled currency',
      params: [{ from: 'zec', to: 'eth' }],
      sandbox: { refusal: /^Invalid currency: zec temporary disabled$/ },
      schema: { accepts: true, why: 'which currencies are disabled changes; the schema cannot know it' },
      client: { accepts: true, why: 'which currencies are disabled changes; the client cannot know it' },
    },
  ],
};

/** Whether the client's local check lets these params through (its API takes an id, a query object or a list of pairs). */
function clientAccepts(method: Method, params: unknown): boolean {
  try {
    if (method === 'getStatus') checkId(isRecord(params) ? params.id : undefined);
    else if (method === 'getTransactions') {
      if (!isRecord(params)) return false;
      transactionParams(params);
    } else pairParams(params as CurrencyPair[]);
    return true;
  } catch (e) {
    if (e instanceof InvalidParameterError) return false;
    throw e;
  }
}

const accepts = (verdict: SandboxVerdict): boolean => 'ok' in verdict;

describe('request schema agrees with the sandbox on the three operations it implements', () => {
  let sandbox: Sandbox;

  before(async () => {
    sandbox = await testSandbox({ seed: DEFAULT_SEED });
  });
  after(() => sandbox.stop());

  for (const [method, list] of Object.entries(CASES) as [Method, readonly Case[]][]) {
    describe(method, () => {
      for (const c of list) {
        const expected = c.schema?.accepts ?? accepts(c.sandbox);
        it(`${c.label}: the sandbox ${'ok' in c.sandbox ? 'answers' : 'refuses'}, the schema ${expected ? 'accepts' : 'refuses'}${c.schema ? ` (${c.schema.why})` : ''}`, async () => {
          const answer = await rpc(sandbox, method, c.params);
          if ('ok' in c.sandbox) {
            assert.equal(answer.error, undefined, `the sandbox refused: ${JSON.stringify(answer.error)}`);
          } else {
            assert.equal(answer.error?.code, -32602, JSON.stringify(answer));
            if ('invalid' in c.sandbox) assert.equal(answer.error.message, `Parameter ${c.sandbox.invalid} is invalid`);
            else assert.match(answer.error.message, c.sandbox.refusal);
          }
          assert.equal(paramsValid(method, c.params), expected, 'schema');
          assert.equal(clientAccepts(method, c.params), c.client?.accepts ?? accepts(c.sandbox), 'client check');
        });
      }

      it('has cases on both sides, and the schema disagrees with the sandbox only where a case says why', () => {
        assert.ok(list.filter((c) => accepts(c.sandbox)).length >= 2, 'cases the sandbox answers');
        assert.ok(list.filter((c) => 'invalid' in c.sandbox).length >= 5, 'cases the sandbox refuses');
        for (const c of list) {
          if (c.schema)
            assert.notEqual(
              c.schema.accepts,
              accepts(c.sandbox),
              `${c.label}: a schema override that agrees with the sandbox is noise`,
            );
          if (c.client)
            assert.notEqual(
              c.client.accepts,
              accepts(c.sandbox),
              `${c.label}: a client override that agrees with the sandbox is noise`,
            );
        }
        // The rule of the brief: every shape refusal of the sandbox (`Parameter … is invalid`) is a schema refusal,
        // except an unknown transaction ID (existence, not shape).
        const shapeRefusals = list.filter((c) => 'invalid' in c.sandbox && c.label !== 'an id that does not exist');
        for (const c of shapeRefusals) assert.equal(paramsValid(method, c.params), false, c.label);
      });
    });
  }
});
