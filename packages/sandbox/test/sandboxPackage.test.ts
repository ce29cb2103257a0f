/**
 * The sandbox as an npm package (scripts/packSandbox.ts): packed, installed from its tarball into
 * an empty folder with nothing else (offline: it has no dependencies), started through its bin
 * with `--json`, and used by the clients written from the service's documentation, as a
 * backend's CI would.
 */
import { strict as assert } from 'assert';
import type { ChildProcessWithoutNullStreams } from 'child_process';
import { spawn } from 'child_process';
import { once } from 'events';
import * as fs from 'fs';
import { builtinModules } from 'module';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { BIN_NAME, PACKAGE_DIR, PACKAGE_NAME, packSandbox } from '../../../scripts/packSandbox';
import { ControlClient } from '../../../src/api';
import { loadCredentials } from '../../../src/api/keys';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { METHODS } from '../src';
import { childEnv, runProcess } from '../../../test/unit/requests/processes';
import { everyMethod, nodeClient, pythonClient } from './docsClientRuns';

interface JsonLine {
  readonly url: string;
  readonly apiKey: string;
  readonly seed: number;
  readonly privateKey: string;
}

describe('the sandbox package (npm run pack:sandbox)', function () {
  this.timeout(180_000);
  let work: string;
  let tarball: string;
  let project: string;
  let child: ChildProcessWithoutNullStreams | undefined;
  let line: JsonLine;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-package-'));
    tarball = await packSandbox(path.join(work, 'packed'));
    project = path.join(work, 'project');
    fs.mkdirSync(project);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = await runProcess(
      npm,
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball],
      { cwd: project, env: childEnv(), timeoutMs: 120_000 },
    );
    assert.equal(install.code, 0, install.stderr);
  });

  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await once(child, 'exit');
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('is one bundle, a README and the licence, and depends on nothing', () => {
    assert.match(path.basename(tarball), /^exchange-tx-sandbox-\d+\.\d+\.\d+\.tgz$/);
    const installed = path.join(project, 'node_modules', PACKAGE_NAME);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.deepEqual(manifest.bin, { [BIN_NAME]: `bin/${BIN_NAME}.js` });
    const own = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const key of ['name', 'version', 'bin', 'files', 'engines'])
      assert.deepEqual(manifest[key], own[key], `${key} is packages/sandbox/package.json's`);
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'])
      assert.equal(manifest[key], undefined, key);
    assert.deepEqual(
      fs.readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.')),
      [PACKAGE_NAME],
      'nothing else installed',
    );
    assert.deepEqual(fs.readdirSync(installed).sort(), ['LICENSE', 'README.md', 'bin', 'package.json']);
    const readme = fs.readFileSync(path.join(installed, 'README.md'), 'utf8');
    assert.match(readme, /npx exchange-tx-sandbox/);
    const code = fs.readFileSync(path.join(installed, 'bin', `${BIN_NAME}.js`), 'utf8');
    assert.ok(code.startsWith('#!/usr/bin/env node\n'));
    const required = new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    const builtins = new Set(builtinModules);
    for (const name of required)
      assert.ok(builtins.has(name.replace(/^node:/, '')), `requires only Node's own modules, not ${name}`);
    assert.doesNotMatch(code, /require\("vscode"\)/);
  });

  it('starts from its bin with --json: one line with the URL and a key that signs for it, once it answers', async () => {
    const bin = path.join(project, 'node_modules', '.bin', BIN_NAME);
    child = spawn(bin, ['--port', '0', '--print-key', '--json', '--quiet', '--journal', journalFile()], {
      cwd: project,
      env: childEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const [first] = (await once(readline.createInterface({ input: child.stdout }), 'line')) as [string];
    line = JSON.parse(first) as JsonLine;
    assert.match(line.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(loadCredentials(line.privateKey).apiKey, line.apiKey, "the API key is the private key's");
    assert.equal(line.seed, 1);
    const answer = await fetch(`${line.url}/v2`, { method: 'POST', body: '{}' });
    assert.equal(answer.status, 401, 'up: an unsigned request is refused');
  });

  const journalFile = (): string => path.join(work, 'journal.jsonl');

  /** The journal's lines written so far by the packed CLI's --journal. */
  function journaled(): JournalEntry[] {
    return fs
      .readFileSync(journalFile(), 'utf8')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => JSON.parse(text) as JournalEntry);
  }

  it('the Node client written from the documentation calls every method of the installed package', async () => {
    assert.ok(line, 'started');
    const before = journaled().length;
    const called = await everyMethod(nodeClient(), line.url, line.privateKey);
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort());
    const lines = journaled().slice(before);
    assert.deepEqual(
      lines.map((e) => [e.method, e.outcome, e.diagnosis?.code]),
      called.map((method) => [method, 'ok', undefined]),
      'each call journaled as accepted, in --journal',
    );
    const control = new ControlClient({ baseUrl: line.url, credentials: loadCredentials(line.privateKey) });
    try {
      const read = await control.run({ action: 'requests', method: 'createTransaction' });
      assert.deepEqual(
        read.entries.map((e) => [e.seq, e.outcome]),
        lines.filter((e) => e.method === 'createTransaction').map((e) => [e.seq, 'ok']),
        'the same entries through the control endpoint',
      );
    } finally {
      control.dispose();
    }
  });

  it('the Python client written from the documentation calls every method of the installed package', async function () {
    const client = pythonClient();
    if ('reason' in client) {
      console.log(`      skipped: ${client.reason}`);
      this.skip();
    }
    const before = journaled().length;
    const called = await everyMethod(client, line.url, line.privateKey);
    assert.deepEqual([...new Set(called)].sort(), [...METHODS].sort());
    assert.deepEqual(
      journaled()
        .slice(before)
        .filter((e) => e.path === '/v2')
        .map((e) => [e.method, e.outcome, e.diagnosis?.code]),
      called.map((method) => [method, 'ok', undefined]),
      'each call journaled as accepted, in --journal',
    );
  });

  it('stops on SIGINT', async () => {
    assert.ok(child);
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  });
});
