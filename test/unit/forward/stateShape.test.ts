/**
 * The state file's shape check (stateFile.ts) refusal by refusal, with real files: each malformed
 * member is named in the problem, the file set aside (never deleted); a missing file is no problem;
 * a folder where the file should be is an error, not a reset; a good file comes back as written.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { secretId, StateFile, STATE_VERSION } from '../../../src/forward/stateFile';

const GOOD = {
  version: STATE_VERSION,
  account: 'acc',
  secretId: undefined,
  cursor: 5,
  started: true,
  gaps: 0,
  tracked: { t: ['waiting', 1, 2, 0] },
  entries: [{ event: { id: 'e' }, lane: 't', seq: 1, state: 'waiting', attempts: 0, nextAtMs: 0 }],
};

describe('forward state file shapes', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forward-shape-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function load(value: unknown, name = 'state.json') {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(value));
    return { result: new StateFile(file).load(), file };
  }

  it('names each malformed member and sets the file aside', () => {
    const entry = GOOD.entries[0];
    const cases: [string, unknown][] = [
      ['not an object', []],
      ['not an object', null],
      ['not an object', 'text'],
      ['version 2 is not 1', { ...GOOD, version: 2 }],
      ['no account', { ...GOOD, account: 1 }],
      ['no tracked transactions', { ...GOOD, tracked: [] }],
      ['no tracked transactions', { ...GOOD, tracked: null }],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: 'x' } }],
      [
        'a tracked transaction is malformed',
        { ...GOOD, tracked: { t: { 0: 'waiting', 1: 1, 2: 2, 3: 0, length: 4 } } },
      ],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: ['waiting', 1, 2] } }],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: [1, 1, 2, 0] } }],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: ['waiting', 1.5, 2, 0] } }],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: ['waiting', 1, '2', 0] } }],
      ['a tracked transaction is malformed', { ...GOOD, tracked: { t: ['waiting', 1, 2, 2] } }],
      ['no entries', { ...GOOD, entries: {} }],
      ['an event is malformed', { ...GOOD, entries: [null] }],
      ['an event is malformed', { ...GOOD, entries: [{ ...entry, event: 'e' }] }],
      ['an event is malformed', { ...GOOD, entries: [{ ...entry, event: { id: 1 } }] }],
      ['an event is malformed', { ...GOOD, entries: [{ ...entry, lane: 1 }] }],
      ['an event is malformed', { ...GOOD, entries: [{ ...entry, seq: 1.5 }] }],
      ['an event is malformed', { ...GOOD, entries: [{ ...entry, state: 'lost' }] }],
      ['the secrets are malformed', { ...GOOD, secrets: 'x' }],
      ['the secrets are malformed', { ...GOOD, secrets: { current: 1 } }],
    ];
    cases.forEach(([problem, value], i) => {
      const { result, file } = load(value, `s${i}.json`);
      assert.equal(result.problem, problem, JSON.stringify(value));
      assert.equal(result.state, undefined);
      assert.equal(fs.existsSync(file), false, 'set aside');
      assert.ok(result.problem !== undefined && fs.readFileSync(result.setAside, 'utf8') === JSON.stringify(value));
    });
  });

  it('takes each accepted form back as written', () => {
    for (const value of [
      GOOD,
      { ...GOOD, tracked: { t: ['finished', 3, 2.5, 1] } },
      {
        ...GOOD,
        entries: [
          { ...GOOD.entries[0], state: 'failed' },
          { ...GOOD.entries[0], seq: 2, state: 'delivered' },
        ],
      },
      { ...GOOD, secrets: { current: 'x'.repeat(20) } },
    ]) {
      const { result } = load(value);
      assert.equal(result.problem, undefined);
      assert.deepEqual(result.state, JSON.parse(JSON.stringify(value)));
    }
  });

  it('has no problem with a missing file and throws on one it cannot read', () => {
    assert.deepEqual(new StateFile(path.join(dir, 'none.json')).load(), { state: undefined });
    fs.mkdirSync(path.join(dir, 'folder.json'));
    assert.throws(() => new StateFile(path.join(dir, 'folder.json')).load(), /EISDIR/);
  });

  it('names a secret by 16 hex digits of its hash', () => {
    assert.match(secretId('a secret of some length'), /^[0-9a-f]{16}$/);
  });

  it('writes owner-only into a folder it makes owner-only', () => {
    const file = path.join(dir, 'a', 'b', 'state.json');
    new StateFile(file).save(GOOD as never);
    assert.equal((fs.statSync(path.dirname(file)).mode & 0o777).toString(8), '700');
    assert.equal((fs.statSync(file).mode & 0o777).toString(8), '600');
    assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), JSON.parse(JSON.stringify(GOOD)));
  });
});
