/**
 * The client pool against a real sandbox over real HTTP with real signatures: one limiter per API
 * key across clients, the current connection's clients ended together (nothing more is signed
 * with them), the sandbox-only client kept while the sandbox is the same and replaced when it is
 * not, the kept clients of other accounts, and everything ended at shutdown.
 */
import { strict as assert } from 'assert';
import { CancelledError } from '../../../src/api';
import type { Credentials, RequestLogEntry } from '../../../src/api';
import * as clientCode from '../../../src/api/client';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ClientPool, KeyLimiters } from '../../../src/features/accounts/clientPool';
import type { SandboxStart } from '../../../src/features/accounts/clientPool';
import { testKeys, testSandbox } from '../../../packages/sandbox/test/helpers';

const ACCOUNT = { id: 'a1', name: 'Main', host: '127.0.0.1', baseUrl: 'http://127.0.0.1' };

/** The built-in sandbox as the pool sees it: a real one, which the test may replace by another. */
class SwitchableSandbox implements SandboxStart {
  starts = 0;
  constructor(
    public sandbox: Sandbox,
    public credentials: Credentials,
  ) {}

  start(): Promise<{ sandbox: Sandbox; credentials: Credentials }> {
    this.starts++;
    return Promise.resolve({ sandbox: this.sandbox, credentials: this.credentials });
  }
}

