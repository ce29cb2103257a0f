/**
 * Durability of `npm run forward` over real processes and real HTTP: seeded trials, each a run of
 * the CLI stopped at a random moment by `kill -9` (50 trials) or SIGTERM (20), with creates,
 * payments, moves (failed and hold left again too) and skips of the sandbox clock before, during
 * and while stopped, and the receiver down for part of each. The receiver (handling each id once)
 * ends with every change: each transaction from `null`, its changes chained in order (each `from`
 * the previous `to`: none repeated under another id, none missing), and the last status the
 * sandbox has. SIGTERM with events waiting exits at once, says how many wait and keeps them.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadCredentials, ControlClient, ExchangeClient } from '../../../src/api';
import type { Sandbox } from '../../../packages/sandbox/src';
import { ManualClock, startSandbox } from '../../../packages/sandbox/src';
import type { KnownStatus } from '../../../src/shared/status';
import { KNOWN_STATUSES, SETTLED_STATUSES } from '../../../src/shared/status';
import { registeredKeys } from '../../secrets/registry';
import { until } from '../support/until';
import type { ForwardProcess } from './support/forwardProcess';
import { DedupingReceiver, seeded, startForwarder } from './support/forwardProcess';

const SECRET = 'crash-test-secret-0123456789';
/** Where a move may take one of the test's transactions (all float: no `expired`). */
const TARGETS: readonly KnownStatus[] = KNOWN_STATUSES.filter((status) => status !== 'expired');
const KILLS = 50;
const TERMS = 20;
const DAY_MS = 24 * 60 * 60_000;

