/**
 * `npm run forward`: its command line, and the compiled CLI run against a real sandbox with a real
 * receiver: events arrive signed with the secret from --secret-env, one line per delivery, and
 * no key or secret is printed.
 */
import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { loadCredentials, ControlClient } from '../../../src/api';
import { defaultStateFolder, parseForwardCli } from '../../../src/forward/cliArgs';
import { ACCOUNT_ENV, SANDBOX_ENV } from '../../../src/shared/connectionNames';
import * as fs from 'fs';
import * as os from 'os';
import { startSandbox, SkippableClock } from '../../../packages/sandbox/src';
import { registeredKeys } from '../../secrets/registry';
import { until } from '../support/until';
import { Receiver } from './receiver';
import { refusal, SANDBOX } from '../support/forwardCli';

describe('forward CLI', () => {
  describe('command line', () => {
    it('defaults to the sandbox of the Copy Sandbox Connection variables and the local default URL', () => {
      const settings = parseForwardCli([], SANDBOX);
      assert.equal(settings.mode, 'sandbox');
      assert.equal(settings.baseUrl, 'http://127.0.0.1:8710');
      assert.equal(settings.to.href, 'http://127.0.0.1:3000/hooks');
      assert.equal(settings.secret, undefined);
    });

    it('uses the account variables with --account', () => {
      const settings = parseForwardCli(['--account'], { [ACCOUNT_ENV.privateKey]: 'k', [ACCOUNT_ENV.apiKey]: 'a' });
      assert.equal(settings.mode, 'account');
      assert.equal(settings.baseUrl, 'https://api.changelly.com');
      assert.equal(settings.apiKey, 'a');
      assert.match(refusal(['--account'], SANDBOX), /EXCHANGE_TX_PRIVATE_KEY is not set/);
    });

    it('refuses another host without --allow-host, plain http to it, a short secret, a short interval', () => {
      assert.match(refusal(['--to', 'https://hooks.example.com/x']), /not this machine/);
      assert.equal(refusal(['--to', 'https://hooks.example.com/x', '--allow-host', 'hooks.example.com']), 'accepted');
      assert.match(refusal(['--to', 'http://hooks.example.com/x', '--allow-host', 'hooks.example.com']), /Plain http/);
      assert.match(refusal(['--secret-env', 'S'], { ...SANDBOX, S: 'short' }), /at least 16/);
      assert.match(refusal(['--interval', '10']), /at least 1000/);
      assert.match(refusal(['--bogus']), /Unknown option/);
    });

    it('takes --state and --max-rps (1 to 10, default 5), and a sandbox URL on this machine only', () => {
      const settings = parseForwardCli(['--state', 'x/state.json', '--max-rps', '3'], SANDBOX);
      assert.equal(settings.stateFile, path.resolve('x/state.json'));
      assert.equal(settings.maxRps, 3);
      assert.equal(parseForwardCli([], SANDBOX).maxRps, 5);
      assert.equal(parseForwardCli([], SANDBOX).stateFile, undefined);
      for (const bad of ['0', '11', '2.5', 'x']) assert.match(refusal(['--max-rps', bad]), /--max-rps must be/, bad);
      assert.match(refusal(['--state', ' ']), /--state needs/);
      for (const url of [
        'https://api.changelly.com',
        'http://10.0.0.5:8710',
        'http://127.0.0.1.example.com:8710',
        'file:///etc/passwd',
        'nonsense',
      ]) {
        assert.match(refusal([], { ...SANDBOX, [SANDBOX_ENV.url]: url }), /must be the sandbox on this machine/, url);
      }
      for (const url of ['http://localhost:8710', 'http://[::1]:8710', 'http://127.0.0.2:1'])
        assert.equal(refusal([], { ...SANDBOX, [SANDBOX_ENV.url]: url }), 'accepted', url);
      assert.match(
        refusal(['--secret-env', 'S', '--rotate-secret'], { ...SANDBOX, S: 'x'.repeat(20) }),
        /--rotate-secret/,
      );
    });

    it("puts the default state file in the user's data folder, per platform", () => {
      assert.equal(
        defaultStateFolder({ XDG_DATA_HOME: '/d' }, 'linux', '/h'),
        path.join('/d', 'exchange-tx', 'forward'),
      );
      assert.equal(defaultStateFolder({}, 'linux', '/h'), path.join('/h', '.local', 'share', 'exchange-tx', 'forward'));
      assert.equal(
        defaultStateFolder({}, 'darwin', '/h'),
        path.join('/h', 'Library', 'Application Support', 'exchange-tx', 'forward'),
      );
      assert.equal(
        defaultStateFolder({ LOCALAPPDATA: 'C:/L' }, 'win32', '/h'),
        path.join('C:/L', 'exchange-tx', 'forward'),
      );
    });
  });

  it('forwards the sandbox to a receiver, signed with the given secret, in the --payload asked, one line per delivery, no key printed', async function () {
    this.timeout(40_000);
    const started = Date.now();
    // Waits end with the test (so the CLI is stopped and its output shown), not with mocha's timeout.
    const waitFor = (condition: () => boolean): Promise<void> =>
      until(() => condition() || Date.now() - started > 30_000, 20).then(() =>
        assert.ok(condition(), 'waited in vain'),
      );
    const clock = new SkippableClock();
    const sandbox = await startSandbox({ clock, ledgerSize: 10 });
    const keys = registeredKeys();
    const credentials = loadCredentials(keys.privateKeyHex);
    sandbox.registerKey(credentials);
    const secret = 'the-receiver-secret-0123456789';
    const receiver = new Receiver(secret);
    await receiver.open();
    const control = new ControlClient({ baseUrl: sandbox.url, credentials });
    const cli = path.resolve(__dirname, '../../../src/forward/cli.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-cli-'));
    const child = spawn(
      process.execPath,
      [
        cli,
        '--to',
        receiver.url,
        '--secret-env',
        'HOOK_SECRET',
        '--interval',
        '1000',
        '--state',
        path.join(dir, 'state.json'),
        '--payload',
        'legacy',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          [SANDBOX_ENV.url]: sandbox.url,
          [SANDBOX_ENV.privateKey]: keys.privateKeyHex,
          [SANDBOX_ENV.apiKey]: credentials.apiKey,
          HOOK_SECRET: secret,
        },
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(() => out.includes('Ctrl+C stops') && sandbox.requests.some((r) => r.method === 'getTransactions'));
      // After the first poll has learnt the ledger.
      const firstPolls = sandbox.requests.length;
      await waitFor(() => sandbox.requests.length > firstPolls);
      const tx = await control.create();
      await waitFor(() => receiver.accepted.some((e) => e.transaction.id === tx.id));
      await control.move(tx.id, 'confirming');
      await waitFor(() => receiver.accepted.some((e) => e.transaction.id === tx.id && e.to === 'confirming'));
      const mine = receiver.accepted.filter((e) => e.transaction.id === tx.id);
      assert.deepEqual(
        mine.map((e) => `${e.from}>${e.to}`),
        ['null>waiting', 'waiting>confirming'],
      );
      assert.ok(
        receiver.arrivals.every((a) => a.body === a.event),
        '--payload legacy: the bare event, no envelope',
      );
      await waitFor(() => out.includes(`${mine[1].id}  ${tx.id} waiting -> confirming  HTTP 200  delivered`));
    } catch (error) {
      throw new Error(`${String(error)}; the CLI printed:\n${out}`);
    } finally {
      child.kill('SIGINT');
      assert.equal(await exited, 0, out);
      control.dispose();
      await receiver.close();
      await sandbox.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(!out.includes(secret), 'the given secret is not printed');
    assert.ok(!out.includes(keys.privateKeyHex.slice(40, 80)), 'the private key is not printed');
    assert.ok(!out.includes(credentials.apiKey), 'the API key is not printed');
  });
});