describe('ClientPool: the clients and the limiter of each key', () => {
  let first: Sandbox;
  let second: Sandbox;
  let limiters: KeyLimiters;
  let host: SwitchableSandbox;
  let pool: ClientPool;
  let logged: RequestLogEntry[];

  before(async () => {
    const { a, b } = testKeys();
    first = await testSandbox({ keys: [a, b] });
    second = await testSandbox({ keys: [a, b] });
  });
  after(async () => {
    await first.stop();
    await second.stop();
  });
  beforeEach(() => {
    limiters = new KeyLimiters();
    host = new SwitchableSandbox(first, testKeys().a);
    logged = [];
    pool = new ClientPool({ limiters, sandbox: host, timeoutMs: () => 5000, onRequest: (e) => logged.push(e) });
    first.clearRequests();
    second.clearRequests();
  });
  afterEach(() => pool.dispose());

  it('gives every client of a key the same limiter, kept after the clients end; another key its own', async () => {
    const { a, b } = testKeys();
    const one = pool.open(clientCode, first.url, a, undefined, 5000);
    const two = pool.open(clientCode, first.url, a, ACCOUNT, 5000);
    const other = pool.open(clientCode, first.url, b, ACCOUNT, 5000);
    assert.equal(one.client.limiter, two.client.limiter, 'one limiter for the key');
    assert.notEqual(one.client.limiter, other.client.limiter, 'another key, another limiter');
    assert.equal(one.client.limiter, limiters.for(a.apiKey));
    pool.disposeCurrent();
    const later = pool.open(clientCode, first.url, a, undefined, 5000);
    assert.equal(later.client.limiter, one.client.limiter, 'a new client inherits the recent calls of its key');
    assert.equal((await (await pool.sandboxClient()).getPairs()).length > 0, true);
    assert.equal((await pool.sandboxClient()).limiter, one.client.limiter, 'the sandbox-only client shares it too');
  });

  it('opens a connection that signs for what it was told, sends for real and cuts its key out of texts', async () => {
    const { a } = testKeys();
    const sandbox = pool.open(clientCode, first.url, a, undefined, 5000);
    const live = pool.open(clientCode, first.url, a, ACCOUNT, 5000);
    assert.equal(sandbox.kind, 'sandbox');
    assert.equal(sandbox.account, undefined);
    assert.equal(live.kind, 'live');
    assert.deepEqual(live.account, ACCOUNT);
    assert.ok((await live.client.getPairs()).length > 0);
    assert.equal(first.requests.length, 1, 'the request reached the sandbox');
    assert.equal(logged.length, 1, 'and was told to the log');
    assert.equal(live.redact?.(`key ${a.apiKey} end`).includes(a.apiKey), false);
  });

  it('ends every client of the current connection together: their calls are refused, nothing reaches the sandbox', async () => {
    const { a, b } = testKeys();
    const one = pool.open(clientCode, first.url, a, undefined, 5000);
    const two = pool.open(clientCode, first.url, b, ACCOUNT, 5000);
    const sandboxOnly = await pool.sandboxClient();
    pool.disposeCurrent();
    assert.equal(one.client.disposed, true);
    assert.equal(two.client.disposed, true);
    await assert.rejects(one.client.getPairs(), CancelledError);
    await assert.rejects(two.client.getPairs(), CancelledError);
    assert.equal(first.requests.length, 0, 'nothing was signed with the ended clients');
    assert.equal(sandboxOnly.disposed, false, 'the sandbox-only client is not the connection’s');
    assert.ok((await sandboxOnly.getPairs()).length > 0);
  });

  it('keeps the sandbox-only client while the sandbox is the same, and replaces it when its address or key changed', async () => {
    const kept = await pool.sandboxClient();
    assert.equal(await pool.sandboxClient(), kept, 'the same sandbox, the same client');
    host.sandbox = second;
    const moved = await pool.sandboxClient();
    assert.notEqual(moved, kept);
    assert.equal(kept.disposed, true, 'the client of the old address is ended');
    assert.ok((await moved.getPairs()).length > 0);
    assert.equal(second.requests.length, 1, 'the new client sends to the new address');
    host.credentials = testKeys().b;
    const rekeyed = await pool.sandboxClient();
    assert.notEqual(rekeyed, moved);
    assert.equal(moved.disposed, true, 'the client of the old key is ended');
    pool.endSandboxClient();
    assert.equal(rekeyed.disposed, true, 'ended when the sandbox stops');
    assert.notEqual(await pool.sandboxClient(), rekeyed, 'a new one after that');
  });

  it('keeps an other account’s connection for its address and key, made only after the approval, until anything changes', async () => {
    const { a, b } = testKeys();
    const account = { id: 'a1', name: 'Main', baseUrl: first.url, hosts: {} };
    let approvals = 0;
    const approve = () => {
      approvals++;
      return Promise.resolve();
    };
    const connection = await pool.otherAccount(account, a, approve);
    assert.equal(approvals, 1);
    assert.equal(connection.kind, 'live');
    assert.equal(connection.account?.id, 'a1');
    assert.ok((await connection.client.getPairs()).length > 0, 'it sends to the account’s address');
    assert.equal(await pool.otherAccount(account, a, approve), connection, 'kept');
    assert.equal(approvals, 1, 'a kept connection needs no new approval');
    const rekeyed = await pool.otherAccount(account, b, approve);
    assert.notEqual(rekeyed, connection, 'a new key: a new connection');
    assert.equal(connection.client.disposed, true, 'the one of the old key is ended');
    const moved = await pool.otherAccount({ ...account, baseUrl: second.url }, b, approve);
    assert.equal(rekeyed.client.disposed, true, 'a new address: the one of the old address is ended');
    pool.disposeCurrent();
    assert.equal(moved.client.disposed, true, 'a change ends the other accounts’ clients');
    assert.notEqual(
      await pool.otherAccount({ ...account, baseUrl: second.url }, b, approve),
      moved,
      'and forgets them',
    );
    assert.equal(approvals, 4);
  });

  it('makes no connection for an other account when the approval throws, and keeps none', async () => {
    const { a } = testKeys();
    const account = { id: 'a1', name: 'Main', baseUrl: first.url, hosts: {} };
    const refused = () => Promise.reject(new Error('not allowed'));
    await assert.rejects(pool.otherAccount(account, a, refused), /not allowed/);
    await assert.rejects(pool.otherAccount(account, a, refused), /not allowed/, 'nothing was kept');
    assert.equal(first.requests.length, 0);
  });

  it('ends everything at shutdown: the clients, the limiters’ waiting callers, and refuses a new sandbox client', async () => {
    const { a } = testKeys();
    const one = pool.open(clientCode, first.url, a, undefined, 5000);
    const sandboxOnly = await pool.sandboxClient();
    const limiter = limiters.for(a.apiKey);
    const release = await limiter.acquire();
    const slots = Array.from({ length: limiter.limit }, () => limiter.acquire());
    const waiting = slots[slots.length - 1];
    pool.dispose();
    release();
    assert.equal(one.client.disposed, true);
    assert.equal(sandboxOnly.disposed, true);
    await assert.rejects(waiting ?? Promise.resolve(), CancelledError);
    await assert.rejects(pool.sandboxClient(), /shutting down/);
  });
});
