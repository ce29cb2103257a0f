/**
 * The journal through the control endpoint (`requests`, `clearRequests`), over real HTTP with real
 * signatures, and the CLI's `--journal` lines and printed diagnoses.
 */
import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import { once } from 'events';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { ControlClient } from '../../../src/api';
import { fingerprint } from '../../../src/api/keys';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { refusal } from '../../../test/unit/support/controlRefusal';
import type { ManualClock, Sandbox } from '../src';
import { CliError, parseCli } from '../src/cliArgs';
import { post, postSigned, rpc, testKeys, testSandbox } from './helpers';

describe('the journal through the control endpoint', () => {
  let sandbox: Sandbox;
  let control: ControlClient;

  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 5 });
    control = new ControlClient({ baseUrl: sandbox.url, credentials: testKeys().a });
  });
  afterEach(async () => {
    control.dispose();
    await sandbox.stop();
  });

  it('gives the entries: "my code called createTransaction once with these params"', async () => {
    const params = {
      from: 'btc',
      to: 'eth',
      amountFrom: '0.1',
      address: '0x0123456789abcdef0123456789abcdef01234567',
    };
    await rpc(sandbox, 'getTransactions', { limit: 1 });
    await rpc(sandbox, 'createTransaction', params);
    const { entries, matched, lastSeq } = await control.run({ action: 'requests', method: 'createTransaction' });
    assert.equal(matched, 1);
    assert.equal(lastSeq, 2);
    const [entry] = entries;
    assert.deepEqual((JSON.parse(entry.body) as { params: unknown }).params, params);
    assert.deepEqual(
      [entry.seq, entry.method, entry.outcome, entry.httpStatus, entry.apiKey],
      [2, 'createTransaction', 'ok', 200, fingerprint(testKeys().a.apiKey)],
    );
  });

  it('filters by method, outcome, API key or its fingerprint, seq, time, and keeps the newest of limit', async () => {
    const clock = sandbox.clock as ManualClock;
    await rpc(sandbox, 'getCurrencies', undefined); // seq 1
    await post(sandbox.url, '{}'); // seq 2, unauthorized
    await postSigned(sandbox, testKeys().b, '{}'); // seq 3, unauthorized, key b
    clock.advance(60_000);
    const later = clock.now();
    await rpc(sandbox, 'nope', {}); // seq 4, error
    await rpc(sandbox, 'getCurrencies', undefined); // seq 5
    const seqs = async (filter: Record<string, unknown>): Promise<number[]> =>
      (await control.run({ action: 'requests', ...filter })).entries.map((e: JournalEntry) => e.seq);
    assert.deepEqual(await seqs({ method: 'getCurrencies' }), [1, 5]);
    assert.deepEqual(await seqs({ outcome: 'unauthorized' }), [2, 3]);
    assert.deepEqual(await seqs({ outcome: 'error' }), [4]);
    assert.deepEqual(await seqs({ apiKey: testKeys().b.apiKey }), [3]);
    assert.deepEqual(await seqs({ apiKey: fingerprint(testKeys().b.apiKey), outcome: 'unauthorized' }), [3]);
    assert.deepEqual(await seqs({ afterSeq: 3, method: 'getCurrencies' }), [5]);
    assert.deepEqual(await seqs({ sinceMs: later, outcome: 'error' }), [4]);
    // Each control call is journaled too, once answered: the seven above are entries 6 to 12.
    assert.deepEqual(await seqs({ limit: 2 }), [11, 12]);
    // The control client is the extension's own (its User-Agent); the helper's requests are not.
    assert.deepEqual(await seqs({ own: false }), [1, 2, 3, 4, 5]);
    assert.deepEqual(await seqs({ own: true, limit: 3 }), [12, 13, 14]);
    const diagnosed = await control.run({ action: 'requests', outcome: 'unauthorized', limit: 1 });
    assert.equal(diagnosed.entries[0].diagnosis?.code, 'api-key-unknown');
    assert.equal(diagnosed.matched, 2);
  });

  it('refuses unknown filters and bad values, naming the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ outcome: 'fine' }, 'outcome', /outcome must be one of ok, error/],
      [{ limit: 1001 }, 'limit', /from 1 to 1000/],
      [{ own: 'yes' }, 'own', /own must be true or false/],
      [{ seq: 1 }, 'seq', /Unknown field "seq"/],
    ];
    for (const [filter, field, words] of cases) {
      const error = await refusal(control.run({ action: 'requests', ...filter } as never));
      assert.deepEqual([error.code, error.field], ['invalid', field]);
      assert.match(error.controlMessage, words);
    }
  });

  it('clearRequests empties the journal; seq keeps counting', async () => {
    await rpc(sandbox, 'getCurrencies', undefined);
    await rpc(sandbox, 'getCurrencies', undefined);
    assert.deepEqual(await control.run({ action: 'clearRequests' }), { cleared: 2 });
    await rpc(sandbox, 'getCurrencies', undefined);
    const { entries } = await control.run({ action: 'requests', method: 'getCurrencies' });
    assert.deepEqual(
      entries.map((e) => e.seq),
      [4],
      'the clear itself was entry 3',
    );
  });
});

