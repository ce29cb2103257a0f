/**
 * Nothing planted in the state file is sent: entries written there without the signing secret (a
 * copied MAC, another key's, none, a genuine one altered) are dropped at the next start of the real
 * CLI, which says so, and a gap event tells the receiver; the genuine events still arrive. Entries
 * written under a secret rotated out are authenticated anew, so a rotation drops none.
 */
import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ExchangeClient, loadCredentials } from '../../../src/api';
import type { Credentials } from '../../../src/api';
import { accountIdentity } from '../../../src/forward/cliArgs';
import type { QueueEntry } from '../../../src/forward/deliveryTypes';
import { entryMac } from '../../../src/forward/queueAuth';
import { ForwardService } from '../../../src/forward/service';
import type { SecretSet, StoredState } from '../../../src/forward/stateFile';
import { rotateSecrets, StateFile } from '../../../src/forward/stateFile';
import { SANDBOX_ENV } from '../../../src/shared/connectionNames';
import { isGapEvent } from '../../../src/shared/statusEvents';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ManualClock, startSandbox } from '../../../packages/sandbox/src';
import { registeredKeys } from '../../secrets/registry';
import { until } from '../support/until';
import { Receiver } from './receiver';

const SECRET = 'planted-test-secret-0123456789';

describe('forward state: nothing planted is sent', () => {
  let dir: string;
  let file: string;
  let sandbox: Sandbox;
  let privateKeyHex: string;
  let credentials: Credentials;
  let client: ExchangeClient;
  let receiver: Receiver;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-planted-'));
    file = path.join(dir, 'state.json');
    sandbox = await startSandbox({ clock: new ManualClock(), ledgerSize: 3 });
    privateKeyHex = registeredKeys().privateKeyHex;
    credentials = loadCredentials(privateKeyHex);
    sandbox.registerKey(credentials);
    client = new ExchangeClient({ baseUrl: sandbox.url, credentials });
    // The receiver is down while the first run queues the ledger: its events wait in the file.
    receiver = new Receiver(SECRET);
    await receiver.open();
    await receiver.close();
  });
  afterEach(async () => {
    client.dispose();
    await receiver.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One run in this process: the ledger learnt from null, its events left waiting; what it dropped. */
  async function run(secrets: SecretSet, during?: (service: ForwardService) => void): Promise<readonly string[]> {
    const service = new ForwardService({
      source: client,
      account: accountIdentity(sandbox.url, credentials.apiKey),
      url: new URL(receiver.url),
      stateFile: new StateFile(file),
      secrets,
      emitInitial: true,
      lookbackMs: 365 * 24 * 3600_000,
    });
    try {
      await service.pollNow();
      during?.(service);
      return service.dropped;
    } finally {
      service.stop();
    }
  }

  const read = (): StoredState => JSON.parse(fs.readFileSync(file, 'utf8')) as StoredState;

  it('drops what was written without the secret at the next start, says so, and sends only the genuine events', async function () {
    this.timeout(40_000);
    await run({ current: SECRET });
    const state = read();
    const genuine = state.entries.filter((e) => !isGapEvent(e.event));
    assert.ok(genuine.length >= 3 && genuine.every((e) => e.state === 'waiting'));
    const model = genuine[0];
    const plant = (n: number, mac: (entry: QueueEntry) => string | undefined, entryState = 'waiting'): QueueEntry => {
      const entry = {
        ...model,
        lane: `planted-${n}`,
        seq: 1000 + n,
        state: entryState,
        event: { ...model.event, id: `evt_planted${n}`, transaction: { id: `planted-${n}`, status: 'finished' } },
      } as QueueEntry;
      const made = mac(entry);
      return made === undefined ? (({ mac: _mac, ...rest }) => rest)(entry) : { ...entry, mac: made };
    };
    const planted = [
      plant(1, () => model.mac),
      plant(2, (e) => entryMac('an-attackers-own-secret-0123', e)),
      plant(3, () => undefined),
      plant(4, (e) => entryMac('an-attackers-own-secret-0123', e), 'delivered'),
    ];
    const altered = { ...genuine[1], event: { ...genuine[1].event, to: 'refunded' } } as QueueEntry;
    const entries = [...state.entries.filter((e) => e !== genuine[1]), altered, ...planted];
    fs.writeFileSync(file, JSON.stringify({ ...state, entries }));

    await receiver.open();
    const child = spawn(
      process.execPath,
      [
        path.resolve(__dirname, '../../../src/forward/cli.js'),
        '--to',
        receiver.url,
        '--secret-env',
        'HOOK_SECRET',
        '--state',
        file,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH ?? '',
          [SANDBOX_ENV.url]: sandbox.url,
          [SANDBOX_ENV.privateKey]: privateKeyHex,
          [SANDBOX_ENV.apiKey]: credentials.apiKey,
          HOOK_SECRET: SECRET,
        },
      },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const sent = genuine.filter((e) => e !== genuine[1]).map((e) => e.event.id);
    // The wait ends with the test (so the CLI is stopped and its output shown), not with mocha's timeout.
    const started = Date.now();
    const done = () =>
      err.includes('Ctrl+C stops') &&
      sent.every((id) => receiver.accepted.some((e) => e.id === id)) &&
      receiver.accepted.some((e) => (e as unknown as { reason?: string }).reason === 'unauthenticated-events');
    try {
      await until(() => done() || Date.now() - started > 30_000, 20);
      assert.ok(done(), `waited in vain; the CLI printed:\n${err}`);
    } finally {
      child.kill('SIGINT');
      assert.equal(await exited, 0, err);
    }
    assert.match(
      err,
      /the state file held 5 events no signing secret authenticates \(evt_[0-9a-f]{32}, evt_planted1, evt_planted2, evt_planted3, evt_planted4\); they were dropped, not sent/,
    );
    const arrived = receiver.arrivals.map((a) => a.event);
    for (const event of arrived) {
      assert.ok(!event.id.startsWith('evt_planted'), `planted ${event.id} was sent`);
      assert.notEqual(event.to, 'refunded', 'the altered event was sent');
    }
    assert.ok(!arrived.some((e) => e.id === altered.event.id), 'the altered event is dropped, not sent as it was');
  });

  it('keeps what was written under a secret rotated out, and authenticates it anew under the current one', async function () {
    this.timeout(20_000);
    const [older, newer, newest] = ['secret-one-0123456789', 'secret-two-0123456789', 'secret-three-0123456789'];
    assert.deepEqual(await run({ current: older }), []);
    const waiting = read().entries.length;
    assert.deepEqual(await run(rotateSecrets({ current: older }, newer)), [], 'the retired secret still authenticates');
    assert.deepEqual(await run({ current: newer }), [], 'the restart authenticated them under the current secret');
    await run({ current: newer }, (service) => service.setSecrets(rotateSecrets(service.secrets, newest)));
    assert.deepEqual(await run({ current: newest }), [], 'a rotation while running authenticates them anew');
    assert.equal(read().entries.length, waiting);
    assert.equal((await run({ current: 'another-secret-0123456789' })).length, waiting, 'another secret keeps none');
  });
});
