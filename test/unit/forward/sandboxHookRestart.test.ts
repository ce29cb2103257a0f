/**
 * The sandbox's hook survives a restart of `npm run sandbox -- --state-file FILE` (real processes,
 * real HTTP): set once, it is set again after the restart, an event that could not be delivered
 * before the stop is delivered after it with its id, and later moves follow, each transaction's
 * changes chained in order, signed the same way (Standard Webhooks and the legacy header).
 */
import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Webhook } from 'standardwebhooks';
import { loadCredentials, ControlClient } from '../../../src/api';
import { generateEventSecret } from '../../../src/shared/statusEvents';
import { until } from '../support/until';
import { DedupingReceiver } from './support/forwardProcess';

const SANDBOX_CLI = path.resolve(__dirname, '../../../packages/sandbox/src/cli.js');

interface Running {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<number | null>;
}

async function startSandboxProcess(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [SANDBOX_CLI, '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(() => /Ctrl\+C stops the sandbox/.test(out) || child.exitCode !== null, 20);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  assert.ok(url, out);
  return {
    url,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the sandbox hook across a restart (--state-file)', function () {
  this.timeout(120_000);

  it('is set again after the restart, delivers what waited with its id, and follows later moves in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-hook-'));
    const args = ['--state-file', path.join(dir, 'ledger.json'), '--key-file', path.join(dir, 'key')];
    const secret = generateEventSecret();
    const receiver = new DedupingReceiver(secret);
    const arrivals: string[] = [];
    await receiver.open();
    let sandbox = await startSandboxProcess(args);
    const credentials = loadCredentials(fs.readFileSync(path.join(dir, 'key'), 'utf8').trim());
    let control = new ControlClient({ baseUrl: sandbox.url, credentials });
    try {
      await control.setHook(receiver.url, secret);
      const tx = await control.create();
      await control.move(tx.id, 'confirming');
      await until(() => receiver.last(tx.id) === 'confirming');
      const port = receiver.port;
      await receiver.close();
      await control.move(tx.id, 'exchanging');
      await until(
        () =>
          fs.existsSync(path.join(dir, 'ledger.json.hook.json')) &&
          fs.readFileSync(path.join(dir, 'ledger.json.hook.json'), 'utf8').includes('"to":"exchanging"'),
      );
      const waiting = (await control.hook()).pending;
      assert.ok(waiting >= 1, 'an event waits for the receiver');
      control.dispose();
      assert.equal(await sandbox.stop(), 0, sandbox.output());
      assert.equal((fs.statSync(path.join(dir, 'ledger.json.hook.json')).mode & 0o777).toString(8), '600');

      // Back up: the receiver first, then the sandbox.
      await receiver.open(port);
      sandbox = await startSandboxProcess(args);
      assert.match(sandbox.output(), /Hook: +events go to http:\/\/127\.0\.0\.1:\d+\/hooks again/);
      control = new ControlClient({ baseUrl: sandbox.url, credentials });
      assert.equal((await control.hook()).url, receiver.url, 'the hook is still set');
      await until(() => receiver.last(tx.id) === 'exchanging');
      await control.move(tx.id, 'sending');
      await until(() => receiver.last(tx.id) === 'sending');
      const chain = receiver.changes.get(tx.id)?.map((c) => `${c.from}>${c.to}`);
      assert.deepEqual(chain, ['null>waiting', 'waiting>confirming', 'confirming>exchanging', 'exchanging>sending']);
      assert.deepEqual(receiver.broken(), []);
      assert.equal(receiver.unverified, 0);
      arrivals.push(...receiver.handled);
      assert.equal(new Set(arrivals).size, arrivals.length);
    } finally {
      control.dispose();
      await sandbox.stop();
      await receiver.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs its events as the forwarder does: the standardwebhooks library verifies them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-hook-'));
    const secret = generateEventSecret();
    const http = await import('http');
    const verified: string[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
        const event = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), headers) as { id: string };
        verified.push(event.id);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sandbox = await startSandboxProcess(['--key-file', path.join(dir, 'key')]);
    const control = new ControlClient({
      baseUrl: sandbox.url,
      credentials: loadCredentials(fs.readFileSync(path.join(dir, 'key'), 'utf8').trim()),
    });
    try {
      const address = server.address();
      assert.ok(address !== null && typeof address === 'object');
      await control.setHook(`http://127.0.0.1:${address.port}/hooks`, secret);
      await control.create();
      await until(() => verified.length >= 1);
    } finally {
      control.dispose();
      await sandbox.stop();
      server.closeAllConnections();
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
