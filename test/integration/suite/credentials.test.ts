import { strict as assert } from 'assert';
import { generateKeyPairSync } from 'crypto';
import * as vscode from 'vscode';
import { generateKeys } from '../../../src/api';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import type { ExchangeTxApi } from '../../../src/extension';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';

interface SetKeysResult {
  apiKey?: string;
  error?: string;
}

const setKeys = (args: { privateKey: string; apiKey?: string; switchToLive?: boolean }) =>
  vscode.commands.executeCommand<SetKeysResult>('exchangeTx.setApiKeys', { switchToLive: false, ...args });

describe('keys and environments', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  const keys = generateKeys();
  /** Every key text this suite handles: none may ever reach the log. */
  const secrets: string[] = [keys.privateKeyHex];

  before(async () => {
    api = await extensionApi();
    service = await startSandbox({ seed: 42, ledgerSize: 40 });
    service.registerKey(keys.publicKeyBase64);
  });
  after(async () => {
    await resetEnvironment(api);
    await service.stop();
  });
  beforeEach(() => resetEnvironment(api));

  it('starts in the sandbox when no keys are saved, and says so', async () => {
    assert.equal(await api.credentials.has(), false);
    assert.equal(api.environment.kind, 'sandbox');
    const sandbox = await api.environment.ensureSandbox();
    const [first] = sandbox.ledger.visible();
    assert.ok(first);
    const record = await api.store.lookup(first.id, { maxAgeMs: 0 });
    assert.equal(record?.id, first.id);
    assert.equal(api.environment.state.baseUrl, sandbox.url);
  });

  it('saves a hex private key with a matching API key, derives the API key and shows it', async () => {
    const result = await setKeys({ privateKey: keys.privateKeyHex, apiKey: keys.apiKey });
    assert.equal(result?.apiKey, keys.apiKey);
    assert.equal((await api.credentials.get())?.apiKey, keys.apiKey);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.showApiKey', { silent: true }), keys.apiKey);
    assert.equal(api.environment.kind, 'sandbox', 'saving keys does not switch by itself');
  });

  it('accepts the same key as PEM', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    secrets.push(pem);
    const result = await setKeys({ privateKey: pem });
    assert.ok(result?.apiKey);
  });

  it('rejects bad input with a clear message and stores nothing', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex');
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    secrets.push(small, ec);
    const cases: [Parameters<typeof setKeys>[0], RegExp][] = [
      [{ privateKey: 'not a key at all' }, /not a private key/],
      [{ privateKey: small }, /1024-bit RSA key/],
      [{ privateKey: ec }, /EC private key/],
      [{ privateKey: keys.privateKeyHex, apiKey: generateKeys().apiKey }, /does not match/],
    ];
    for (const [args, message] of cases) {
      const result = await setKeys(args);
      assert.match(result?.error ?? '', message);
      assert.equal(await api.credentials.has(), false, `nothing stored for ${message}`);
    }
  });

  it('switches to live on saving keys when asked, and the live service is the one at exchangeTx.baseUrl', async () => {
    await vscode.workspace.getConfiguration('exchangeTx').update('baseUrl', `${service.url}/v2/`, vscode.ConfigurationTarget.Global);
    await setKeys({ privateKey: keys.privateKeyHex, switchToLive: true });
    await eventually(() => api.environment.kind === 'live', 'the live environment');
    await eventually(() => api.environment.sandbox === undefined, 'the built-in sandbox stopped, being unused');
    const [first] = service.ledger.visible();
    assert.ok(first);
    service.clearRequests();
    const record = await api.store.lookup(first.id, { maxAgeMs: 0 });
    assert.equal(record?.id, first.id);
    assert.equal(service.requests.length, 1);
    assert.equal(service.requests[0]?.apiKey, keys.apiKey, 'signed with the saved keys');
    assert.equal(service.requests[0]?.outcome, 'ok');
  });

  it('switches between the environments by command, and clearing the keys goes back to the sandbox', async () => {
    await vscode.workspace.getConfiguration('exchangeTx').update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.switchEnvironment', 'live'), 'sandbox', 'no live without keys');
    await setKeys({ privateKey: keys.privateKeyHex });
    assert.equal(await vscode.commands.executeCommand('exchangeTx.switchEnvironment', 'live'), 'live');
    assert.equal(api.environment.state.baseUrl, service.url);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.switchEnvironment', 'sandbox'), 'sandbox');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.switchEnvironment', 'live'), 'live');
    assert.equal(await vscode.commands.executeCommand('exchangeTx.clearApiKeys', { confirm: true }), true);
    await eventually(() => api.environment.kind === 'sandbox', 'the sandbox after clearing the keys');
    assert.equal(await api.credentials.has(), false);
  });

  it('drops the records of the previous environment when it changes', async () => {
    const sandbox = await api.environment.ensureSandbox();
    const id = sandbox.ledger.visible()[0]?.id ?? '';
    await api.store.lookup(id);
    assert.ok(api.store.peek(id));
    await api.environment.choose('sandbox');
    assert.ok(api.store.peek(id), 'choosing the environment in use changes nothing');
    await vscode.workspace.getConfiguration('exchangeTx').update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    await setKeys({ privateKey: keys.privateKeyHex });
    await api.environment.choose('live');
    assert.equal(api.store.peek(id), undefined);
  });

  it('never writes a key or a signature into the log', async () => {
    // Exercise the request path once more so the log holds request lines.
    const sandbox = await api.environment.ensureSandbox();
    await api.store.lookup(sandbox.ledger.visible()[1]?.id ?? '', { maxAgeMs: 0 });
    const log = api.log.recent.join('\n');
    assert.match(log, /\[request\] getTransactions/, 'requests are logged');
    for (const secret of secrets) {
      const compact = secret.replace(/\s|-----[A-Z ]+-----/g, '');
      for (let i = 0; i + 40 <= compact.length; i += 40) assert.ok(!log.includes(compact.slice(i, i + 40)), 'a piece of a private key is in the log');
    }
    assert.ok(!log.includes(keys.apiKey), 'the full API key is not logged');
    assert.ok(!/X-Api-Signature|signature:/i.test(log));
  });
});

describe('manifest', () => {
  it('every contributed command is registered and every registered command is contributed', async () => {
    await extensionApi();
    const extension = vscode.extensions.getExtension('exchange-tx.exchange-tx');
    const manifest = extension?.packageJSON as { contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> } };
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    // VS Code registers these for every contributed view: they are the workbench's, not ours.
    const viewIds = Object.values(manifest.contributes.views).flatMap((views) => views.map((view) => view.id));
    const workbench = new Set(viewIds.flatMap((id) => ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'].map((suffix) => `${id}.${suffix}`)));
    const registered = new Set((await vscode.commands.getCommands(true)).filter((c) => c.startsWith('exchangeTx.') && !workbench.has(c)));
    assert.deepEqual([...registered].filter((c) => !contributed.has(c)).sort(), [], 'registered but not contributed');
    assert.deepEqual([...contributed].filter((c) => !registered.has(c)).sort(), [], 'contributed but not registered');
  });
});
