/**
 * The body of each event, over real HTTP from a real sandbox to a real receiver: the Standard
 * Webhooks envelope by default, the bare event with `payload: 'legacy'`; every event type verifies
 * with the `standardwebhooks` npm package and matches the schema `npm run generate` writes
 * (docs/forwarding-events.schema.json), which refuses what is neither.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv from 'ajv';
import { Webhook } from 'standardwebhooks';
import type { ExchangeClient } from '../../../src/api';
import type { PayloadFormat } from '../../../src/shared/statusEvents';
import { EVENT_TYPES, generateEventSecret } from '../../../src/shared/statusEvents';
import { ForwardService } from '../../../src/forward/service';
import { StateFile } from '../../../src/forward/stateFile';
import type { Harness } from '../api/support';
import { startHarness } from '../api/support';
import { Receiver } from './receiver';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const schema = JSON.parse(fs.readFileSync(path.join(root, 'docs', 'forwarding-events.schema.json'), 'utf8')) as object;
const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(schema);

function problems(body: unknown): string {
  return validate(body) ? '' : JSON.stringify(validate.errors);
}

describe('event payloads: the Standard Webhooks envelope, the legacy body, the schema', () => {
  let dir: string;
  let harness: Harness;
  let client: ExchangeClient;
  let receiver: Receiver;
  const secret = generateEventSecret();
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-payload-'));
    harness = await startHarness({ ledgerSize: 3 });
    client = harness.client();
    receiver = new Receiver(secret);
    await receiver.open();
  });
  afterEach(async () => {
    client.dispose();
    await receiver.close();
    await harness.sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every event of the sandbox's ledger from null, after a gap (the state file is unreadable). */
  async function forward(payload?: PayloadFormat): Promise<void> {
    const file = path.join(dir, 'state.json');
    fs.writeFileSync(file, 'not json');
    const service = new ForwardService({
      source: client,
      account: 'acc',
      url: new URL(receiver.url),
      stateFile: new StateFile(file),
      secrets: { current: secret },
      emitInitial: true,
      lookbackMs: 365 * 24 * 3600_000,
      ...(payload ? { delivery: { payload } } : {}),
    });
    try {
      await service.pollNow();
      await service.idle();
    } finally {
      service.stop();
    }
    assert.ok(receiver.arrivals.length >= 4, 'a gap and the ledger arrived');
    assert.ok(receiver.arrivals.every((a) => a.verified && a.answered === 200));
  }

  it('sends the envelope by default: each type verifies with the library and matches the schema', async () => {
    await forward();
    const types = new Set<string>();
    for (const arrival of receiver.arrivals) {
      const verified = new Webhook(secret).verify(arrival.raw, arrival.headers as Record<string, string>);
      assert.deepEqual(verified, arrival.body);
      const body = arrival.body as { type: string; timestamp: string; data: { id: string; at: string } };
      assert.equal(problems(body), '', arrival.raw);
      assert.deepEqual(Object.keys(body), ['type', 'timestamp', 'data']);
      assert.equal(body.timestamp, body.data.at);
      assert.equal(body.data.id, arrival.headers['webhook-id']);
      types.add(body.type);
    }
    assert.deepEqual([...types].sort(), [EVENT_TYPES.gap, EVENT_TYPES.status].sort());
    const gap = receiver.arrivals.find((a) => (a.body as { type: string }).type === EVENT_TYPES.gap);
    assert.deepEqual(Object.keys((gap?.body as { data: object }).data), ['id', 'reason', 'at']);
    const ledger = (await client.getTransactions({ limit: 100 })).map((r) => r.id).sort();
    const sent = receiver.accepted.filter((e) => e.transaction).map((e) => String(e.transaction.id));
    assert.deepEqual([...new Set(sent)].sort(), ledger, "the data carries the sandbox's records");
  });

  it("sends the bare event with payload 'legacy': it verifies and matches the schema's legacy shapes", async () => {
    await forward('legacy');
    const kinds = new Set<string>();
    for (const arrival of receiver.arrivals) {
      assert.doesNotThrow(() => new Webhook(secret).verify(arrival.raw, arrival.headers as Record<string, string>));
      assert.equal(problems(arrival.body), '', arrival.raw);
      assert.deepEqual(arrival.body, arrival.event);
      assert.ok(!('data' in (arrival.body as object)));
      kinds.add('type' in (arrival.body as object) ? 'gap' : 'status');
    }
    assert.deepEqual([...kinds].sort(), ['gap', 'status']);
  });

  it('has a schema that refuses a body of neither shape', async () => {
    await forward();
    const body = receiver.arrivals.find((a) => (a.body as { type: string }).type === EVENT_TYPES.status)?.body as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    assert.equal(problems(body), '');
    const { to: _to, ...withoutTo } = body.data;
    assert.notEqual(problems({ ...body, data: withoutTo }), '', 'a change without its status');
    assert.notEqual(problems({ ...body, type: 'transaction.other' }), '', 'an unknown type');
    assert.notEqual(problems({ ...body, extra: 1 }), '', 'a member the events never have');
    assert.notEqual(problems({ ...body.data, type: 'gap' }), '', 'a legacy body that mixes both kinds');
  });
});
