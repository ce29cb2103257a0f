/**
 * The pure parts of the agent tools and the MCP server, exactly: safe text and redaction, amounts
 * as JSON numbers, durations, cursors and the result bound, sightings, the diagnosis text, the
 * status guide, the tools' MCP form and the prompts.
 */
import { strict as assert } from 'assert';
import { AGENT_TOOLS, Sightings } from '../../../src/agents';
import {
  compactRecord,
  cursorOf,
  fitting,
  MAX_RESULT_CHARS,
  offsetOfCursor,
  resultSize,
} from '../../../src/agents/bounded';
import { diagnose, diagnosisLines } from '../../../src/agents/diagnosis';
import { durationText } from '../../../src/agents/duration';
import { durationMs } from '../../../src/agents/listTool';
import { adviceLine, STATUS_FACTS, statusGuideMarkdown, statusNotes } from '../../../src/agents/statusGuide';
import { enteredAt } from '../../../src/agents/statusSince';
import { AgentInputError, decimalTextOf } from '../../../src/agents/validation';
import { getPrompt, readResource, ResourceError } from '../../../src/mcp/resources';
import { echoedName, toMcpTool } from '../../../src/mcp/server';
import { typedRecord } from '../support/wireRecord';
import { assertGolden } from '../support/golden';
import {
  SECRET_REDACTED,
  amountText,
  isSecretShaped,
  quoted,
  redactSecrets,
  safeData,
} from '../../../src/agents/modelText';
import { REPLACEMENT, safeText } from '../../../src/shared/safeText';

const RECORD = typedRecord({
  id: 'abcd1234',
  createdAt: 1_795_623_885_000_000,
  moneyReceived: 0,
  moneySent: 0,
  rate: '20',
  payinConfirmations: '1',
  status: 'confirming',
  payinAddress: 'bc1qaddress',
  payoutHash: null,
  payoutHashLink: null,
  refundAddress: null,
  amountExpectedTo: '10',
  amountTo: '0',
  networkFee: '0.01',
  totalFee: null,
});

