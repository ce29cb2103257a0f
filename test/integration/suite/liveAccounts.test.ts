import { strict as assert } from 'assert';
import { generateKeyPairSync } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { fingerprint } from '../../../src/api';
import { noteSignature, registerSecret, registeredKeys } from '../../secrets/registry';
import { startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { ExchangeTxApi } from '../../../src/extension';
import { accountItems } from '../../../src/features/accounts/accountPicks';
import { ACCOUNTS_KEY, LEGACY_CHOSEN_KEY, LEGACY_PRIVATE_KEY } from '../../../src/features/accounts/accountStore';
import {
  addAccount,
  answering,
  eventually,
  extensionApi,
  hostQuestions,
  PASTE_KEY,
  recordedSendPrompts,
  resetEnvironment,
} from '../support/extension';

interface SetKeysResult {
  account?: string;
  apiKey?: string;
  error?: string;
}

const secretOf = (id: string) => `exchangeTx.account.${id}.privateKey`;

/** A plain HTTP server that counts what reaches it (it should be nothing). */
async function listener(host: string): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(500).end();
  });
  server.on('connection', () => hits++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An address of this machine that is not loopback, if it has one. */
function lanAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

describe('accounts', function () {
  this.timeout(30_000);
  let api: ExchangeTxApi;
  let service: Sandbox;
  let other: Sandbox;
  const keys = registeredKeys();
  const otherKeys = registeredKeys();
  /** Every key text this suite handles: none may ever reach the log. */
  const secrets: string[] = [keys.privateKeyHex, otherKeys.privateKeyHex];

  const firstId = (sandbox: Sandbox) => sandbox.ledger.visible()[0]?.id ?? '';

  before(async () => {
    api = await extensionApi();
    service = await startSandbox({ onSignature: noteSignature, seed: 42, ledgerSize: 40 });
    service.registerKey(keys.publicKeyBase64);
    other = await startSandbox({ onSignature: noteSignature, seed: 43, ledgerSize: 40 });
    other.registerKey(otherKeys.publicKeyBase64);
  });
  after(async () => {
    await resetEnvironment(api);
    await service.stop();
    await other.stop();
  });
  beforeEach(async () => {
    await resetEnvironment(api);
    hostQuestions.length = 0;
  });

  it('starts in the sandbox when there is no account, and says so', async () => {
    assert.equal(api.environment.accounts.accounts.length, 0);
    assert.equal(api.environment.kind, 'sandbox');
    const sandbox = (await api.sandboxHost.start()).sandbox;
    const record = await api.store.lookup(firstId(sandbox), { maxAgeMs: 0 });
    assert.equal(record?.id, firstId(sandbox));
    assert.equal(api.environment.state.baseUrl, sandbox.url);
    assert.equal(api.environment.state.account, undefined);
  });

  it('adds an account with a hex key and a matching API key; the picker shows its name, host and key fingerprint', async () => {
    const added = await addAccount({
      name: 'Production',
      baseUrl: `${service.url}/v2/`,
      privateKey: keys.privateKeyHex,
      apiKey: keys.apiKey,
    });
    assert.equal(added.apiKey, keys.apiKey);
    assert.ok(added.account);
    assert.equal(api.environment.kind, 'sandbox', 'adding does not switch unless asked');
    const [row] = await accountItems(api.environment, api.environment.accounts.accounts);
    assert.equal(row?.label, '$(cloud) Production');
    assert.equal(row?.description, new URL(service.url).host);
    assert.equal(row?.detail, `API key ${fingerprint(keys.apiKey)}`);
    assert.ok(!JSON.stringify(row).includes(keys.apiKey), 'only the fingerprint is shown');
    assert.equal(
      await api.testHooks?.secrets.get(secretOf(added.account)),
      keys.privateKeyHex,
      'the key is a secret of its own',
    );
    const stored = JSON.stringify(api.testHooks?.globalState.get(ACCOUNTS_KEY));
    assert.ok(
      !stored.includes(keys.privateKeyHex.slice(0, 64)) && !stored.includes(keys.apiKey),
      'no key in globalState',
    );
    await api.environment.choose(added.account);
    assert.equal(await vscode.commands.executeCommand('exchangeTx.showApiKey', { silent: true }), keys.apiKey);
  });

  it('accepts a PEM key', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    secrets.push(pem);
    registerSecret('private-key', pem);
    const added = await addAccount({ name: 'PEM', baseUrl: 'https://api.changelly.com', privateKey: pem });
    assert.ok(added.apiKey);
  });

  it('refuses bad input with a clear message, stores nothing and sends nothing', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('hex');
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    secrets.push(small, ec);
    registerSecret('private-key', small);
    registerSecret('private-key', ec);
    await addAccount({ name: 'Taken', baseUrl: service.url, privateKey: keys.privateKeyHex });
    service.clearRequests();
    const good = { name: 'New', baseUrl: service.url, privateKey: keys.privateKeyHex };
    const cases: [Parameters<typeof addAccount>[0], RegExp][] = [
      [{ ...good, privateKey: 'not a key at all' }, /not a private key/],
      [{ ...good, privateKey: small }, /1024-bit RSA key/],
      [{ ...good, privateKey: ec }, /private key of type EC;/],
      [{ ...good, apiKey: registeredKeys().apiKey }, /does not match/],
      [{ ...good, name: '  ' }, /Give the account a name/],
      [{ ...good, name: 'taken' }, /already has this name/],
      [{ ...good, baseUrl: 'ftp://example.com' }, /must use http or https/],
      [{ ...good, baseUrl: 'http://api.example.com' }, /plain http to api\.example\.com: use https/],
      [{ ...good, baseUrl: 'https://user:secret@api.example.com' }, /user name or password/],
      [{ ...good, baseUrl: 'not a url' }, /not a valid URL/],
    ];
    for (const [args, message] of cases) {
      await assert.rejects(addAccount(args), message, 'the dialog refuses it as typed');
      assert.equal(api.environment.accounts.accounts.length, 1, `nothing stored for ${message}`);
    }
    assert.equal(service.requests.length, 0, 'no request was sent');
  });

  it('asks once per account and host before the first signed request, with the exact host, and remembers the answer', async () => {
    const added = await addAccount({
      name: 'Prod',
      baseUrl: service.url,
      privateKey: keys.privateKeyHex,
      activate: true,
    });
    await eventually(() => api.environment.kind === 'live', 'the account in use');
    assert.equal(api.sandboxHost.sandbox, undefined, 'the built-in sandbox stopped, being unused');
    service.clearRequests();
    assert.equal((await api.store.lookup(firstId(service), { maxAgeMs: 0 }))?.id, firstId(service));
    assert.deepEqual(hostQuestions, [{ account: 'Prod', host: new URL(service.url).host }]);
    assert.equal(service.requests[0]?.apiKey, keys.apiKey, "signed with the account's key");
    await api.store.lookup(service.ledger.visible()[1]?.id ?? '', { maxAgeMs: 0 });
    assert.equal(hostQuestions.length, 1, 'asked once');

    // Another host for the same account: asked again, for that host.
    await answering({ picks: ['$(globe) Change Address…'], inputs: [other.url] }, () =>
      vscode.commands.executeCommand('exchangeTx.editAccount', added.account),
    );
    other.registerKey(keys.publicKeyBase64);
    await eventually(() => api.environment.state.baseUrl === other.url, 'the new address in use');
    await api.store.lookup(firstId(other), { maxAgeMs: 0 });
    assert.deepEqual(
      hostQuestions.map((q) => q.host),
      [new URL(service.url).host, new URL(other.url).host],
    );
  });

  it('sends nothing to a host the user said no to, until the account is chosen again', async () => {
    const answers: (boolean | undefined)[] = [false];
    api.questions.prompts = {
      ...recordedSendPrompts,
      confirmHost: (account, host) => (hostQuestions.push({ account, host }), Promise.resolve(answers.shift())),
    };
    const added = await addAccount({
      name: 'Doubtful',
      baseUrl: service.url,
      privateKey: keys.privateKeyHex,
      activate: true,
    });
    service.clearRequests();
    await assert.rejects(api.store.lookup(firstId(service), { maxAgeMs: 0 }), /are not allowed/);
    await assert.rejects(api.store.lookup(firstId(service), { maxAgeMs: 0 }), /are not allowed/);
    assert.equal(hostQuestions.length, 1, 'the no is remembered');
    assert.equal(service.requests.length, 0, 'nothing reached the host');
    const stored = api.environment.accounts.get(added.account ?? '');
    assert.deepEqual(stored?.hosts, { [new URL(service.url).origin]: false });

    // Dismissed (Escape): not asked again in this session either.
    answers.push(undefined);
    await api.environment.choose(added.account ?? '');
    await assert.rejects(api.store.lookup(firstId(service), { maxAgeMs: 0 }), /are not allowed/);
    await assert.rejects(api.store.lookup(firstId(service), { maxAgeMs: 0 }), /are not allowed/);
    assert.equal(hostQuestions.length, 2);
    assert.equal(service.requests.length, 0);

    answers.push(true);
    await api.environment.choose(added.account ?? '');
    assert.equal((await api.store.lookup(firstId(service), { maxAgeMs: 0 }))?.id, firstId(service));
    assert.equal(hostQuestions.length, 3);
  });

  it('switches between accounts and the sandbox; each account keeps the rate limiter of its API key', async () => {
    await addAccount({ name: 'A', baseUrl: service.url, privateKey: keys.privateKeyHex });
    await addAccount({ name: 'B', baseUrl: other.url, privateKey: otherKeys.privateKeyHex });
    const switchTo = (label: string) =>
      answering({ picks: [label] }, () => vscode.commands.executeCommand('exchangeTx.switchEnvironment'));
    assert.equal(await switchTo('$(cloud) A'), 'live');
    const clientA = await api.environment.client();
    assert.equal(clientA.url, `${service.url}/v2`);
    assert.equal(await switchTo('$(cloud) B'), 'live');
    const clientB = await api.environment.client();
    assert.equal(clientB.url, `${other.url}/v2`);
    assert.notEqual(clientB.limiter, clientA.limiter, 'one limiter per API key');
    assert.equal(await switchTo('$(beaker) Sandbox'), 'sandbox');
    assert.equal(await switchTo('$(cloud) A'), 'live');
    const againA = await api.environment.client();
    assert.notEqual(againA, clientA, 'a new client after the switch');
    assert.equal(againA.limiter, clientA.limiter, 'the limiter of A is kept across switches');
    assert.equal(api.environment.state.account?.name, 'A');
  });

  it('disposes the old client on a switch: nothing more is signed with the old key', async () => {
    const a = await addAccount({ name: 'A', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
    const old = await api.environment.client();
    await old.getStatus(firstId(service));
    await api.environment.choose('sandbox');
    service.clearRequests();
    // The extension's bundle has its own copy of the class: compare by name, not by prototype.
    await assert.rejects(old.getStatus(firstId(service)), (error: Error) => error.name === 'CancelledError');
    assert.equal(service.requests.length, 0);
    assert.ok(a.account);
  });

  it('drops the records of the previous environment when it changes', async () => {
    const sandbox = (await api.sandboxHost.start()).sandbox;
    const id = firstId(sandbox);
    await api.store.lookup(id);
    assert.ok(api.store.peek(id));
    await api.environment.choose('sandbox');
    assert.ok(api.store.peek(id), 'choosing the environment in use changes nothing');
    await addAccount({ name: 'Live', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
    assert.equal(api.store.peek(id), undefined);
  });

  it('removes an account with its key; the sandbox is used again', async () => {
    const added = await addAccount({
      name: 'Gone soon',
      baseUrl: service.url,
      privateKey: keys.privateKeyHex,
      activate: true,
    });
    const id = added.account ?? '';
    assert.equal(api.environment.kind, 'live');
    assert.equal(
      await answering({ buttons: ['Remove Account'] }, () =>
        vscode.commands.executeCommand('exchangeTx.removeAccount', { account: id }),
      ),
      true,
    );
    await eventually(() => api.environment.kind === 'sandbox', 'the sandbox');
    assert.equal(api.environment.accounts.accounts.length, 0);
    assert.equal(await api.testHooks?.secrets.get(secretOf(id)), undefined, 'its key is deleted');
  });

  it('clears keys, even a stored key that no longer parses; the account stays and the sandbox is used', async () => {
    const added = await addAccount({
      name: 'Broken',
      baseUrl: service.url,
      privateKey: keys.privateKeyHex,
      activate: true,
    });
    const id = added.account ?? '';
    await api.testHooks?.secrets.store(secretOf(id), 'this is no longer a key');
    await eventually(
      async () => (await api.environment.accounts.keys(id)).state === 'unusable',
      'the unreadable key noticed',
    );
    await eventually(
      () => api.environment.kind === 'sandbox' && api.environment.state.reason === 'no-keys',
      'the sandbox, for want of keys',
    );
    const cleared = await answering({ buttons: ['Clear Keys'] }, () =>
      vscode.commands.executeCommand('exchangeTx.clearApiKeys', { account: id }),
    );
    assert.equal(cleared, true);
    assert.equal(await api.testHooks?.secrets.get(secretOf(id)), undefined);
    assert.equal(api.environment.accounts.get(id)?.name, 'Broken', 'the account stays');
    const result = await answering({ picks: [PASTE_KEY], inputs: [keys.privateKeyHex, ''] }, () =>
      vscode.commands.executeCommand<SetKeysResult>('exchangeTx.setApiKeys'),
    );
    assert.equal(result.apiKey, keys.apiKey, 'keys of the account in use, added again');
    await eventually(() => api.environment.kind === 'live', 'the account in use again');
  });

  it('turns the keys of the previous version into an account named after its host, once', async () => {
    const hooks = api.testHooks;
    assert.ok(hooks, 'test hooks in test mode');
    await vscode.workspace
      .getConfiguration('exchangeTx')
      .update('baseUrl', `${service.url}/v2`, vscode.ConfigurationTarget.Global);
    await hooks.secrets.store(LEGACY_PRIVATE_KEY, keys.privateKeyHex);
    await hooks.globalState.update(LEGACY_CHOSEN_KEY, 'live');
    await api.environment.initialize();
    const [migrated] = api.environment.accounts.accounts;
    assert.equal(migrated?.name, new URL(service.url).host);
    assert.equal(migrated?.baseUrl, `${service.url}/v2`);
    assert.equal(api.environment.chosen, migrated?.id, 'the live choice carries over');
    assert.equal(api.environment.kind, 'live');
    assert.equal(await hooks.secrets.get(LEGACY_PRIVATE_KEY), undefined, 'the old secret is gone');
    assert.equal(await hooks.secrets.get(secretOf(migrated?.id ?? '')), keys.privateKeyHex);
    await api.environment.initialize();
    assert.equal(api.environment.accounts.accounts.length, 1, 'migrated once');
    assert.equal((await api.store.lookup(firstId(service), { maxAgeMs: 0 }))?.id, firstId(service));
  });

  it("ignores workspace values of scoped settings: requests go to the account's host only", async () => {
    const evil = await listener('127.0.0.1');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test host opens a folder');
    const settingsFile = path.join(folder.uri.fsPath, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    try {
      await addAccount({ name: 'Mine', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
      const changed = new Promise<void>((resolve) => {
        const sub = vscode.workspace.onDidChangeConfiguration((e) => {
          if (e.affectsConfiguration('exchangeTx')) {
            sub.dispose();
            resolve();
          }
        });
      });
      fs.writeFileSync(
        settingsFile,
        JSON.stringify({
          'exchangeTx.baseUrl': evil.url,
          'exchangeTx.hover.idPattern': '(a+)+b',
          'exchangeTx.requestTimeoutSeconds': 2,
        }),
      );
      await changed;
      const config = vscode.workspace.getConfiguration('exchangeTx');
      assert.notEqual(config.get('baseUrl'), evil.url, 'an application setting ignores the workspace');
      assert.notEqual(config.get('hover.idPattern'), '(a+)+b');
      await api.environment.refresh();
      service.clearRequests();
      assert.equal((await api.store.lookup(firstId(service), { maxAgeMs: 0 }))?.id, firstId(service));
      assert.equal(service.requests.length, 1);
      // A new account's default address is the user's, never the workspace's.
      const { legacyBaseUrl } = await import('../../../src/features/common/settings');
      assert.equal(legacyBaseUrl(), 'https://api.changelly.com');
      assert.equal(evil.hits(), 0, "nothing reached the workspace's address");
    } finally {
      fs.rmSync(path.dirname(settingsFile), { recursive: true, force: true });
      await evil.close();
    }
  });

  it('never sends a signed request over plain http to another machine, not even for a stored account', async function () {
    const lan = lanAddress();
    if (!lan) this.skip();
    const target = await listener(lan ?? '');
    try {
      await assert.rejects(
        addAccount({ name: 'Plain', baseUrl: target.url, privateKey: keys.privateKeyHex }),
        /plain http/,
        'the address box refuses it',
      );
      // As an older version could have stored it: written into the list directly.
      const added = await addAccount({ name: 'Plain', baseUrl: service.url, privateKey: keys.privateKeyHex });
      const hooks = api.testHooks;
      assert.ok(hooks);
      const stored = hooks.globalState.get<{ accounts: { id: string; baseUrl: string }[] }>(ACCOUNTS_KEY);
      const rewritten = {
        ...stored,
        accounts: (stored?.accounts ?? []).map((a) => (a.id === added.account ? { ...a, baseUrl: target.url } : a)),
      };
      await hooks.globalState.update(ACCOUNTS_KEY, rewritten);
      await api.environment.choose(added.account ?? '');
      await assert.rejects(api.store.lookup(firstId(service), { maxAgeMs: 0 }), /plain http/);
      assert.equal(hostQuestions.length, 0, 'refused before asking');
      assert.equal(target.hits(), 0, 'no byte was sent');
    } finally {
      await target.close();
    }
  });

  it('never writes a key or a signature into the log', async () => {
    await addAccount({ name: 'Logged', baseUrl: service.url, privateKey: keys.privateKeyHex, activate: true });
    await api.store.lookup(service.ledger.visible()[1]?.id ?? '', { maxAgeMs: 0 });
    const log = api.log.recent.join('\n');
    assert.match(log, /\[request\] getTransactions/, 'requests are logged');
    for (const secret of secrets) {
      const compact = secret.replace(/\s|-----[A-Z ]+-----/g, '');
      for (let i = 0; i + 40 <= compact.length; i += 40)
        assert.ok(!log.includes(compact.slice(i, i + 40)), 'a piece of a private key is in the log');
    }
    assert.ok(!log.includes(keys.apiKey), 'the full API key is not logged');
    assert.ok(!/X-Api-Signature|signature:/i.test(log));
  });
});

describe('manifest', () => {
  it('every contributed command is registered and every registered command is contributed', async () => {
    await extensionApi();
    const extension = vscode.extensions.getExtension('exchange-tx.exchange-tx');
    const manifest = extension?.packageJSON as {
      contributes: { commands: { command: string }[]; views: Record<string, { id: string }[]> };
    };
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    // VS Code registers these for every contributed view: they are the workbench's, not ours.
    const viewIds = Object.values(manifest.contributes.views).flatMap((views) => views.map((view) => view.id));
    const workbench = new Set(
      viewIds.flatMap((id) =>
        ['focus', 'open', 'removeView', 'resetViewLocation', 'toggleVisibility'].map((suffix) => `${id}.${suffix}`),
      ),
    );
    const registered = new Set(
      (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('exchangeTx.') && !workbench.has(c)),
    );
    assert.deepEqual([...registered].filter((c) => !contributed.has(c)).sort(), [], 'registered but not contributed');
    assert.deepEqual([...contributed].filter((c) => !registered.has(c)).sort(), [], 'contributed but not registered');
  });
});
