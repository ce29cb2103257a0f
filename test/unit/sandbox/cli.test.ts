import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { loadCredentials } from '../../../src/api/keys';
import { CliError, DEFAULT_CLI_PORT, parseCli, SPREAD_FAULTS } from '../../../src/sandbox/cliArgs';
import { post } from './helpers';

describe('sandbox CLI', () => {
  it('has defaults for everything', () => {
    const s = parseCli([]);
    assert.equal(s.port, DEFAULT_CLI_PORT);
    assert.equal(s.seed, 1);
    assert.equal(s.size, 300);
    assert.equal(s.rateLimit, 10);
    assert.equal(s.quiet, false);
    assert.equal(s.help, false);
    assert.equal(s.privateKey, undefined);
    assert.deepEqual(s.faults.rates, {});
  });

  it('reads every flag', () => {
    const s = parseCli(
      ['--port', '0', '--seed', '7', '--size', '50', '--rate-limit', '0', '--latency', '100', '--jitter', '20', '--fault-rate', '0.7',
        '--hang', '0.05', '--slow', '0.1', '--slow-ms', '20000', '--hostile', '0.2', '--private-key', 'abcd', '--quiet'],
    );
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
  });

  it('refuses unknown flags and bad values', () => {
    for (const argv of [['--nope'], ['--port', 'x'], ['--port', '70000'], ['--fault-rate', '2'], ['--size', '-1'], ['--latency', ''], ['extra']]) {
      assert.throws(() => parseCli(argv), CliError, argv.join(' '));
    }
  });

  it('starts, prints a working key and signed request, and stops cleanly on SIGINT', async function () {
    this.timeout(15_000);
    const cli = path.resolve(__dirname, '../../../src/sandbox/cli.js');
    const child = spawn(process.execPath, [cli, '--port', '0', '--size', '20', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 10_000;
      while (!out.includes('Ctrl+C stops') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const apiKey = /API key:\s+(\S+)/.exec(out)?.[1];
      const privateKey = /Private key:\s+([0-9a-f]+)/.exec(out)?.[1];
      assert.ok(url && apiKey && privateKey, out);
      assert.equal(loadCredentials(privateKey).apiKey, apiKey, 'the API key belongs to the private key');
      assert.match(out, /exchangeTx\.baseUrl/);
      assert.match(out, /Exchange Tx: Set API Keys/);
      const curl = /curl -s (\S+) .*-H 'X-Api-Key: ([^']+)' -H 'X-Api-Signature: ([^']+)' --data-raw '([^']+)'/.exec(out);
      assert.ok(curl, out);
      const answer = await post(url, curl[4], { path: curl[1], headers: { 'X-Api-Key': curl[2], 'X-Api-Signature': curl[3] } });
      assert.equal(answer.status, 200, answer.text);
      assert.equal((JSON.parse(answer.text) as { result: unknown[] }).result.length, 2);
    } finally {
      child.kill('SIGINT');
    }
    assert.equal(await exited, 0);
    assert.match(out, /Sandbox stopped\./);
  });
});
