/**
 * Every agent tool against a real sandbox over real HTTP with real signatures: what each answers
 * (the target's first line, compact text, the JSON record), bad input refused before anything is
 * sent, service errors as error results with their meaning, and the state-changing tools refused
 * on an account without a request.
 */
import { strict as assert } from 'assert';
import Ajv from 'ajv';
import * as fs from 'fs';
import * as path from 'path';
import { loadCredentials, ControlClient } from '../../../src/api';
import type { ExchangeClient } from '../../../src/api';
import { AGENT_TOOLS, findAgentTool, SANDBOX_TARGET } from '../../../src/agents';
import type { AgentTarget, AgentToolContext, AgentToolResult } from '../../../src/agents';
import type { ControlTransaction } from '../../../src/shared/controlProtocol';
import { startHarness } from '../api/support';
import type { Harness } from '../api/support';
import { registeredKeys } from '../../secrets/registry';

const ACCOUNT: AgentTarget = { kind: 'account', label: 'Prod', host: 'api.example.com' };

function tool(name: string) {
  const found = findAgentTool(name);
  assert.ok(found, `no tool ${name}`);
  return found;
}

function data(result: AgentToolResult): Record<string, unknown> {
  assert.equal(typeof result.data, 'object');
  return result.data as Record<string, unknown>;
}

function errorOf(result: AgentToolResult): Record<string, unknown> {
  assert.equal(result.isError, true, result.text);
  return data(result).error as Record<string, unknown>;
}

function ok(result: AgentToolResult): AgentToolResult {
  assert.notEqual(result.isError, true, result.text);
  return result;
}

