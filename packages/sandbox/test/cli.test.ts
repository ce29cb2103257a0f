import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ControlClient } from '../../../src/api';
import { loadCredentials } from '../../../src/api/keys';
import { CliError, DEFAULT_CLI_PORT, parseCli, SPREAD_FAULTS } from '../src/cliArgs';
import { post, postSigned, testKeys } from './helpers';

describe('sandbox CLI', () => {
  it('has defaults for everything', () => {
    const s = parseCli([]);
    assert.equal(s.port, DEFAULT_CLI_PORT);
    assert.equal(s.seed, undefined, 'no seed: the ledger is seed 1, the issued ids random');
    assert.equal(s.size, 300);
    assert.equal(s.rateLimit, 10);
    assert.equal(s.quiet, false);
    assert.equal(s.help, false);
    assert.equal(s.privateKey, undefined);
    assert.deepEqual(s.faults.rates, {});
  });

  it('reads every flag', () => {
    const s = parseCli([
      '--port',
      '0',
      '--seed',
      '7',
      '--size',
      '50',
      '--rate-limit',
      '0',
      '--latency',
      '100',
      '--jitter',
      '20',
      '--fault-rate',
      '0.7',
      '--hang',
      '0.05',
      '--slow',
      '0.1',
      '--slow-ms',
      '20000',
      '--hostile',
      '0.2',
      '--private-key',
      'abcd',
      '--quiet',
    ]);
    assert.equal(s.port, 0);
    assert.equal(s.seed, 7);
    assert.equal(s.size, 50);
    assert.equal(s.rateLimit, false);
    assert.equal(s.faults.latencyMs, 100);
    assert.equal(s.faults.latencyJitterMs, 20);
    assert.equal(s.faults.slowMs, 20000);
    assert.equal(s.faults.hostile, 0.2);
    for (const kind of SPREAD_FAULTS) assert.ok(Math.abs((s.faults.rates?.[kind] ?? 0) - 0.1) < 1e-12, kind);
    assert.equal(s.faults.rates?.hang, 0.05);
    assert.equal(s.faults.rates?.slow, 0.1);
    assert.equal(s.privateKey, 'abcd');
    assert.equal(s.quiet, true);
    assert.equal(parseCli([], { SANDBOX_PRIVATE_KEY: 'from-env' }).privateKey, 'from-env');
    assert.equal(parseCli(['--help']).help, true);
    const files = parseCli(['--key-file', 'k.hex', '--state-file', 's.json', '--print-key']);
    assert.deepEqual([files.keyFile, files.stateFile, files.printKey], ['k.hex', 's.json', true]);
    const fromEnv = parseCli([], { SANDBOX_KEY_FILE: 'env.hex', SANDBOX_STATE_FILE: 'env.json' });
    assert.deepEqual([fromEnv.keyFile, fromEnv.stateFile, fromEnv.printKey], ['env.hex', 'env.json', false]);
  });

  it('refuses a key given two ways and empty file names', () => {
    assert.throws(() => parseCli(['--key-file', 'k.hex'], { SANDBOX_PRIVATE_KEY: 'abcd' }), /one way/);
    assert.throws(() => parseCli(['--key-file', ' ']), CliError);
    assert.throws(() => parseCli(['--state-file=']), CliError);
  });

  it('refuses unknown flags and bad values', () => {
    for (const argv of [
      ['--nope'],
      ['--port', 'x'],
      ['--port', '70000'],
      ['--fault-rate', '2'],
      ['--size', '-1'],
      ['--latency', ''],
      ['extra'],
    ]) {
      assert.throws(() => parseCli(argv), CliError, argv.join(' '));
    }
  });

  it('starts, prints a working key, signed request and signing command, and stops cleanly on SIGINT', async function () {
    this.timeout(15_000);
    const cli = await startCli(['--port', '0', '--size', '20', '--quiet', '--print-key'], {});
    try {
      const out = cli.output();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const apiKey = /API key:\s+(\S+)/.exec(out)?.[1];
      const privateKey = /Private key:\s+([0-9a-f]+)/.exec(out)?.[1];
      assert.ok(url && apiKey && privateKey, out);
      assert.equal(loadCredentials(privateKey).apiKey, apiKey, 'the API key belongs to the private key');
      assert.ok(
        out.includes(`Run "Exchange Tx: Add Account…" with the base URL ${url} and the private key above.`),
        out,
      );
      assert.doesNotMatch(out, /exchangeTx\.baseUrl|Set API Keys/);
      const curl = /curl -s (\S+) .*-H 'X-Api-Key: ([^']+)' -H 'X-Api-Signature: ([^']+)' --data-raw '([^']+)'/.exec(
        out,
      );
      assert.ok(curl, out);
      const answer = await post(url, curl[4], {
        path: curl[1],
        headers: { 'X-Api-Key': curl[2], 'X-Api-Signature': curl[3] },
      });
      assert.equal(answer.status, 200, answer.text);
      assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 2);
      const command = /^ {2}URL=(\S+) SANDBOX_PRIVATE_KEY=([0-9a-f]+) node -e '([^']+)' (\S+)$/m.exec(out);
      assert.ok(command, out);
      assert.deepEqual([command[1], command[2]], [url, privateKey]);
      assertStatusAnswer(await runSigner(command[3], command[4], { URL: url, SANDBOX_PRIVATE_KEY: privateKey }));
    } finally {
      assert.equal(await cli.stop(), 0);
    }
    assert.match(cli.output(), /Sandbox stopped\./);
  });

  it('answers a method given to --disable-method with -32601 Method not found, and says so', async function () {
    this.timeout(15_000);
    const cli = await startCli(
      ['--port', '0', '--size', '0', '--quiet', '--print-key', '--disable-method', 'getPairsParams'],
      {},
    );
    try {
      const out = cli.output();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const privateKey = /Private key:\s+([0-9a-f]+)/.exec(out)?.[1];
      assert.ok(url && privateKey, out);
      assert.ok(out.includes('answering getPairsParams with -32601 "Method not found"'), out);
      const credentials = loadCredentials(privateKey);
      const call = async (method: string, params: unknown): Promise<unknown> => {
        const answer = await postSigned(
          { url },
          credentials,
          JSON.stringify({ jsonrpc: '2.0', id: 'c1', method, params }),
        );
        return JSON.parse(answer.text);
      };
      assert.deepEqual(await call('getPairsParams', [{ from: 'btc', to: 'eth' }]), {
        jsonrpc: '2.0',
        id: 'c1',
        error: { code: -32601, message: 'Method not found' },
      });
      const estimate = (await call('getExchangeAmount', { from: 'btc', to: 'eth', amountFrom: '1' })) as {
        result?: unknown[];
      };
      assert.equal(estimate.result?.length, 1);
    } finally {
      assert.equal(await cli.stop(), 0);
    }
  });

  it('prints no generated key unless asked, nor anything signed with it', async function () {
    this.timeout(15_000);
    const cli = await startCli(['--port', '0', '--size', '5', '--quiet'], {});
    const out = cli.output();
    assert.equal(await cli.stop(), 0);
    assert.match(out, /Private key: {2}generated for this run and not printed; start with --key-file FILE/);
    assert.match(out, /Control: {6}POST http:\/\/127\.0\.0\.1:\d+\/sandbox\/control/);
    assert.doesNotMatch(out, /[0-9a-f]{64,}/, 'no hex key');
    assert.doesNotMatch(out, /curl|X-Api-Signature:/);
  });

  it('keeps the key in a key file and the ledger in a state file across runs, and the control endpoint changes it', async function () {
    this.timeout(30_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-cli-'));
    try {
      const keyFile = path.join(folder, 'sandbox-key.hex');
      const stateFile = path.join(folder, 'ledger.json');
      const first = await startCli(
        ['--port', '0', '--size', '5', '--quiet', '--key-file', keyFile, '--state-file', stateFile],
        {},
      );
      let id: string;
      let url: string;
      try {
        const out = first.output();
        url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
        assert.ok(out.includes(`Private key:  in ${keyFile} (created now, readable by you only)`), out);
        assert.ok(out.includes(`State:        ${stateFile} (new; written after each change)`), out);
        assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
        const credentials = loadCredentials(fs.readFileSync(keyFile, 'utf8').trim());
        assert.ok(out.includes(`API key:      ${credentials.apiKey}`), out);
        assert.doesNotMatch(out, /[0-9a-f]{64,}/, 'the key is not printed');
        const control = new ControlClient({ baseUrl: url, credentials });
        const created = await control.create({ status: 'hold' });
        id = created.id;
        const skipped = await control.skip(60_000);
        assert.equal(skipped.skippedMs, 60_000);
        control.dispose();
      } finally {
        assert.equal(await first.stop(), 0);
      }
      const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
        version: number;
        skippedMs: number;
        transactions: { id: string }[];
      };
      assert.equal(saved.version, 1);
      assert.equal(saved.skippedMs, 60_000);
      assert.deepEqual(
        saved.transactions.map((t) => t.id),
        [id],
      );

      const second = await startCli(
        ['--port', '0', '--size', '5', '--quiet', '--key-file', keyFile, '--state-file', stateFile],
        {},
      );
      try {
        const out = second.output();
        assert.ok(out.includes(`Private key:  in ${keyFile}\n`), out);
        assert.ok(out.includes(`State:        ${stateFile}: 1 transactions restored`), out);
        const again = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
        const control = new ControlClient({
          baseUrl: again,
          credentials: loadCredentials(fs.readFileSync(keyFile, 'utf8').trim()),
        });
        assert.equal((await control.get(id)).status, 'hold');
        assert.ok((await control.clock()).skippedMs >= 60_000, 'the skip is restored with the ledger');
        control.dispose();
      } finally {
        assert.equal(await second.stop(), 0);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('starts with a new ledger when the state file is not a snapshot', async function () {
    this.timeout(15_000);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-cli-'));
    try {
      const stateFile = path.join(folder, 'ledger.json');
      fs.writeFileSync(stateFile, '{"version": 99}');
      const cli = await startCli(['--port', '0', '--size', '5', '--quiet', '--state-file', stateFile], {});
      const out = cli.output();
      assert.equal(await cli.stop(), 0);
      assert.equal(fs.readFileSync(stateFile, 'utf8'), '{"version": 99}', 'nothing changed, nothing written');
      assert.ok(
        out.includes(
          `State:        ${stateFile} was not restored (The snapshot's version is not 1.); a new ledger is used`,
        ),
        out,
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  const given: [string, () => { text: string; argv: string[]; env: Record<string, string> }][] = [
    [
      'hex in SANDBOX_PRIVATE_KEY',
      () => ({ text: testKeys().aHex, argv: [], env: { SANDBOX_PRIVATE_KEY: testKeys().aHex } }),
    ],
    [
      'PEM in --private-key',
      () => {
        const pem = testKeys().a.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
        return { text: pem, argv: [`--private-key=${pem}`], env: {} };
      },
    ],
  ];
  for (const [label, make] of given) {
    it(`prints neither a key it was given (${label}) nor anything signed with it, and its command reads the key from the environment`, async function () {
      this.timeout(15_000);
      const key = make();
      const { apiKey } = testKeys().a;
      const cli = await startCli(['--port', '0', '--size', '20', ...key.argv], key.env);
      let out: string;
      try {
        const printed = cli.output();
        const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
        assert.ok(url, printed);
        assert.ok(
          printed.includes(`API key:      ${apiKey.slice(0, 6)}…${apiKey.slice(-4)} (derived from it)`),
          printed,
        );
        assert.ok(
          printed.includes(`Run "Exchange Tx: Add Account…" with the base URL ${url} and the private key you gave.`),
          printed,
        );
        const command = /^ {2}URL=(\S+) node -e '([^']+)' (\S+)$/m.exec(printed);
        assert.ok(command, printed);
        assert.equal(command[1], url);
        assertStatusAnswer(await runSigner(command[2], command[3], { URL: url, SANDBOX_PRIVATE_KEY: key.text }));
        while (!cli.output().includes('getStatus')) await cli.next();
      } finally {
        assert.equal(await cli.stop(), 0);
        out = cli.output();
      }
      assert.match(out, /getStatus {2}ok {2}\(HTTP 200\)/, 'the signed command was answered (the CLI logged it)');
      assert.ok(!out.includes(apiKey), 'the full API key is not printed');
      const secret = key.text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
      for (let i = 0; i + 40 <= secret.length; i++)
        assert.ok(!out.includes(secret.slice(i, i + 40)), `a piece of the key at ${i} is printed`);
      assert.doesNotMatch(out, /[A-Za-z0-9+/]{342}={0,2}/, 'no base64 signature (344 characters) is printed');
      assert.doesNotMatch(out, /[A-Za-z0-9+/=]{64,}/, 'no long base64 or hex run at all');
      assert.doesNotMatch(out, /curl|X-Api-Signature:/);
    });
  }
});

interface RunningCli {
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Resolves when more is printed. */
  next(): Promise<void>;
  /** Sends SIGINT; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Runs the compiled CLI with `argv` and, of this process's environment, none of SANDBOX_PRIVATE_KEY but `env`'s; resolves once it is ready. */
async function startCli(argv: readonly string[], env: Readonly<Record<string, string>>): Promise<RunningCli> {
  const cli = path.resolve(__dirname, '../src/cli.js');
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'SANDBOX_PRIVATE_KEY'));
  const child = spawn(process.execPath, [cli, ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  let out = '';
  let waiting: (() => void) | undefined;
  const take = (chunk: Buffer): void => {
    out += chunk.toString();
    waiting?.();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running: RunningCli = {
    output: () => out,
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
    stop: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
  try {
    while (!out.includes('Ctrl+C stops the sandbox.')) {
      const ended = await Promise.race([running.next().then(() => false), exited.then(() => true)]);
      if (ended) throw new Error(`the CLI exited: ${out}`);
    }
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

/** Runs a printed signing one-liner with `env` and the id given; resolves with what it printed. */
function runSigner(source: string, id: string, env: Readonly<Record<string, string>>): Promise<string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'SANDBOX_PRIVATE_KEY'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', source, id], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...inherited, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the one-liner exited with ${code}: ${out}`)),
    );
  });
}

/** A getStatus answer with a status as its result. */
function assertStatusAnswer(text: string): void {
  const answer = JSON.parse(text) as { jsonrpc: string; id: string; result: unknown };
  assert.deepEqual([answer.jsonrpc, answer.id, typeof answer.result], ['2.0', '1', 'string'], text);
}
