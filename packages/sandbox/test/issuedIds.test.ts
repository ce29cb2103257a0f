/**
 * Ids the sandbox issues are never issued twice (packages/sandbox/src/ids.ts, RULES.md "Issued ids"): not
 * by two sandboxes, not after a restart with a state file (real processes of the CLI, killed and
 * started again), not after a restore; a seed makes them the same run after run; subaccounts
 * persist and a `subaccountId` never issued is refused. Over real HTTP with real signatures.
 */
import { strict as assert } from 'assert';
import type { ChildProcessWithoutNullStreams } from 'child_process';
import { spawn } from 'child_process';
import { once } from 'events';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import type { Credentials } from '../../../src/api/keys';
import { loadCredentials } from '../../../src/api/keys';
import type { Sandbox } from '../src';
import { childEnv } from '../../../test/unit/requests/processes';
import type { RpcAnswer } from './helpers';
import { postSigned, result, rpcError, testSandbox } from './helpers';

const ETH = '0x0123456789abcdef0123456789abcdef01234567';
const BTC = 'bc1qexampleexampleexampleexampleexampleace';

/** What one run issues: two subaccounts, two rate IDs, a created transaction. */
async function issueSome(sandbox: Pick<Sandbox, 'url'>, call: Caller, tag: string): Promise<string[]> {
  const a = await call<{ subaccountId: string }>('createSubaccount', { email: `a-${tag}@example.com` });
  const b = await call<{ subaccountId: string }>('createSubaccount', {});
  const quotes = await call<{ id: string }[]>('getFixRateForAmount', [
    { from: 'btc', to: 'eth', amountFrom: '0.1' },
    { from: 'eth', to: 'btc', amountFrom: '2' },
  ]);
  const created = await call<{ id: string }>('createTransaction', {
    from: 'btc',
    to: 'eth',
    amountFrom: '0.1',
    address: ETH,
    subaccountId: a.subaccountId,
  });
  void sandbox;
  return [a.subaccountId, b.subaccountId, ...quotes.map((q) => q.id), created.id];
}

type Caller = <T>(method: string, params: unknown) => Promise<T>;

function callerOf(sandbox: Sandbox): Caller {
  return <T>(method: string, params: unknown) => result<T>(sandbox, method, params);
}

