import { strict as assert } from 'assert';
import {
  dropAccount,
  EMPTY_ACCOUNTS,
  hostDecision,
  migratedName,
  nameProblem,
  originOf,
  putAccount,
  readAccounts,
  resolveTarget,
  urlProblem,
  withHostDecision,
  writeAccounts,
} from '../../../src/features/accounts/accountModel';
import type { Account } from '../../../src/features/common/accounts';

const prod: Account = {
  id: 'a1',
  name: 'Production',
  baseUrl: 'https://api.changelly.com',
  hosts: { 'https://api.changelly.com': true },
};
const staging: Account = { id: 'b2', name: 'Staging', baseUrl: 'http://127.0.0.1:8710', hosts: {} };

describe('accounts: stored list', () => {
  it('reads what it wrote', () => {
    const list = putAccount(putAccount(EMPTY_ACCOUNTS, prod), staging);
    const json = writeAccounts({ ...list, active: 'b2' });
    assert.deepEqual(json, {
      version: 1,
      active: 'b2',
      accounts: [
        {
          id: 'a1',
          name: 'Production',
          baseUrl: 'https://api.changelly.com',
          hosts: { 'https://api.changelly.com': true },
        },
        { id: 'b2', name: 'Staging', baseUrl: 'http://127.0.0.1:8710', hosts: {} },
      ],
    });
    const back = readAccounts(JSON.parse(JSON.stringify(json)));
    assert.deepEqual(back.accounts, [prod, staging]);
    assert.equal(back.active, 'b2');
  });

  it('keeps entries and fields it does not understand when writing back', () => {
    const stored = {
      version: 2,
      futureTop: { x: 1 },
      active: 'a1',
      accounts: [
        { id: 'a1', name: 'Production', baseUrl: 'https://api.changelly.com', hosts: {}, colour: 'red' },
        { kind: 'oauth', token: 'not ours' },
        'junk',
      ],
    };
    const list = readAccounts(stored);
    assert.deepEqual(
      list.accounts.map((a) => a.id),
      ['a1'],
    );
    const renamed = putAccount(list, { ...prod, name: 'Prod', hosts: {} });
    assert.deepEqual(writeAccounts(renamed), {
      version: 1,
      futureTop: { x: 1 },
      active: 'a1',
      accounts: [
        { colour: 'red', id: 'a1', name: 'Prod', baseUrl: 'https://api.changelly.com', hosts: {} },
        { kind: 'oauth', token: 'not ours' },
        'junk',
      ],
    });
  });

  it('reads nothing from a foreign or broken value, and never throws', () => {
    for (const value of [undefined, null, 3, 'x', [], { accounts: 'no' }, { accounts: [null, 1] }]) {
      assert.deepEqual(readAccounts(value).accounts, []);
      assert.equal(readAccounts(value).active, 'sandbox');
    }
  });

  it('reads an active id that is gone as the sandbox, and a duplicate id once', () => {
    const list = readAccounts({ version: 1, active: 'zz', accounts: [prod, { ...prod, name: 'Copy' }] });
    assert.equal(list.active, 'sandbox');
    assert.deepEqual(
      list.accounts.map((a) => a.name),
      ['Production'],
    );
    assert.equal(list.kept.length, 1);
  });

  it('drops host answers that are not origins', () => {
    const list = readAccounts({
      accounts: [
        { ...prod, hosts: { 'https://api.changelly.com': true, 'https://x.test/path': true, 'https://y.test': 'yes' } },
      ],
    });
    assert.deepEqual(list.accounts[0]?.hosts, { 'https://api.changelly.com': true });
  });

  it('removing the active account makes the sandbox active', () => {
    const list = { ...putAccount(putAccount(EMPTY_ACCOUNTS, prod), staging), active: 'a1' };
    const after = dropAccount(list, 'a1');
    assert.equal(after.active, 'sandbox');
    assert.deepEqual(
      after.accounts.map((a) => a.id),
      ['b2'],
    );
  });
});

describe('accounts: names, addresses, hosts', () => {
  it('checks names', () => {
    assert.equal(nameProblem('Prod', [prod]), undefined);
    assert.equal(nameProblem('  ', []), 'empty');
    assert.equal(nameProblem('x'.repeat(61), []), 'too-long');
    assert.equal(nameProblem('a\u202eb', []), 'control-characters');
    assert.equal(nameProblem('production', [prod]), 'taken');
    assert.equal(nameProblem('production', [prod], 'a1'), undefined, 'its own name');
  });

  it('allows https anywhere and plain http to this machine only', () => {
    for (const ok of [
      'https://api.changelly.com',
      'https://api.changelly.com/v2/',
      'http://127.0.0.1:8710',
      'http://127.1.2.3',
      'http://localhost:3000',
      'http://[::1]:8080',
    ])
      assert.equal(urlProblem(ok), undefined, ok);
    assert.match(urlProblem('http://api.changelly.com') ?? '', /plain http to api\.changelly\.com: use https/);
    assert.match(urlProblem('http://10.0.0.5') ?? '', /plain http/);
    assert.match(urlProblem('http://127.0.0.1.example.com') ?? '', /plain http/);
    assert.match(urlProblem('ftp://x') ?? '', /must use http or https/);
    assert.match(urlProblem('https://u:p@x.test') ?? '', /user name or password/);
    assert.match(urlProblem('nope') ?? '', /not a valid URL/);
  });

  it('remembers answers per origin, forgets one on request', () => {
    assert.equal(originOf('https://API.changelly.com:443/v2'), 'https://api.changelly.com');
    assert.equal(hostDecision(staging), undefined);
    const yes = withHostDecision(staging, true);
    assert.deepEqual(yes.hosts, { 'http://127.0.0.1:8710': true });
    assert.equal(hostDecision(yes), true);
    const moved = { ...yes, baseUrl: 'http://127.0.0.1:9999' };
    assert.equal(hostDecision(moved), undefined, 'another port is another host');
    assert.deepEqual(withHostDecision(yes, undefined).hosts, {});
  });

  it('names a migrated account after its host, uniquely', () => {
    assert.equal(migratedName('https://api.changelly.com/v2', []), 'api.changelly.com');
    assert.equal(
      migratedName('https://api.changelly.com', [{ ...prod, name: 'api.changelly.com' }]),
      'api.changelly.com (2)',
    );
  });
});

describe('accounts: where requests go', () => {
  it('uses an account only when it exists, the workspace is trusted and it has keys', () => {
    assert.deepEqual(resolveTarget('sandbox', undefined, true, false), { kind: 'sandbox' });
    assert.deepEqual(resolveTarget('a1', prod, true, true), { kind: 'live' });
    assert.deepEqual(
      resolveTarget('a1', prod, false, true),
      { kind: 'sandbox', reason: 'restricted' },
      'Restricted Mode',
    );
    assert.deepEqual(resolveTarget('a1', prod, true, false), { kind: 'sandbox', reason: 'no-keys' });
    assert.deepEqual(resolveTarget('a1', undefined, true, true), { kind: 'sandbox', reason: 'missing' });
  });
});
