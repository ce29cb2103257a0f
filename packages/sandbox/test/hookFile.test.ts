/** The hook file of `--state-file` read back at a start: one that names a host off this machine is refused and left as it is. */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateEventSecret } from '../../../src/shared/statusEvents';
import type { Sandbox } from '../src';
import { testSandbox } from './helpers';

describe('the hook file read at a start', () => {
  let sandbox: Sandbox;
  let dir: string;

  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 3 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-hook-file-'));
  });
  afterEach(async () => {
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a URL off this machine with the reason, sets no hook and keeps the file as it was', () => {
    const file = path.join(dir, 'ledger.json.hook.json');
    const text = JSON.stringify({
      version: 1,
      url: 'http://203.0.113.7/hooks',
      secret: generateEventSecret(),
      lastCheckMs: 0,
      emitted: 1,
      statuses: {},
      kept: [],
      entries: [{ id: 'evt_1', body: '{}', transactionId: 'abcd1234', attempts: 0 }],
    });
    fs.writeFileSync(file, text);
    const line = sandbox.hooks.persistTo(file);
    assert.match(line ?? '', /could not be read \(.*this machine.*\); no hook is set\.$/);
    assert.equal(sandbox.hooks.state().url, null);
    assert.equal(fs.readFileSync(file, 'utf8'), text, 'its waiting events kept');
  });
});
