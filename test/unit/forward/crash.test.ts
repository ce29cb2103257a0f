/**
 * Durability of `npm run forward` over real processes and real HTTP: the CLI is killed with SIGKILL
 * at seeded random moments (50 times), with creates, payments and moves made before, while and
 * after it runs, and started again on the same state file. The receiver (handling each id once)
 * ends with every change, each transaction's changes chained in order (each `from` the previous
 * `to`: none repeated under another id, none missing), and the last status the sandbox has. SIGTERM
 * with events waiting exits at once, says how many wait, and the next start delivers them with
 * their ids.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadCredentials, ControlClient } from '../../../src/api';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ManualClock, startSandbox } from '../../../packages/sandbox/src';
import type { KnownStatus } from '../../../src/shared/status';
import { registeredKeys } from '../../secrets/registry';
import { until } from '../support/until';
import type { ForwardProcess } from './support/forwardProcess';
import { DedupingReceiver, seeded, startForwarder } from './support/forwardProcess';

const SECRET = 'crash-test-secret-0123456789';
const PATH: readonly KnownStatus[] = ['confirming', 'exchanging', 'sending', 'finished'];
const TRIALS = 50;

describe('forward CLI durability (SIGKILL, SIGTERM, restart)', function () {
  this.timeout(600_000);
  let sandbox: Sandbox;
  let control: ControlClient;
  let receiver: DedupingReceiver;
  let dir: string;
  let env: { url: string; privateKeyHex: string; apiKey: string; secret: string };

  beforeEach(async () => {
    // A clock held still: every move is one the test makes (the seeded ledger does not move on its
    // own after the forwarder stopped, so the last statuses compared are the ones it could see).
    sandbox = await startSandbox({ clock: new ManualClock(Date.now()), ledgerSize: 8, rateLimit: false });
    const keys = registeredKeys();
    const credentials = loadCredentials(keys.privateKeyHex);
    sandbox.registerKey(credentials);
    control = new ControlClient({ baseUrl: sandbox.url, credentials });
    receiver = new DedupingReceiver(SECRET);
    await receiver.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-crash-'));
    env = { url: sandbox.url, privateKeyHex: keys.privateKeyHex, apiKey: credentials.apiKey, secret: SECRET };
  });
  afterEach(async () => {
    control.dispose();
    await receiver.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const started = (file: string): boolean => {
    try {
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as { started?: boolean }).started === true;
    } catch {
      return false;
    }
  };

  it(`loses nothing across ${TRIALS} kills at random moments: every change once, in order, ending at the sandbox's status`, async () => {
    const random = seeded(24);
    const state = path.join(dir, 'state.json');
    const args = ['--to', receiver.url, '--state', state, '--interval', '1000', '--max-rps', '10'];
    const mine: string[] = [];
    const at = new Map<string, number>();
    const act = async (): Promise<void> => {
      const roll = random();
      const moving = mine.filter((id) => (at.get(id) ?? 0) < PATH.length);
      if (roll < 0.35 || moving.length === 0) {
        const tx = await control.create();
        mine.push(tx.id);
        at.set(tx.id, 0);
      } else {
        const id = moving[Math.floor(random() * moving.length)];
        const step = at.get(id) ?? 0;
        if (step === 0 && random() < 0.5) await control.pay(id);
        else await control.move(id, PATH[step]);
        // A payment or a move: read where it went (a payment may go further than one step).
        const status = (await control.get(id)).status;
        at.set(id, Math.max(step + 1, PATH.indexOf(status) + 1));
      }
    };
    // The first start learns the ledger (no events), then the trials begin.
    let run: ForwardProcess = startForwarder(args, env);
    await until(() => started(state), 20);
    for (let trial = 0; trial < TRIALS; trial++) {
      for (let i = Math.floor(random() * 3); i > 0; i--) await act();
      const lifeMs = 50 + Math.floor(random() * 1500);
      const during = (async () => {
        const end = Date.now() + lifeMs;
        while (Date.now() < end) {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 400)));
          if (random() < 0.6) await act();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, lifeMs));
      await during;
      run.child.kill('SIGKILL');
      await run.exited;
      for (let i = Math.floor(random() * 3); i > 0; i--) await act();
      run = startForwarder(args, env);
    }
    // The last start runs until the receiver has caught up with the sandbox.
    const statusOf = async (id: string): Promise<string> => (await control.get(id)).status;
    const expected = new Map<string, string>();
    for (const id of mine) expected.set(id, await statusOf(id));
    try {
      await until(() => [...expected].every(([id, status]) => receiver.last(id) === status), 50);
    } finally {
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0, run.output());
    }
    assert.equal(receiver.unverified, 0);
    assert.deepEqual(receiver.broken(), [], 'every transaction chained, in order, nothing repeated under another id');
    for (const id of mine) {
      const list = receiver.changes.get(id) ?? [];
      assert.equal(list[0]?.from, null, `${id} starts from its creation`);
      assert.equal(receiver.last(id), expected.get(id), `${id} ends where the sandbox is`);
    }
    // Every transaction of the ledger the receiver heard of ends where the sandbox has it.
    for (const id of receiver.changes.keys()) assert.equal(receiver.last(id), await statusOf(id), id);
    assert.ok(mine.length >= 20, `${mine.length} transactions made`);
    assert.equal(new Set(receiver.handled).size, receiver.handled.length);
  });

  it('SIGTERM with events waiting stops at once, says how many wait and keeps them; the next start delivers them with their ids', async () => {
    const state = path.join(dir, 'state.json');
    const args = ['--to', receiver.url, '--state', state, '--interval', '1000'];
    let run = startForwarder(args, env);
    await until(() => started(state), 20);
    const port = receiver.port;
    await receiver.close();
    const tx = await control.create();
    await control.move(tx.id, 'confirming');
    // Both changes found (one poll sees the latest status: at least one event waits).
    await until(() => /not delivered/.test(run.output()), 20);
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0, run.output());
    const said = /Stopped; (\d+) events wait/.exec(run.output());
    assert.ok(said, run.output());
    const waiting = Number(said[1]);
    assert.ok(waiting >= 1);
    const kept = JSON.parse(fs.readFileSync(state, 'utf8')) as { entries: { state: string; event: { id: string } }[] };
    const keptIds = kept.entries.filter((e) => e.state === 'waiting').map((e) => e.event.id);
    assert.equal(keptIds.length, waiting);
    assert.equal((fs.statSync(state).mode & 0o777).toString(8), '600', "the state file is the owner's only");
    await receiver.open(port);
    run = startForwarder(args, env);
    try {
      await until(() => keptIds.every((id) => receiver.handled.includes(id)), 20);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    assert.equal(receiver.last(tx.id), 'confirming');
    assert.deepEqual(receiver.broken(), []);
  });
});