describe('agent tools against the sandbox', function () {
  let h: Harness;
  let client: ExchangeClient;
  let control: ControlClient;
  let sandbox: AgentToolContext;
  let account: AgentToolContext;

  before(async () => {
    h = await startHarness({ ledgerSize: 60 });
  });
  after(async () => {
    await h.sandbox.stop();
  });
  beforeEach(() => {
    h.sandbox.setFaults({});
    client = h.client({ retry: { retries: 0 } });
    control = new ControlClient({ baseUrl: h.sandbox.url, credentials: h.credentials, limiter: h.limiter });
    sandbox = { client, target: SANDBOX_TARGET, control };
    // An account target: the same sandbox behind it, to prove that nothing is sent.
    account = { client, target: ACCOUNT };
    h.sandbox.clearRequests();
  });
  afterEach(() => {
    client.dispose();
    control.dispose();
  });

  async function created(input: Record<string, unknown> = {}): Promise<ControlTransaction> {
    const result = ok(await tool('exchangeTx_createSandboxTransaction').run(sandbox, input));
    return data(result).transaction as ControlTransaction;
  }

  describe('the list', () => {
    it('has unique names of the allowed form, titles, precise descriptions and schemas JSON Schema accepts', () => {
      const ajv = new Ajv({ strict: true, allowUnionTypes: true });
      const names = AGENT_TOOLS.map((t) => t.name);
      assert.equal(new Set(names).size, names.length);
      for (const t of AGENT_TOOLS) {
        assert.match(t.name, /^exchangeTx_[A-Za-z0-9_-]+$/);
        assert.ok(t.name.length <= 64);
        assert.ok(t.title.length > 0 && t.title.length < 40, t.title);
        assert.ok(t.description.length > 100, t.name);
        assert.equal(t.inputSchema.type, 'object');
        assert.equal(t.inputSchema.additionalProperties, false);
        ajv.compile(t.inputSchema);
        assert.equal(findAgentTool(t.name), t);
        assert.equal(t.changesState, t.confirmation !== undefined, t.name);
      }
      assert.deepEqual(
        AGENT_TOOLS.filter((t) => t.changesState).map((t) => t.name),
        [
          'exchangeTx_createSandboxTransaction',
          'exchangeTx_createSandboxFixedTransaction',
          'exchangeTx_paySandboxTransaction',
          'exchangeTx_moveSandboxTransaction',
          'exchangeTx_advanceSandbox',
        ],
      );
      assert.equal(findAgentTool('nope'), undefined);
    });

    it('is pure Node: its files import src/api and src/shared only', () => {
      const folder = path.resolve(__dirname, '../../../../src/agents');
      const files = fs.readdirSync(folder).filter((f) => f.endsWith('.ts'));
      assert.ok(files.length > 5);
      for (const file of files) {
        const text = fs.readFileSync(path.join(folder, file), 'utf8');
        for (const m of text.matchAll(/\bfrom '([^']+)'/g))
          assert.match(m[1] ?? '', /^(\.\/|\.\.\/api\/|\.\.\/shared\/)/, `${file} imports ${m[1]}`);
      }
    });

    it('checks input as JSON Schema does: what ajv refuses the tool refuses too, before a request', async () => {
      const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
      const samples: unknown[] = [
        {},
        { ids: [] },
        { ids: ['abc'] },
        { ids: ['abcd1234', 5] },
        { ids: Array.from({ length: 21 }, (_, i) => `id${String(i).padStart(4, '0')}`) },
        { ids: ['has space1'] },
        { status: ['paid'] },
        { status: ['hold', 'hold'] },
        { limit: 0 },
        { limit: 1.5 },
        { limit: 101 },
        { pairs: [{ from: 'btc' }] },
        { pairs: [{ from: 'btc', to: 'eth', extra: 1 }] },
        { from: 'btc', to: 'eth', amountFrom: 0.5 },
        { from: 'btc', to: 'eth', amountFrom: '-1' },
        { from: 'btc', to: 'eth', amountFrom: '1e3' },
        { currency: 'btc', address: 'x'.repeat(257) },
        { id: 'abcd1234', status: 'paid' },
        { unknown: true },
        [],
        'text',
      ];
      for (const t of AGENT_TOOLS) {
        const validate = ajv.compile(t.inputSchema);
        for (const input of samples) {
          if (validate(input)) continue;
          h.sandbox.clearRequests();
          const result = await t.run(sandbox, input);
          assert.equal(result.isError, true, `${t.name} accepted ${JSON.stringify(input)}`);
          assert.equal(errorOf(result).kind, 'invalid-input', result.text);
          assert.equal(h.sandbox.requests.length, 0, `${t.name} sent a request for ${JSON.stringify(input)}`);
          assert.match(result.text, /^On the sandbox:\n/);
          assert.match(result.text, /Nothing was sent\.$/);
        }
      }
    });
  });

  describe('reading', () => {
    it('looks transactions up by id: every record found, the unknown ones named, one request per ten ids', async () => {
      const records = await client.getTransactions({ limit: 12 });
      const ids = records.map((r) => r.id);
      h.sandbox.clearRequests();
      const result = ok(
        await tool('exchangeTx_getTransactions').run(sandbox, { ids: [...ids, 'nosuchid0000', ids[0]], full: true }),
      );
      const lines = result.text.split('\n');
      assert.equal(lines[0], 'On the sandbox:');
      assert.equal(lines[1], '12 of 13 found.');
      assert.ok(lines.some((l) => l.startsWith(`${ids[0]} · ${records[0]?.status} · `)));
      assert.equal(lines.at(-1), 'Not found: nosuchid0000');
      const d = data(result);
      assert.deepEqual(d.target, { kind: 'sandbox', label: 'Sandbox' });
      assert.deepEqual(
        (d.records as { id: string }[]).map((r) => r.id),
        ids,
      );
      assert.deepEqual(d.records, records);
      assert.deepEqual(d.notFound, ['nosuchid0000']);
      assert.equal(h.sandbox.requests.length, 2);
      // Compact by default: the fields an agent needs, the creation time as ISO 8601.
      const compact = data(ok(await tool('exchangeTx_getTransactions').run(sandbox, { ids: [ids[0]] })))
        .records as Record<string, unknown>[];
      assert.equal(compact[0]?.id, ids[0]);
      assert.equal(compact[0]?.status, records[0]?.status);
      assert.match(String(compact[0]?.createdAt), /^\d{4}-\d{2}-\d{2}T.*Z$/);
      assert.equal(compact[0]?.payoutHash, undefined, 'no hashes in a compact record');
      assert.ok(JSON.stringify(compact[0]).length < JSON.stringify(records[0]).length / 1.5);
    });

    it('lists recent transactions with the filters sent as the service takes them', async () => {
      const t = tool('exchangeTx_listTransactions');
      const result = ok(
        await t.run(sandbox, {
          status: ['finished', 'refunded'],
          currency: ['BTC'],
          since: '2001-09-10T00:00:00Z',
          limit: 5,
        }),
      );
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, {
        status: ['finished', 'refunded'],
        currency: ['btc'],
        since: 1000080000000000,
        limit: 5,
      });
      const records = data(result).records as { status: string; currencyFrom: string; currencyTo: string }[];
      assert.ok(records.length > 0);
      for (const r of records) {
        assert.ok(r.status === 'finished' || r.status === 'refunded');
        assert.ok(r.currencyFrom === 'btc' || r.currencyTo === 'btc');
      }
      assert.match(
        result.text.split('\n')[1] ?? '',
        /^\d+ transactions? \(status finished\/refunded, currency btc, created since 2001-09-10T00:00:00.000Z\)/,
      );
      assert.equal(result.text.split('\n').length, 2 + records.length);

      const all = ok(await t.run(sandbox, undefined));
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, { limit: 10 });
      assert.equal((data(all).records as unknown[]).length, 10);
      const cursor = data(all).nextCursor;
      assert.equal(typeof cursor, 'string');
      assert.ok(all.text.includes(`More may follow: pass cursor "${String(cursor)}"`));
      const next = ok(await t.run(sandbox, { cursor, limit: 3 }));
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, { limit: 3, offset: 10 });
      assert.equal((data(next).records as unknown[]).length, 3);
      const byOffset = ok(await t.run(sandbox, { offset: 10, limit: 3 }));
      assert.deepEqual(data(byOffset).records, data(next).records);
      assert.equal(errorOf(await t.run(sandbox, { cursor: 'bm9wZQ' })).field, 'cursor');
    });

    it('refuses a since that is not a time, before a request', async () => {
      for (const since of ['yesterday', '2026-13-45T99:00:00Z', '1999-01-01']) {
        const result = await tool('exchangeTx_listTransactions').run(sandbox, { since });
        assert.equal(errorOf(result).field, 'since', since);
      }
      assert.equal(h.sandbox.requests.length, 0);
    });

    it('reads pair limits, naming a pair the service did not answer for', async () => {
      const result = ok(
        await tool('exchangeTx_getPairLimits').run(sandbox, {
          pairs: [
            { from: 'BTC', to: 'eth' },
            { from: 'ltc', to: 'xmr' },
          ],
        }),
      );
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, [
        { from: 'btc', to: 'eth' },
        { from: 'ltc', to: 'xmr' },
      ]);
      const limits = data(result).limits as { from: string; minAmountFloat: string }[];
      assert.ok(limits.length >= 1);
      assert.match(result.text, /^On the sandbox:\nBTC → ETH: float [\d.]+–[\d.]+ BTC, fixed [\d.]+–[\d.]+ BTC/);
      const same = await tool('exchangeTx_getPairLimits').run(sandbox, { pairs: [{ from: 'btc', to: 'BTC' }] });
      assert.equal(errorOf(same).field, 'pairs[0].to');
    });

    it('estimates a floating-rate exchange, and an amount out of range is an error with its meaning and limits', async () => {
      const result = ok(
        await tool('exchangeTx_getEstimate').run(sandbox, { from: 'btc', to: 'eth', amountFrom: '0.5' }),
      );
      assert.match(result.text, /^On the sandbox:\n0\.5 BTC → [\d.]+ ETH before the network fee/);
      assert.equal((data(result).estimate as { amountFrom: string }).amountFrom, '0.5');

      const tooMuch = await tool('exchangeTx_getEstimate').run(sandbox, {
        from: 'btc',
        to: 'eth',
        amountFrom: '100000000',
      });
      const error = errorOf(tooMuch);
      assert.equal(error.kind, 'amount-out-of-range');
      assert.equal(error.code, -32602);
      assert.match(
        String(error.meaning),
        /^The amount is outside the pair's limits \(minimum [\d.]+, maximum [\d.]+ in the payin currency\)\.$/,
      );
      assert.match(tooMuch.text, /^On the sandbox:\nEstimating the exchange failed: error -32602: Invalid amount/);
      assert.match(tooMuch.text, /\nMeaning: The amount is outside/);
      assert.doesNotMatch(tooMuch.text, /Nothing was sent/);
    });

    it('gets a fixed-rate quote with its rate id and expiry; exactly one amount is taken', async () => {
      const t = tool('exchangeTx_getFixedRate');
      const result = ok(await t.run(sandbox, { from: 'btc', to: 'eth', amountTo: '3' }));
      const quote = data(result).quote as { id: string; amountTo: string };
      assert.ok(quote.id.length > 0);
      assert.ok(result.text.startsWith(`On the sandbox:\nRate id ${JSON.stringify(quote.id)}, expires `), result.text);
      assert.match(result.text, /, expires \d{4}-\d\d-\d\dT[\d:.]+Z \(single-use/);
      assert.deepEqual(h.sandbox.requests.at(-1)?.params, { from: 'btc', to: 'eth', amountTo: '3' });
      for (const input of [
        { from: 'btc', to: 'eth' },
        { from: 'btc', to: 'eth', amountFrom: '1', amountTo: '3' },
      ]) {
        h.sandbox.clearRequests();
        assert.equal(errorOf(await t.run(sandbox, input)).field, 'amountFrom');
        assert.equal(h.sandbox.requests.length, 0);
      }
    });

    it('validates an address: an invalid one is an answer, not an error', async () => {
      const t = tool('exchangeTx_validateAddress');
      const good = ok(await t.run(sandbox, { currency: 'eth', address: '0x0123456789abcdef0123456789abcdef01234567' }));
      assert.deepEqual((data(good).verdict as { result: boolean }).result, true);
      assert.match(
        good.text,
        /^On the sandbox:\nThe ETH address "0x0123456789abcdef0123456789abcdef01234567" is valid\.$/,
      );
      const bad = ok(await t.run(sandbox, { currency: 'eth', address: 'not-an-address' }));
      assert.equal((data(bad).verdict as { result: boolean }).result, false);
      assert.match(bad.text, /is NOT valid/);
    });

    it('explains error answers without sending anything: JSON, code and message, HTTP status', async () => {
      const t = tool('exchangeTx_explainError');
      const fromJson = ok(
        await t.run(sandbox, {
          errorJson:
            '{"jsonrpc":"2.0","id":"1","error":{"code":-32600,"message":"Error: You reached requests limit 10 rps"}}',
        }),
      );
      assert.equal(data(fromJson).kind, 'rate-limit');
      assert.match(
        fromJson.text,
        /^On the sandbox:\nError -32600: Error: You reached requests limit 10 rps\nMeaning: More than 10 requests a second/,
      );
      const fromCode = ok(await t.run(account, { code: -32602, message: 'Invalid currency: xyz not found' }));
      assert.match(fromCode.text, /^On account 'Prod' \(api\.example\.com\):\nError -32602/);
      assert.equal(data(fromCode).kind, 'currency-not-found');
      const limits = ok(
        await t.run(sandbox, {
          errorJson:
            '{"code":-32602,"message":"Invalid amount for pair btc->eth. Minimum amount is 0.001 btc","data":{"limits":{"min":{"from":"0.001"}}}}',
        }),
      );
      assert.match(limits.text, /minimum 0\.001 in the payin currency/);
      const http = ok(await t.run(sandbox, { httpStatus: 401 }));
      assert.match(http.text, /Unauthorized/);
      for (const input of [
        {},
        { code: -32602 },
        { errorJson: 'not json' },
        { errorJson: '{"error":{"code":"x"}}' },
        { httpStatus: 401, code: 1, message: 'x' },
        { errorJson: '['.repeat(100) },
      ]) {
        assert.equal(errorOf(await t.run(sandbox, input)).kind, 'invalid-input', JSON.stringify(input));
      }
      assert.equal(h.sandbox.requests.length, 0);
    });

    it('names an account as the target of a read', async () => {
      const result = ok(await tool('exchangeTx_listTransactions').run(account, { limit: 1 }));
      assert.match(
        result.text,
        /^On account 'Prod' \(api\.example\.com\):\n1 transaction\.\n.*\nMore may follow: pass cursor "/,
      );
      assert.deepEqual(data(result).target, { kind: 'account', label: 'Prod', host: 'api.example.com' });
    });
  });

  describe('changing the sandbox', () => {
    it('creates, pays and moves a transaction, each answer naming the sandbox and the record', async () => {
      const tx = await created({ from: 'BTC', to: 'eth', amountFrom: '0.5' });
      assert.equal(tx.status, 'waiting');
      assert.equal(tx.amountExpectedFrom, '0.5');
      const [record] = await client.getTransactions({ id: tx.id, limit: 1 });
      assert.equal(record?.status, 'waiting');

      const paid = ok(await tool('exchangeTx_paySandboxTransaction').run(sandbox, { id: tx.id }));
      assert.match(paid.text, new RegExp(`^On the sandbox:\\nPaid ${tx.id}\\.\\n${tx.id} · confirming · `));
      assert.equal((data(paid).transaction as ControlTransaction).status, 'confirming');

      const moved = ok(await tool('exchangeTx_moveSandboxTransaction').run(sandbox, { id: tx.id, status: 'hold' }));
      assert.match(moved.text, new RegExp(`^On the sandbox:\\nMoved ${tx.id} to hold\\.`));
      const [after] = await client.getTransactions({ id: tx.id, limit: 1 });
      assert.equal(after?.status, 'hold');
    });

    it('creates in a status and type, and refuses a status the type cannot be in before sending', async () => {
      const fixed = await created({ status: 'expired' });
      assert.equal(fixed.type, 'fixed');
      assert.equal(fixed.status, 'expired');
      h.sandbox.clearRequests();
      const result = await tool('exchangeTx_createSandboxTransaction').run(sandbox, {
        type: 'float',
        status: 'expired',
      });
      assert.equal(errorOf(result).field, 'status');
      const same = await tool('exchangeTx_createSandboxTransaction').run(sandbox, { from: 'eth' });
      assert.equal(errorOf(same).field, 'to');
      assert.equal(h.sandbox.requests.length, 0);
    });

    it("turns a refused control action into an error result with the sandbox's reason", async () => {
      const result = await tool('exchangeTx_paySandboxTransaction').run(sandbox, { id: 'nosuchid0000' });
      const error = errorOf(result);
      assert.equal(error.kind, 'sandbox-control');
      assert.equal(error.code, 'not-found');
      assert.match(result.text, /^On the sandbox:\nPaying the sandbox transaction failed: error not-found: /);
    });

    it('names what will happen in the confirmation, from the input as given', () => {
      assert.deepEqual(
        tool('exchangeTx_createSandboxTransaction').confirmation?.({
          type: 'fixed',
          from: 'ltc',
          to: 'xmr',
          amountFrom: '2',
          status: 'hold',
        }),
        {
          title: 'Create a sandbox transaction?',
          message:
            'Creates a fixed-rate 2 LTC → XMR transaction in the local sandbox, in status "hold". Nothing is sent to a real account.',
        },
      );
      assert.match(
        tool('exchangeTx_createSandboxTransaction').confirmation?.(undefined).message ?? '',
        /floating-rate BTC → ETH transaction .* status "waiting"/,
      );
      assert.match(
        tool('exchangeTx_paySandboxTransaction').confirmation?.({ id: 'abcd1234', amount: '0.1' }).message ?? '',
        /^Pays 0\.1 \(instead of the expected amount\) into the sandbox transaction abcd1234\./,
      );
      assert.match(
        tool('exchangeTx_moveSandboxTransaction').confirmation?.({ id: 'abcd1234', status: 'failed' }).message ?? '',
        /^Moves the sandbox transaction abcd1234 to status "failed"\./,
      );
    });

    it('refuses every state-changing tool on an account, sending nothing even with a control client at hand', async () => {
      const tx = await created();
      h.sandbox.clearRequests();
      const inputs: Record<string, unknown> = {
        exchangeTx_createSandboxTransaction: {},
        exchangeTx_paySandboxTransaction: { id: tx.id },
        exchangeTx_moveSandboxTransaction: { id: tx.id, status: 'failed' },
      };
      for (const t of AGENT_TOOLS.filter((x) => x.changesState)) {
        for (const context of [account, { ...account, control }]) {
          const result = await t.run(context, inputs[t.name]);
          const error = errorOf(result);
          assert.equal(error.kind, 'sandbox-only');
          assert.equal(error.sent, false);
          assert.match(result.text, /^On account 'Prod' \(api\.example\.com\):\n.* works on the sandbox only/);
        }
      }
      assert.equal(h.sandbox.requests.length, 0);
      assert.equal((await control.get(tx.id)).status, 'waiting');
    });
  });

  describe('failures', () => {
    it('turns transport faults and service errors into error results with their meaning, never a stack or a key', async () => {
      const pem = h.credentials.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
      const secrets = [h.credentials.apiKey, ...pem.split('\n').filter((line) => line.length > 40)];
      h.sandbox.setFaults({ next: ['http503', 'internalError', 'nonJson', 'rateLimited'] });
      const t = tool('exchangeTx_listTransactions');
      const results = [
        await t.run(sandbox, {}),
        await t.run(sandbox, {}),
        await t.run(sandbox, {}),
        await t.run(sandbox, {}),
      ];
      assert.deepEqual(
        results.map((r) => errorOf(r).kind),
        ['transport', 'internal', 'protocol', 'rate-limit'],
      );
      assert.match(results[0]?.text ?? '', /Meaning: The service failed \(HTTP 503\)\./);
      assert.match(results[1]?.text ?? '', /error -32603: Internal Error\nMeaning: A fault on the service's side\./);
      for (const r of results) {
        const all = `${r.text}\n${JSON.stringify(r.data)}`;
        assert.doesNotMatch(all, /\n\s+at /);
        for (const secret of secrets) assert.ok(!all.includes(secret));
        assert.match(r.text, /^On the sandbox:\nListing the transactions failed: /);
      }
    });

    it('says a refused key is refused, without the key', async () => {
      const keys = registeredKeys();
      const stranger = h.client({ credentials: loadCredentials(keys.privateKeyHex), retry: { retries: 0 } });
      try {
        const result = await tool('exchangeTx_getTransactions').run(
          { client: stranger, target: ACCOUNT },
          { ids: ['abcd1234'] },
        );
        const error = errorOf(result);
        assert.equal(error.kind, 'authentication');
        assert.match(String(error.meaning), /refused the key or the signature/);
        assert.match(result.text, /^On account 'Prod' \(api\.example\.com\):\nLooking the transactions up failed: /);
        const all = `${result.text}${JSON.stringify(result.data)}`;
        assert.ok(!all.includes(keys.apiKey) && !all.includes(keys.privateKeyHex));
      } finally {
        stranger.dispose();
      }
    });

    it('ends in an error result when cancelled', async () => {
      const abort = new AbortController();
      abort.abort();
      const result = await tool('exchangeTx_listTransactions').run({ ...sandbox, signal: abort.signal }, {});
      assert.equal(errorOf(result).kind, 'cancelled');
    });
  });
});
