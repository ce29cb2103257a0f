/**
 * The shell helper and scenario for the control endpoint in docs/sandbox.md, run as written with real bash,
 * openssl and curl against a sandbox over real HTTP: signing with openssl is accepted, each action
 * answers as documented, a refused action fails curl, and a wrong key gets 401. Skipped (with the
 * reason printed) where bash, curl 7.55+ or openssl are missing.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { ManualClock, Sandbox } from '../src';
import {
  childEnv,
  curlUnavailable,
  holdsAny,
  keyPieces,
  runProcess,
  temporaryFolder,
  writePrivateFile,
} from '../../../test/unit/requests/processes';
import { testKeys, testSandbox } from './helpers';

/** The documented helper uses --fail-with-body (curl 7.76 and later). */
function curlWithoutFailWithBody(): string | undefined {
  const version = /^curl (\d+)\.(\d+)/.exec(spawnSync('curl', ['--version'], { encoding: 'utf8' }).stdout ?? '');
  const [major, minor] = version ? [Number(version[1]), Number(version[2])] : [0, 0];
  return major > 7 || (major === 7 && minor >= 76)
    ? undefined
    : `curl ${major}.${minor} is older than 7.76 (--fail-with-body)`;
}

/** Where the control endpoint is documented for developers. */
const SANDBOX_DOC = path.resolve(__dirname, '../../../../docs/sandbox.md');

/** The bash block after `<!-- name -->` in docs/sandbox.md. */
function documentedBlock(name: string): string {
  const text = fs.readFileSync(SANDBOX_DOC, 'utf8');
  const match = new RegExp(`<!-- ${name} -->\\n\`\`\`bash\\n([\\s\\S]*?)\`\`\``).exec(text);
  assert.ok(match, `docs/sandbox.md has a ${name} block`);
  return match[1];
}

describe('sandbox control endpoint driven by curl and openssl (the script of docs/sandbox.md)', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let folder: { path: string; remove(): void };

  before(function () {
    const reason = curlUnavailable() ?? curlWithoutFailWithBody();
    if (reason) {
      console.log(`      skipped: ${reason}`);
      this.skip();
    }
  });
  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 10 });
    folder = temporaryFolder('control-curl-');
  });
  afterEach(async () => {
    await sandbox.stop();
    folder.remove();
  });

  async function bash(
    script: string,
    keyHex: string,
  ): Promise<{ code: number | null; lines: string[]; stdout: string; stderr: string }> {
    const keyFile = path.join(folder.path, 'sandbox-key.hex');
    writePrivateFile(keyFile, `${keyHex}\n`);
    const file = path.join(folder.path, 'run.sh');
    fs.writeFileSync(file, `set -euo pipefail\n${documentedBlock('control-helper')}\n${script}\n`);
    const result = await runProcess('bash', [file], {
      cwd: folder.path,
      env: childEnv({ SANDBOX_URL: sandbox.url, SANDBOX_KEY_FILE: keyFile }),
    });
    return {
      code: result.code,
      lines: result.stdout.split('\n').filter((l) => l !== ''),
      stdout: result.stdout,
      stderr: result.stderr,
    };
  }

  it('runs the documented scenario: create, pay, skip, get, move, faults, reset, clock', async () => {
    const run = await bash(documentedBlock('control-scenario'), testKeys().aHex);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const answers = run.lines.map((line) => JSON.parse(line) as { ok: boolean; result: Record<string, unknown> });
    assert.equal(answers.length, 9, run.stdout);
    assert.ok(
      answers.every((a) => a.ok),
      run.stdout,
    );
    const [pay, skip, get, move, expired, faults, cleared, reset, clock] = answers.map((a) => a.result);
    assert.deepEqual([pay.status, pay.amountExpectedFrom], ['confirming', '0.01']);
    assert.equal(skip.nowMs, Date.UTC(2025, 0, 15, 12, 2, 0));
    assert.equal(get.status, 'finished');
    assert.equal(move.status, 'refunded');
    assert.deepEqual([expired.type, expired.status], ['fixed', 'expired']);
    assert.deepEqual(faults, { latencyMs: 300, rates: { http503: 0.5 }, next: [] });
    assert.deepEqual(cleared, { rates: {}, next: [] });
    assert.deepEqual([reset.seed, reset.size], [1, 10]);
    assert.equal(clock.now, '2025-01-15T12:02:00.000+00:00');
    assert.equal((sandbox.clock as ManualClock).now(), Date.UTC(2025, 0, 15, 12, 2, 0));
    assert.ok(!holdsAny(run.stdout + run.stderr, keyPieces(testKeys().aHex)), 'the key is not printed');
  });

  it('a refused action fails curl with the JSON error; a key the sandbox does not hold gets 401', async () => {
    const refused = await bash(`control '{"action":"move","id":"nosuchtx1","status":"hold"}'`, testKeys().aHex);
    assert.equal(refused.code, 22, 'curl --fail-with-body exits 22 on HTTP 404');
    assert.deepEqual(JSON.parse(refused.lines[0]), {
      ok: false,
      error: { code: 'not-found', message: "There is no transaction nosuchtx1 in the sandbox's ledger.", field: 'id' },
    });
    sandbox.unregisterKey(testKeys().a.apiKey);
    const unauthorized = await bash(`control '{"action":"clock"}'`, testKeys().aHex);
    assert.equal(unauthorized.code, 22);
    assert.equal(unauthorized.lines[0], 'Unauthorized');
  });
});