describe('the sandbox CLI and its journal', () => {
  it('reads --journal and --journal-size, and refuses a journal of no entries', () => {
    const settings = parseCli(['--journal', 'requests.jsonl', '--journal-size', '5']);
    assert.deepEqual([settings.journal, settings.journalSize], ['requests.jsonl', 5]);
    assert.equal(parseCli([]).journalSize, 1000);
    assert.throws(() => parseCli(['--journal-size', '0']), CliError);
    assert.throws(() => parseCli(['--journal', ' ']), CliError);
  });

  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-journal-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('writes each entry to --journal as a JSON line and prints the diagnosis, escaped', async function () {
    this.timeout(20_000);
    const journal = path.join(folder, 'logs', 'journal.jsonl');
    const keyFile = path.join(folder, 'key.hex');
    fs.writeFileSync(keyFile, testKeys().aHex, { mode: 0o600 });
    const cli = spawn(
      process.execPath,
      [
        path.resolve(__dirname, '../src/cli.js'),
        '--port',
        '0',
        '--size',
        '3',
        '--json',
        '--key-file',
        keyFile,
        '--journal',
        journal,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const lines = readline.createInterface({ input: cli.stdout });
      const printed: string[] = [];
      lines.on('line', (line) => printed.push(line));
      while (printed.length === 0) await once(lines, 'line');
      const { url } = JSON.parse(printed[0]) as { url: string };
      const target = { url };
      const hostile = JSON.stringify({ jsonrpc: '2.0', id: 'h', method: 'get\u001b]0;pwned\u0007Status' });
      await postSigned(target, testKeys().a, hostile);
      await postSigned(target, testKeys().a, '{"jsonrpc":"2.0","id":"ok","method":"getCurrencies"}');
      while (!printed.some((line) => line.includes('getCurrencies'))) await once(lines, 'line');
      const output = printed.join('\n');
      assert.ok(!output.includes('\u001b'), 'no escape sequence reaches the output');
      assert.match(output, /get\\u\{1b\}\]0;pwned\\u\{7\}Status {2}-32601 Method not found/);
      assert.match(output, /\n {14}method-unknown: "get\\u\{5c\}u001b\]0;pwned\\u\{5c\}u0007Status" is not a method/);
      const written = fs
        .readFileSync(journal, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as JournalEntry);
      assert.deepEqual(
        written.map((e) => [e.seq, e.method, e.outcome, e.diagnosis?.code]),
        [
          [1, 'get\u001b]0;pwned\u0007Status', 'error', 'method-unknown'],
          [2, 'getCurrencies', 'ok', undefined],
        ],
      );
      assert.equal(fs.statSync(journal).mode & 0o777, 0o600, 'owner-only');
      assert.ok(!fs.readFileSync(journal, 'utf8').includes(testKeys().a.apiKey), 'keys as fingerprints');
    } finally {
      cli.kill('SIGINT');
      await once(cli, 'exit');
    }
  });

  it('never writes the journal through a symlink planted at its path', async function () {
    this.timeout(20_000);
    const elsewhere = path.join(folder, 'elsewhere');
    fs.writeFileSync(elsewhere, 'kept');
    const journal = path.join(folder, 'journal.jsonl');
    fs.symlinkSync(elsewhere, journal);
    const cli = spawn(
      process.execPath,
      [path.resolve(__dirname, '../src/cli.js'), '--port', '0', '--journal', journal],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const [code] = (await once(cli, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.equal(fs.readFileSync(elsewhere, 'utf8'), 'kept');
  });
});