describe('forward CLI durability (SIGKILL, SIGTERM, restart)', function () {
  this.timeout(600_000);
  let sandbox: Sandbox;
  let control: ControlClient;
  let client: ExchangeClient;
  let receiver: DedupingReceiver;
  let dir: string;
  let env: { url: string; privateKeyHex: string; apiKey: string; secret: string };

  beforeEach(async () => {
    // A clock that moves only when the test skips it: every move is one the test makes or asks for.
    sandbox = await startSandbox({ clock: new ManualClock(Date.now()), ledgerSize: 30, rateLimit: false });
    const keys = registeredKeys();
    const credentials = loadCredentials(keys.privateKeyHex);
    sandbox.registerKey(credentials);
    control = new ControlClient({ baseUrl: sandbox.url, credentials });
    client = new ExchangeClient({ baseUrl: sandbox.url, credentials });
    receiver = new DedupingReceiver(SECRET);
    await receiver.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-crash-'));
    env = { url: sandbox.url, privateKeyHex: keys.privateKeyHex, apiKey: credentials.apiKey, secret: SECRET };
  });
  afterEach(async () => {
    control.dispose();
    client.dispose();
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

  it(`loses nothing across ${KILLS} kills and ${TERMS} SIGTERMs at random moments, the receiver down for part of each`, async () => {
    const random = seeded(44);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const state = path.join(dir, 'state.json');
    const args = ['--to', receiver.url, '--state', state, '--interval', '1000', '--max-rps', '10'];
    const mine: string[] = [];
    // Settled before the lookback (a day): the first start does not learn them.
    const old = (await client.getTransactions({ limit: 100 }))
      .filter(
        (r) =>
          ['finished', 'refunded', 'overdue', 'expired'].includes(r.status) && r.createdAt / 1000 < Date.now() - DAY_MS,
      )
      .map((r) => r.id);
    const oldMoved = new Set<string>();
    const settled = new Set<string>();
    assert.ok(old.length >= 2, `${old.length} old settled transactions`);
    const made = { creates: 0, payments: 0, moves: 0, skips: 0, outOfFailedOrHold: 0 };
    const note = async (id: string): Promise<void> => {
      if (!settled.has(id) && SETTLED_STATUSES.has((await control.get(id)).status)) settled.add(id);
    };
    const act = async (): Promise<void> => {
      const roll = random();
      if (roll < 0.3 || mine.length === 0) {
        mine.push((await control.create()).id);
        made.creates++;
      } else if (roll < 0.4) {
        // Time passes: paid transactions move on at the payment pace.
        await control.skip(Math.floor(random() * 90_000));
        made.skips++;
        for (const id of mine) await note(id);
      } else if (roll < 0.45 && old.length > 0) {
        // An old transaction moves again: announced from null, as first seen.
        const id = old.pop() as string;
        await control.move(id, 'hold');
        oldMoved.add(id);
        made.moves++;
      } else {
        // A settled transaction never moves at the service (the sandbox would move it): only the others.
        const open = mine.filter((id) => !settled.has(id));
        if (open.length === 0) return;
        const id = pick(open);
        const now = await control.get(id);
        if (now.status === 'waiting' && random() < 0.4) {
          // The expected amount, or one below the minimum (failed).
          await control.pay(id, random() < 0.3 ? '0.00000001' : undefined);
          made.payments++;
          await note(id);
        } else {
          if (now.status === 'failed' || now.status === 'hold') made.outOfFailedOrHold++;
          const to = pick(TARGETS.filter((s) => s !== now.status));
          await control.move(id, to);
          made.moves++;
          await note(id);
        }
      }
    };
    const acts = async (most: number): Promise<void> => {
      for (let i = Math.floor(random() * (most + 1)); i > 0; i--) await act();
    };
    // The first start learns the ledger (no events), then the trials begin.
    let run: ForwardProcess = startForwarder(args, env);
    await until(() => started(state));
    run.child.kill('SIGKILL');
    await run.exited;
    const signals = [...Array<NodeJS.Signals>(KILLS).fill('SIGKILL'), ...Array<NodeJS.Signals>(TERMS).fill('SIGTERM')];
    for (let i = signals.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [signals[i], signals[j]] = [signals[j], signals[i]];
    }
    const port = receiver.port;
    for (const signal of signals) {
      await acts(2);
      run = startForwarder(args, env);
      // Most stops come once it runs (a SIGTERM before the CLI listens for it ends node itself: a
      // kill); some kills come while it starts.
      if (signal === 'SIGTERM' || random() < 0.8) await until(() => run.output().includes('Ctrl+C stops'));
      const lifeMs = Math.floor(random() * 500);
      // The receiver is down from `downAt` to `upAt` (ms into the run); past the stop it comes back after it.
      const downAt = Math.floor(random() * lifeMs);
      const upAt = downAt + Math.floor(random() * 600);
      const end = Date.now() + lifeMs;
      const begun = Date.now();
      let down = false;
      let wasDown = false;
      while (Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 100)));
        const at = Date.now() - begun;
        if (!down && at >= downAt && at < upAt) {
          await receiver.close();
          down = wasDown = true;
        } else if (down && at >= upAt) {
          await receiver.open(port);
          down = false;
        }
        if (random() < 0.5) await act();
      }
      if (!wasDown) {
        // Down across the stop at least.
        await receiver.close();
        down = true;
      }
      run.child.kill(signal);
      const code = await run.exited;
      if (signal === 'SIGTERM') {
        assert.equal(code, 0, run.output());
        assert.match(run.output(), /Stopped; /);
      }
      await acts(2);
      if (down) await receiver.open(port);
    }
    // The last start runs until the receiver has caught up with the sandbox.
    run = startForwarder(args, env);
    const statusOf = async (id: string): Promise<string> => (await control.get(id)).status;
    const followed = [...mine, ...oldMoved];
    const expected = new Map<string, string>();
    for (const id of followed) expected.set(id, await statusOf(id));
    try {
      const caughtUp = (): boolean => [...expected].every(([id, status]) => receiver.last(id) === status);
      const deadline = Date.now() + 30_000;
      await until(() => caughtUp() || Date.now() > deadline);
    } finally {
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0, run.output());
    }
    const records = new Map((await client.getTransactions({ limit: 100 })).map((r) => [r.id, [r.createdAt, r.status]]));
    const why = (id: string): string => {
      const kept = JSON.parse(fs.readFileSync(state, 'utf8')) as {
        cursor: number;
        tracked: Record<string, unknown>;
        entries: { lane: string; state: string; nextAtMs: number; attempts: number }[];
      };
      return JSON.stringify({
        cursor: kept.cursor,
        record: records.get(id),
        tracked: kept.tracked[id],
        entries: kept.entries.filter((e) => e.lane === id).map((e) => [e.state, e.attempts, e.nextAtMs - Date.now()]),
        counts: kept.entries.reduce<Record<string, number>>((c, e) => ({ ...c, [e.state]: (c[e.state] ?? 0) + 1 }), {}),
        heard: receiver.changes.get(id),
        out: run.output().slice(-1500),
      });
    };
    assert.equal(receiver.unverified, 0);
    assert.deepEqual(receiver.gaps, []);
    assert.deepEqual(receiver.broken(), [], 'every transaction chained, in order, nothing repeated under another id');
    for (const id of followed) {
      const list = receiver.changes.get(id) ?? [];
      assert.equal(list[0]?.from, null, `${id} starts from null: ${why(id)}`);
      assert.equal(receiver.last(id), expected.get(id), `${id} ends where the sandbox is: ${why(id)}`);
    }
    // Every transaction the receiver heard of ends where the sandbox has it.
    for (const id of receiver.changes.keys()) assert.equal(receiver.last(id), await statusOf(id), id);
    assert.equal(new Set(receiver.handled).size, receiver.handled.length);
    assert.ok(mine.length >= 30 && oldMoved.size >= 2 && made.outOfFailedOrHold >= 10, JSON.stringify(made));
  });

  it('SIGTERM with events waiting stops at once, says how many wait and keeps them; the next start delivers them with their ids', async () => {
    const state = path.join(dir, 'state.json');
    const args = ['--to', receiver.url, '--state', state, '--interval', '1000'];
    let run = startForwarder(args, env);
    await until(() => started(state), 20);
    // One forwarder per state file: a second start says which process holds it, and stops.
    const second = startForwarder(args, env);
    assert.equal(await second.exited, 2);
    assert.match(
      second.output(),
      new RegExp(`Another forwarder \\(process ${run.child.pid}\\) is using the state file`),
    );
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