let counter = 0;
function remoteCaller(url: string, credentials: Credentials): Caller {
  return async <T>(method: string, params: unknown): Promise<T> => {
    const answer = await postSigned(
      { url },
      credentials,
      JSON.stringify({ jsonrpc: '2.0', id: `r${++counter}`, method, params }),
    );
    const body = JSON.parse(answer.text) as RpcAnswer;
    if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`);
    return body.result as T;
  };
}

interface Cli {
  readonly url: string;
  readonly credentials: Credentials;
  readonly call: Caller;
  stop(): Promise<number | null>;
}

/** Starts the compiled CLI with `--json` and waits for its line. */
async function startCli(args: readonly string[], keyFile: string): Promise<Cli> {
  const cli = path.resolve(__dirname, '../src/cli.js');
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [cli, '--port', '0', '--quiet', '--json', '--key-file', keyFile, ...args],
    { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const [first] = (await once(readline.createInterface({ input: child.stdout }), 'line')) as [string];
  const { url } = JSON.parse(first) as { url: string };
  const credentials = loadCredentials(fs.readFileSync(keyFile, 'utf8').trim());
  return {
    url,
    credentials,
    call: remoteCaller(url, credentials),
    stop: async () => {
      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

describe('ids the sandbox issues', function () {
  this.timeout(60_000);

  it('differ between two fresh sandboxes without a seed: subaccounts, rate IDs, created transactions', async () => {
    const one = await testSandbox({ seed: undefined, ledgerSize: 0 });
    const two = await testSandbox({ seed: undefined, ledgerSize: 0 });
    try {
      const first = await issueSome(one, callerOf(one), 'x');
      const second = await issueSome(two, callerOf(two), 'x');
      for (const id of first) assert.ok(!second.includes(id), `${id} issued by both`);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('are the same in two sandboxes of the same seed (seeded runs stay deterministic)', async () => {
    const one = await testSandbox({ seed: 9, ledgerSize: 0 });
    const two = await testSandbox({ seed: 9, ledgerSize: 0 });
    try {
      assert.deepEqual(await issueSome(one, callerOf(one), 'x'), await issueSome(two, callerOf(two), 'x'));
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('are never issued again after a restart with a state file, even with the same seed; subaccounts stay', async function () {
    this.timeout(90_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-ids-'));
    const keyFile = path.join(folder, 'key.hex');
    const stateFile = path.join(folder, 'state.json');
    const args = ['--seed', '5', '--size', '5', '--state-file', stateFile];
    try {
      let cli = await startCli(args, keyFile);
      const first = await issueSome(cli, cli.call, 'one');
      const [subaccount] = first;
      assert.equal(await cli.stop(), 0);

      cli = await startCli(args, keyFile);
      const second = await issueSome(cli, cli.call, 'two');
      for (const id of first) assert.ok(!second.includes(id), `${id} issued again after the restart`);
      // The first run's subaccount is known: it takes transactions and keeps its e-mail address.
      const mine = await cli.call<{ id: string }>('createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
        address: ETH,
        subaccountId: subaccount,
      });
      const listed = await cli.call<{ id: string; subaccountId: string }[]>('getTransactions', {
        subaccountId: subaccount,
        limit: 100,
      });
      assert.ok(listed.some((r) => r.id === mine.id) && listed.every((r) => r.subaccountId === subaccount));
      await assert.rejects(cli.call('createSubaccount', { email: 'a-one@example.com' }), /Parameter email is invalid/);
      // Only quotes now (nothing a state file would note as a change): the next run still issues others.
      const quoted = await cli.call<{ id: string }[]>('getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      assert.equal(await cli.stop(), 0);

      cli = await startCli(args, keyFile);
      const again = await cli.call<{ id: string }[]>('getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      assert.notEqual(again[0]?.id, quoted[0]?.id, 'a rate ID of the run before is not issued again');
      const third = await issueSome(cli, cli.call, 'three');
      for (const id of [...first, ...second]) assert.ok(!third.includes(id), `${id} issued again after two restarts`);
      assert.equal(await cli.stop(), 0);
      const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
        issued: { generation: number; subaccounts: { subaccountId: string }[] };
      };
      assert.equal(saved.issued.subaccounts.length, 6);
      assert.equal(saved.issued.generation, 2, 'three runs: generations 0, 1 and 2');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('are never issued again after a snapshot is restored into another sandbox of the same seed', async () => {
    const one = await testSandbox({ seed: 3, ledgerSize: 0 });
    const two = await testSandbox({ seed: 3, ledgerSize: 0 });
    try {
      const first = await issueSome(one, callerOf(one), 'x');
      two.restore(JSON.parse(JSON.stringify(one.toSnapshot())));
      const second = await issueSome(two, callerOf(two), 'y');
      for (const id of first) assert.ok(!second.includes(id), `${id} issued again after the restore`);
      await result(two, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
        address: ETH,
        subaccountId: first[0],
      });
      // A reset keeps the issuer: the streams go on and the subaccounts stay.
      two.control({ action: 'reset' });
      const third = await issueSome(two, callerOf(two), 'z');
      for (const id of [...first, ...second]) assert.ok(!third.includes(id), `${id} issued again after a reset`);
      await result(two, 'createTransaction', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
        address: ETH,
        subaccountId: second[0],
      });
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});

describe('subaccounts', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await testSandbox({ ledgerSize: 0 });
  });
  after(() => sandbox.stop());

  it('a subaccountId the sandbox never issued is refused by both create methods, as a bad parameter', async () => {
    const float = { from: 'btc', to: 'eth', amountFrom: '0.1', address: ETH };
    for (const subaccountId of ['FhbRm-Ox', 'nobody', 'x'.repeat(65), 'two words']) {
      assert.deepEqual(await rpcError(sandbox, 'createTransaction', { ...float, subaccountId }), {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      const [quote] = await result<{ id: string }[]>(sandbox, 'getFixRateForAmount', {
        from: 'btc',
        to: 'eth',
        amountFrom: '0.1',
      });
      const fixed = { from: 'btc', to: 'eth', rateId: quote.id, amountFrom: '0.1', address: ETH, refundAddress: BTC };
      assert.deepEqual(await rpcError(sandbox, 'createFixTransaction', { ...fixed, subaccountId }), {
        code: -32602,
        message: 'Parameter subaccountId is invalid',
      });
      await result(sandbox, 'createFixTransaction', fixed);
    }
  });

  it('updateSubaccount changes the address of an issued subaccount and answers {subaccountId}', async () => {
    const { subaccountId } = await result<{ subaccountId: string }>(sandbox, 'createSubaccount', {
      email: 'old@example.com',
    });
    assert.deepEqual(await result(sandbox, 'updateSubaccount', { subaccountId, email: 'new@example.com' }), {
      subaccountId,
    });
    assert.deepEqual(
      await result(sandbox, 'updateSubaccount', { subaccountId, email: 'NEW@example.com' }),
      { subaccountId },
      'its own address again',
    );
    // The old address is free again; the new one is taken.
    await result(sandbox, 'createSubaccount', { email: 'old@example.com' });
    assert.deepEqual(await rpcError(sandbox, 'createSubaccount', { email: 'new@example.com' }), {
      code: -32602,
      message: 'Parameter email is invalid',
    });
    assert.equal(
      sandbox.toSnapshot().issued?.subaccounts.find((s) => s.subaccountId === subaccountId)?.email,
      'NEW@example.com',
    );
  });

  it('updateSubaccount refuses an unknown id, a missing or malformed address, and one another subaccount has', async () => {
    const mine = await result<{ subaccountId: string }>(sandbox, 'createSubaccount', { email: 'mine@example.com' });
    await result(sandbox, 'createSubaccount', { email: 'theirs@example.com' });
    const bad = (params: unknown, param: string) => async () =>
      assert.deepEqual(await rpcError(sandbox, 'updateSubaccount', params), {
        code: -32602,
        message: `Parameter ${param} is invalid`,
      });
    await bad({ subaccountId: 'FhbRm-Ox', email: 'x@example.com' }, 'subaccountId')();
    await bad({ email: 'x@example.com' }, 'subaccountId')();
    await bad({ subaccountId: mine.subaccountId }, 'email')();
    await bad({ subaccountId: mine.subaccountId, email: 'not an address' }, 'email')();
    await bad({ subaccountId: mine.subaccountId, email: 'Theirs@Example.com' }, 'email')();
    await bad([], 'params')();
  });

  it('two createSubaccount calls with the same address: the second is refused (ignoring case); without an address, any number', async () => {
    await result(sandbox, 'createSubaccount', { email: 'same@example.com' });
    assert.deepEqual(await rpcError(sandbox, 'createSubaccount', { email: 'same@example.com' }), {
      code: -32602,
      message: 'Parameter email is invalid',
    });
    assert.deepEqual(await rpcError(sandbox, 'createSubaccount', { email: 'SAME@example.COM' }), {
      code: -32602,
      message: 'Parameter email is invalid',
    });
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await result<{ subaccountId: string }>(sandbox, 'createSubaccount', {})).subaccountId);
    assert.equal(ids.size, 5);
  });
});