describe('agent tools: pure parts', () => {
  it('quotes service text as data, made safe, and keeps plain amounts', () => {
    assert.equal(quoted('say "hi"\n'), `"say \\"hi\\"${REPLACEMENT}"`);
    assert.equal(quoted(null), '""');
    assert.equal(amountText('0.5'), '0.5');
    assert.equal(amountText('-12'), '-12');
    assert.equal(amountText('<b>1</b>'), '"<b>1</b>"');
    assert.equal(amountText(undefined), '""');
    assert.deepEqual(
      safeData({ 'k\u2028': ['x\u202ey', 1, true, null, Infinity], n: { m: 'a\u0000' }, u: undefined }),
      { [`k${REPLACEMENT}`]: [`x${REPLACEMENT}y`, 1, true, null, null], n: { m: `a${REPLACEMENT}` } },
    );
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = [deep];
    assert.ok(JSON.stringify(safeData(deep)).includes('null'));
    assert.equal((safeData('x'.repeat(3000)) as string).length, 2001);
  });

  it('redacts signature- and key-shaped runs and echoed signing headers, keeping addresses and hashes', () => {
    const signature = `${'Ab3+'.repeat(85)}xy==`;
    const apiKey = `${'Q'.repeat(30)}abcDEF123456w=`;
    assert.equal(redactSecrets(`sig ${signature} end`), `sig ${SECRET_REDACTED} end`);
    assert.equal(redactSecrets(`key ${apiKey}.`), `key ${SECRET_REDACTED}.`);
    assert.equal(
      redactSecrets(`{"x-api-signature":"short1234","X-Api-Key": "k e"}`),
      `{"x-api-signature":"${SECRET_REDACTED}","X-Api-Key": "k e"}`,
    );
    assert.equal(redactSecrets('X-Api-Key: abcdefgh12'), `X-Api-Key: ${SECRET_REDACTED}`);
    assert.equal(redactSecrets('sign=abcdefghij; design: keep me'), `sign=${SECRET_REDACTED}; design: keep me`);
    assert.equal(redactSecrets('authorization: Bearer'), 'authorization: Bearer', 'under 8 characters: not a secret');
    const hash = 'a'.repeat(64);
    const eth = '0x52908400098527886E0F7030069857D2E4169EE7';
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const xmr = `4${'AbCdEfGhJk'.repeat(9)}12345`;
    assert.equal(redactSecrets(`${hash} ${eth} ${btc} ${xmr}`), `${hash} ${eth} ${btc} ${xmr}`);
    assert.equal(redactSecrets('B'.repeat(120)), SECRET_REDACTED);
    assert.equal(redactSecrets('B'.repeat(119)), 'B'.repeat(119));
    assert.equal(isSecretShaped('a'.repeat(38) + '='), false);
    assert.equal(isSecretShaped('a'.repeat(39) + '='), true);
    assert.equal(isSecretShaped('a/b'), true);
    // A block explorer's link keeps its transaction hash; a signature in a URL still goes.
    const link = `https://etherscan.io/tx/0x${'3f'.repeat(32)}`;
    assert.equal(redactSecrets(`payout: ${link} done`), `payout: ${link} done`);
    assert.equal(redactSecrets(`{"payoutHashLink":"${link}"}`), `{"payoutHashLink":"${link}"}`);
    assert.equal(redactSecrets(`https://x.test/?s=${signature}`), `https://x.test/?s=${SECRET_REDACTED}`);
    assert.equal(redactSecrets(`https://x.test/${'B'.repeat(30)}/${'C'.repeat(100)}`), `https://x.${SECRET_REDACTED}`);
    assert.equal(isSecretShaped('a'.repeat(119)), false);
  });

  it('redacts a signing header echoed as JSON inside JSON, and a run cut short, leaving the JSON whole', () => {
    // A signature whose first 72 characters have no "+", "/" or "=": what a cut may leave of one.
    const signature = `${'Ab3x'.repeat(18)}+/${'Qz9k'.repeat(68)}==`;
    const echoed = JSON.stringify({
      message: `Bad request: headers ${JSON.stringify({ 'x-api-signature': signature })}`,
    });
    const redacted = redactSecrets(echoed);
    assert.ok(!redacted.includes(signature.slice(0, 40)), redacted);
    const message = (JSON.parse(redacted) as { message: string }).message;
    assert.equal(message, `Bad request: headers {"x-api-signature":"${SECRET_REDACTED}"}`);
    // Cut short before a redaction could see the whole signature: the run before the cut goes.
    const cut = safeText(`signature ${signature}`, 10 + 72);
    assert.equal(redactSecrets(cut), `signature ${SECRET_REDACTED}\u2026`);
    assert.equal(redactSecrets(`${'a'.repeat(39)}\u2026`), `${'a'.repeat(39)}\u2026`, 'under 40 characters: kept');
    const hash = 'a'.repeat(64);
    assert.equal(redactSecrets(`${hash} and more`), `${hash} and more`, 'a whole hash is kept');
  });

  it('turns JSON numbers into the decimal text they were written as, or refuses them', () => {
    const cases: [number, string][] = [
      [0.1, '0.1'],
      [1, '1'],
      [0, '0'],
      [10, '10'],
      [1e-7, '0.0000001'],
      [1.5e-7, '0.00000015'],
      [1e21, '1000000000000000000000'],
      [123.456, '123.456'],
      [0.000001, '0.000001'],
      [2.5e3, '2500'],
    ];
    for (const [value, text] of cases) assert.equal(decimalTextOf(value, 'amount'), text, String(value));
    assert.throws(
      () => decimalTextOf(0.1 + 0.2, 'amount'),
      (e: AgentInputError) => e.field === 'amount' && /more than 15 significant digits/.test(e.message),
    );
    assert.throws(() => decimalTextOf(-1, 'amount'), /must not be negative/);
    assert.throws(() => decimalTextOf(Number.NaN, 'amount'), /finite/);
    assert.equal(decimalTextOf(123456789012345, 'a'), '123456789012345');
    assert.throws(() => decimalTextOf(1234567890123456, 'a'), /significant/);
  });

  it('reads durations and bounds them', () => {
    assert.equal(durationMs('90s'), 90_000);
    assert.equal(durationMs('30m'), 1_800_000);
    assert.equal(durationMs('30min'), 1_800_000);
    assert.equal(durationMs('1h30m'), 5_400_000);
    assert.equal(durationMs(' 2D '), 172_800_000);
    assert.equal(durationMs('PT1H'), 3_600_000);
    assert.equal(durationMs('P1DT2H3M4S'), 93_784_000);
    assert.equal(durationMs('P2D'), 172_800_000);
    for (const bad of ['', 'soon', 'PT', 'P', 'P1DT', '1x', '0s', '367d', '500ms'])
      assert.throws(
        () => durationMs(bad, 'skip'),
        (e: AgentInputError) => e.field === 'skip',
        bad,
      );
    assert.equal(durationText(0), '0 s');
    assert.equal(durationText(59_999), '59 s');
    assert.equal(durationText(60_000), '1 min');
    assert.equal(durationText(61_000), '1 min 1 s');
    assert.equal(durationText(3_600_000), '1 h');
    assert.equal(durationText(3_660_000), '1 h 1 min');
    assert.equal(durationText(86_400_000), '1 d');
    assert.equal(durationText(90_000_000), '1 d 1 h');
    assert.equal(durationText(-5), '0 s');
  });

  it('pages with opaque cursors and cuts results to the bound', () => {
    assert.equal(offsetOfCursor(cursorOf(0)), 0);
    assert.equal(offsetOfCursor(cursorOf(1234)), 1234);
    assert.throws(
      () => offsetOfCursor('bm9wZQ'),
      (e: AgentInputError) => e.field === 'cursor',
    );
    assert.throws(() => offsetOfCursor(Buffer.from('o12345678').toString('base64url')), AgentInputError);
    const build = (n: number) => ({ text: 'x'.repeat(n * 1000), data: { n } });
    assert.equal(fitting(10, build).n, 10);
    const cut = fitting(40, build);
    assert.ok(resultSize(cut.result) <= MAX_RESULT_CHARS);
    assert.ok(resultSize(build(cut.n + 1)) > MAX_RESULT_CHARS);
    assert.equal(fitting(0, build).n, 0);
    assert.equal(resultSize({ text: 'ab', data: { a: 1 } }), 2 + 7);
    const compact = compactRecord(RECORD);
    assert.deepEqual(Object.keys(compact), [
      'id',
      'status',
      'type',
      'currencyFrom',
      'currencyTo',
      'amountExpectedFrom',
      'amountFrom',
      'amountExpectedTo',
      'amountTo',
      'payinAddress',
      'createdAt',
    ]);
    assert.equal(compact.createdAt, '2026-11-25T16:24:45.000Z');
    const other = compactRecord({
      ...RECORD,
      status: 'unknown',
      rawStatus: 'paused',
      payinExtraId: '7',
      payTill: '2026-11-25T17:00:00Z',
      createdAt: 0,
    });
    assert.equal(other.rawStatus, 'paused');
    assert.equal(other.payinExtraId, '7');
    assert.equal(other.payTill, '2026-11-25T17:00:00Z');
    assert.equal(other.createdAt, null);
  });

  it('keeps the first sighting of each status, per storage key, bounded', async () => {
    const stored = new Map<string, unknown>();
    const storage = { get: (k: string) => stored.get(k), update: (k: string, v: unknown) => void stored.set(k, v) };
    const sightings = new Sightings(storage, 'key', 2);
    sightings.note([{ id: 'a', status: 'waiting' }], 100);
    sightings.note([{ id: 'a', status: 'waiting' }], 200);
    assert.equal(sightings.since('a', 'waiting'), 100);
    assert.equal(sightings.since('a', 'confirming'), undefined);
    sightings.note([{ id: 'a', status: 'confirming' }], 300);
    assert.equal(sightings.since('a', 'confirming'), 300);
    assert.equal(sightings.since('a', 'waiting'), undefined);
    sightings.note(
      [
        { id: 'b', status: 'hold' },
        { id: 'c', status: 'hold' },
      ],
      400,
    );
    assert.equal(sightings.size, 2);
    assert.equal(sightings.since('a', 'confirming'), undefined, 'the oldest is let go');
    const again = new Sightings(storage, 'key', 2);
    assert.equal(again.since('c', 'hold'), 400);
    assert.equal(new Sightings(storage, 'other').size, 0);
    stored.set('bad', [['x', { status: 'hold' }], 'junk', ['y', { status: 'hold', atMs: 5 }]]);
    assert.equal(new Sightings(storage, 'bad').since('y', 'hold'), 5);
    assert.equal(new Sightings(storage, 'bad').size, 1);
    assert.equal(new Sightings().size, 0);
  });

  it('finds when a schedule entered the status it is in', () => {
    const schedule = [
      { status: 'waiting' as const, atMs: 0, at: '' },
      { status: 'confirming' as const, atMs: 10, at: '' },
      { status: 'exchanging' as const, atMs: 20, at: '' },
    ];
    assert.equal(enteredAt(schedule, 'confirming', 15), 10);
    assert.equal(enteredAt(schedule, 'confirming', 10), 10);
    assert.equal(enteredAt(schedule, 'exchanging', 25), 20);
    assert.equal(enteredAt(schedule, 'confirming', 25), undefined);
    assert.equal(enteredAt(schedule, 'waiting', -1), undefined);
  });

  it('writes a diagnosis: since when, meaning, next, usual time, advice with its source, ids for support', () => {
    const facts = {
      nowMs: Date.parse('2026-11-25T18:00:00Z'),
      since: { atMs: Date.parse('2026-11-25T16:30:00Z'), source: 'sandbox' as const },
      confirmations: 2,
      scheduleNext: { status: 'exchanging' as const, atMs: Date.parse('2026-11-25T18:05:00Z') },
    };
    const d = diagnose(RECORD, facts);
    assert.deepEqual(d.since, {
      at: '2026-11-25T16:30:00.000Z',
      exact: true,
      source: 'sandbox',
      text: "since 2026-11-25T16:30:00.000Z (1 h 30 min; the sandbox's schedule, exact)",
    });
    assert.equal(d.inStatusMs, 5_400_000);
    assert.equal(d.usually, `${STATUS_FACTS.confirming.usually} The catalogue says 2 confirmations of BTC; 1 so far.`);
    assert.deepEqual(d.scheduledNext, { status: 'exchanging', at: '2026-11-25T18:05:00.000Z' });
    assert.deepEqual(d.support, {
      transactionId: 'abcd1234',
      createdAt: '2026-11-25T16:24:45.000Z',
      payinAddress: 'bc1qaddress',
      payinExtraId: null,
      payinHash: 'ab12',
      payoutHash: null,
      refundHash: null,
      links: ['https://docs.changelly.com/transaction-statuses'],
    });
    assert.deepEqual(diagnosisLines(d), [
      `Transaction "abcd1234" is confirming since 2026-11-25T16:30:00.000Z (1 h 30 min; the sandbox's schedule, exact).`,
      `Meaning: ${STATUS_FACTS.confirming.meaning} (the service's documentation)`,
      `Next (ours): ${STATUS_FACTS.confirming.next}`,
      `Usually (ours): ${d.usually}`,
      "The sandbox's schedule: exchanging at 2026-11-25T18:05:00.000Z.",
      `What to do: ${adviceLine(STATUS_FACTS.confirming.advice[0] ?? { text: '', source: 'ours' })}`,
      'For a support request: transaction id "abcd1234", created 2026-11-25T16:24:45.000Z, payin address "bc1qaddress", payin hash "ab12".',
      'Links: https://docs.changelly.com/transaction-statuses',
    ]);
    const seen = diagnose(
      {
        ...RECORD,
        status: 'hold',
        payinConfirmations: 'n/a',
        payoutHashLink: 'https://explorer/tx/1',
        refundHashLink: 'javascript:alert(1)',
        payoutHash: 'p',
        refundHash: 'r',
        payinExtraId: 'm',
      },
      { nowMs: 1000, since: { atMs: 400, source: 'sighting' }, scheduleNext: null },
    );
    assert.equal(seen.since.text, 'at least since 1970-01-01T00:00:00.400Z (0 s; first seen in this status then)');
    assert.equal(seen.since.exact, false);
    assert.deepEqual(seen.support.links, [
      'https://docs.changelly.com/transaction-statuses',
      'https://docs.changelly.com/usage/kyc-aml',
      'https://explorer/tx/1',
    ]);
    const lines = diagnosisLines(seen);
    assert.ok(lines.some((l) => l.includes('payin extra id "m", payin hash "ab12", payout hash "p", refund hash "r"')));
    assert.ok(!lines.some((l) => l.startsWith("The sandbox's schedule")));
    const unknown = diagnose({ ...RECORD, status: 'unknown', rawStatus: 'paused\u202e', createdAt: 0 }, { nowMs: 0 });
    assert.equal(unknown.inStatusMs, null);
    assert.equal(unknown.support.createdAt, null);
    assert.match(diagnosisLines(unknown)[0] ?? '', /is unknown \("paused\uFFFD"\) since an unknown time/);
    const stays = diagnosisLines(
      diagnose({ ...RECORD, status: 'hold' }, { nowMs: 10, since: { atMs: 5, source: 'sandbox' }, scheduleNext: null }),
    );
    assert.ok(stays.includes("The sandbox's schedule: it stays in this status until moved."));
    const finished = diagnosisLines(
      diagnose(
        { ...RECORD, status: 'finished' },
        { nowMs: 10, since: { atMs: 5, source: 'sandbox' }, scheduleNext: null },
      ),
    );
    assert.ok(!finished.some((l) => l.startsWith("The sandbox's schedule")));
    const fixed = diagnose(
      { ...RECORD, status: 'waiting', payTill: '2026-11-25T16:00:00Z' },
      { nowMs: Date.parse('2026-11-25T17:00:00Z') },
    );
    assert.match(fixed.usually, /Its payTill is 2026-11-25T16:00:00Z \(passed\)\.$/);
    assert.match(
      diagnose(
        { ...RECORD, status: 'waiting', payTill: '2026-11-25T18:00:00Z' },
        { nowMs: Date.parse('2026-11-25T17:00:00Z') },
      ).usually,
      /Its payTill is 2026-11-25T18:00:00Z\.$/,
    );
    assert.equal(
      diagnose(RECORD, { nowMs: 0, confirmations: 1 }).usually.endsWith('1 confirmation of BTC; 1 so far.'),
      true,
    );
  });

  it('has a guide entry for every status, with advice from the documentation or marked as ours', () => {
    for (const [status, facts] of Object.entries(STATUS_FACTS)) {
      assert.ok(facts.meaning && facts.next && facts.usually && facts.advice.length > 0, status);
      for (const advice of facts.advice)
        assert.ok(
          advice.source === 'ours' ? !advice.url : /^https:\/\/docs\.changelly\.com\//.test(advice.url ?? ''),
          status,
        );
    }
    assert.equal(STATUS_FACTS.finished.final && STATUS_FACTS.expired.final && !STATUS_FACTS.hold.final, true);
    assert.equal(adviceLine({ text: 'Do.', source: 'ours' }), "Do. (our advice, not the service's)");
    assert.equal(
      adviceLine({ text: 'Do.', source: 'docs', url: 'https://docs.changelly.com/x' }),
      "Do. (the service's documentation: https://docs.changelly.com/x)",
    );
    assert.equal(
      adviceLine({ text: 'Do.', source: 'docs' }),
      "Do. (the service's documentation: https://docs.changelly.com/transaction-statuses)",
    );
    const notes = statusNotes('hold');
    assert.equal(
      notes[0],
      `Status hold: ${STATUS_FACTS.hold.meaning} (the service's documentation: https://docs.changelly.com/transaction-statuses)`,
    );
    assert.equal(notes.length, 3 + STATUS_FACTS.hold.advice.length);
    const markdown = statusGuideMarkdown();
    assertGolden('agents/status-guide', markdown);
    assert.ok(markdown.startsWith('# Transaction statuses'));
    assert.equal(markdown.match(/^## /gm)?.length, Object.keys(STATUS_FACTS).length);
  });

  it('lists each tool for MCP with its schemas and hints, and echoes an unknown name bounded', () => {
    for (const tool of AGENT_TOOLS) {
      const listed = toMcpTool(tool, { kind: 'account', label: 'a', host: 'h' });
      assert.deepEqual(listed.annotations, {
        title: tool.title,
        readOnlyHint: !tool.changesState,
        destructiveHint: tool.destructive,
        idempotentHint: tool.idempotent,
        openWorldHint: true,
      });
      assert.deepEqual(listed.outputSchema, JSON.parse(JSON.stringify(tool.outputSchema)));
      assert.equal(toMcpTool(tool, { kind: 'sandbox', label: 'Sandbox' }).annotations?.openWorldHint, false);
    }
    assert.equal(echoedName('abc'), '"abc"');
    assert.equal(echoedName('a\u202eb'), '"a\uFFFDb"');
    const long = echoedName('x'.repeat(100));
    assert.equal(long, `"${'x'.repeat(64)}\uFFFD (100 characters)"`);
  });

  it('writes the prompts from their arguments, checked', async () => {
    const diagnoseText = JSON.stringify(getPrompt('diagnose-transaction', { id: 'abcd1234' }, true));
    assert.ok(diagnoseText.includes('exchangeTx_diagnoseTransaction with {\\"id\\": \\"abcd1234\\"}'));
    assert.throws(() => getPrompt('diagnose-transaction', {}, true), ResourceError);
    assert.throws(() => getPrompt('diagnose-transaction', { id: 'a b' }, true), ResourceError);
    const sandbox = JSON.stringify(getPrompt('integrate-fixed-rate-flow', undefined, true));
    assert.ok(sandbox.includes('0.1 BTC → ETH') && sandbox.includes('exchangeTx_advanceSandbox'));
    const account = JSON.stringify(
      getPrompt('integrate-fixed-rate-flow', { from: 'LTC', to: 'xmr', amountFrom: '2.5' }, false),
    );
    assert.ok(
      account.includes('2.5 LTC → XMR') &&
        account.includes('\\"from\\": \\"ltc\\"') &&
        !account.includes('exchangeTx_advanceSandbox'),
    );
    assert.throws(() => getPrompt('integrate-fixed-rate-flow', { amountFrom: '1e3' }, true), ResourceError);
    assert.throws(() => getPrompt('nope', {}, true), /no prompt "nope"/);
    const context = { client: undefined as never, target: { kind: 'sandbox', label: 'Sandbox' } as const };
    await assert.rejects(readResource('exchange-tx://transaction/a%20b', undefined, context), /4-64 letters/);
    await assert.rejects(readResource('exchange-tx://transaction/abcd1234', undefined, context), /not served/);
    await assert.rejects(readResource('exchange-tx://other', undefined, context), /no resource/);
    assert.match(
      (await readResource('exchange-tx://status-guide', undefined, context))[0]?.text ?? '',
      /^# Transaction statuses/,
    );
  });
});
