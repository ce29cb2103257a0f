/**
 * "Copy Sandbox Connection" and "Copy as…" together, as a developer uses them: the `.env` lines of
 * the connection are exported into a real shell (`set -a; . ./sandbox.env`), and the snippet
 * copied for the sandbox runs in that shell against a real sandbox that knows the key, which
 * answers with a result. An account's snippet reads another variable, so neither key is ever
 * signed toward the other's address.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { loadCredentials } from '../../../src/api/keys';
import type { Credentials, GeneratedKeys } from '../../../src/api/keys';
import { connectionText } from '../../../src/features/builtInSandbox/connectionText';
import type { SnippetKind } from '../../../src/features/requests/snippets';
import { keyVariableFor, snippet } from '../../../src/features/requests/snippets';
import type { Sandbox } from '../../../packages/sandbox/src';
import { registeredKeys } from '../../secrets/registry';
import { testSandbox } from '../../../packages/sandbox/test/helpers';
import {
  bashUnavailable,
  childEnv,
  holdsAny,
  keyPieces,
  runProcess,
  temporaryFolder,
  writePrivateFile,
} from './processes';
import type { ProcessResult } from './processes';
import { runnerFor } from './snippetRunner';

describe('the copied sandbox connection and the copied snippets, together', function () {
  this.timeout(60_000);
  let keys: GeneratedKeys;
  let credentials: Credentials;
  let accountKeys: GeneratedKeys;
  let sandbox: Sandbox;
  let folder: ReturnType<typeof temporaryFolder>;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 'from-the-shell',
    method: 'getTransactions',
    params: { limit: 2 },
  });

  before(async function () {
    const bash = bashUnavailable();
    if (bash) {
      console.log(`      skipped: ${bash}`);
      this.skip();
    }
    keys = registeredKeys();
    credentials = loadCredentials(keys.privateKeyHex);
    accountKeys = registeredKeys();
    sandbox = await testSandbox({ ledgerSize: 10, keys: [credentials] });
    folder = temporaryFolder('exchange-tx-connection-');
    // What Copy Sandbox Connection puts on the clipboard, saved as the developer would.
    writePrivateFile(
      path.join(folder.path, 'sandbox.env'),
      connectionText({ url: sandbox.url, apiKey: credentials.apiKey, privateKey: keys.privateKeyHex }, 'env'),
    );
  });

  after(async () => {
    await sandbox?.stop();
    folder?.remove();
  });

  beforeEach(() => sandbox.clearRequests());

  it("reads the sandbox key from the variable Copy Sandbox Connection writes, and an account's from another", () => {
    assert.equal(keyVariableFor('sandbox'), 'EXCHANGE_TX_SANDBOX_PRIVATE_KEY');
    assert.equal(keyVariableFor('live'), 'EXCHANGE_TX_PRIVATE_KEY');
  });

  /**
   * Runs the snippet of `kind` for `target` in a bash that first exports `sandbox.env` when asked;
   * `extra` are variables the shell already has. Neither key variable is inherited from this process.
   */
  async function runInShell(
    kind: SnippetKind,
    target: 'sandbox' | 'live',
    exportEnvFile: boolean,
    extra: Readonly<Record<string, string>> = {},
  ): Promise<ProcessResult | undefined> {
    const found = runnerFor(kind);
    if ('reason' in found) {
      console.log(`      (${kind} not run: ${found.reason})`);
      return undefined;
    }
    const file = path.join(folder.path, found.file);
    fs.writeFileSync(
      file,
      snippet(kind, { url: `${sandbox.url}/v2`, body, keySource: { kind: 'env', name: keyVariableFor(target) } }),
    );
    const env = childEnv(extra);
    for (const name of [
      'EXCHANGE_TX_SANDBOX_PRIVATE_KEY',
      'EXCHANGE_TX_SANDBOX_URL',
      'EXCHANGE_TX_SANDBOX_API_KEY',
      'EXCHANGE_TX_PRIVATE_KEY',
    ])
      if (!(name in extra)) delete env[name];
    const script = `${exportEnvFile ? 'set -a; . ./sandbox.env; set +a; ' : ''}exec "$0" "$1"`;
    try {
      return await runProcess('bash', ['-c', script, found.command, file], {
        cwd: folder.path,
        env,
        timeoutMs: 30_000,
      });
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  for (const kind of ['curl', 'node', 'python'] as const) {
    it(`${kind}: the sandbox snippet runs in a shell that exported the copied .env lines, and the sandbox answers with a result`, async () => {
      const outcome = await runInShell(kind, 'sandbox', true);
      if (!outcome) return;
      const brief = `exit ${String(outcome.code)}; stderr: ${outcome.stderr.slice(0, 600)}`;
      assert.equal(outcome.code, 0, brief);
      const [status, ...rest] = outcome.stdout.split('\n');
      assert.equal(status, 'HTTP 200', brief);
      const answer = JSON.parse(rest.join('\n')) as { id?: unknown; result?: unknown };
      assert.equal(answer.id, 'from-the-shell');
      assert.ok(Array.isArray(answer.result), 'a list of transactions');
      assert.deepEqual(
        sandbox.requests.map((r) => [r.method, r.outcome, r.apiKey === credentials.apiKey]),
        [['getTransactions', 'ok', true]],
        'one request, signed with the copied key',
      );
      assert.ok(
        !holdsAny(outcome.stdout + outcome.stderr, keyPieces(keys.privateKeyHex)),
        'no piece of the key in the output',
      );
    });
  }

  it("a sandbox snippet does not sign with an account's key left in the shell, and sends nothing", async () => {
    const outcome = await runInShell('node', 'sandbox', false, { EXCHANGE_TX_PRIVATE_KEY: accountKeys.privateKeyHex });
    assert.ok(outcome);
    assert.equal(outcome.code, 2, outcome.stderr.slice(0, 600));
    assert.match(outcome.stderr, /^Set EXCHANGE_TX_SANDBOX_PRIVATE_KEY to your private key/);
    assert.equal(outcome.stdout, '');
    assert.equal(sandbox.requests.length, 0, 'nothing reached whatever listens on the port');
  });

  it("an account's snippet does not sign with the sandbox key from the copied .env lines, and sends nothing", async () => {
    const outcome = await runInShell('node', 'live', true);
    assert.ok(outcome);
    assert.equal(outcome.code, 2, outcome.stderr.slice(0, 600));
    assert.match(outcome.stderr, /^Set EXCHANGE_TX_PRIVATE_KEY to your private key/);
    assert.equal(sandbox.requests.length, 0);
  });
});
