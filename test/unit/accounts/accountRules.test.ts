/**
 * The account model's rules one by one, with expected values written out: which stored entries
 * read as accounts (and which are kept aside as they were), the bounds (50 accounts, 20 host
 * answers, names of 60 characters, addresses of 2,048), and the small helpers around them.
 */
import { strict as assert } from 'assert';
import {
  accountOf,
  dropAccount,
  EMPTY_ACCOUNTS,
  hostDecision,
  MAX_ACCOUNTS,
  MAX_NAME_LENGTH,
  migratedName,
  nameProblem,
  originOf,
  putAccount,
  readAccounts,
  withHostDecision,
  writeAccounts,
} from '../../../src/features/accounts/accountModel';
import { hostOf } from '../../../src/features/common/accounts';
import type { Account } from '../../../src/features/common/accounts';
import { AccountAccessError } from '../../../src/features/common/accountAccessError';

const good = { id: 'a1', name: 'Production', baseUrl: 'https://api.changelly.com', hosts: {} };

/** The accounts read from one stored entry, and what was kept aside. */
function readOne(entry: unknown): { ids: string[]; kept: number } {
  const list = readAccounts({ version: 1, active: 'sandbox', accounts: [entry] });
  return { ids: list.accounts.map((a) => a.id), kept: list.kept.length };
}

describe('accounts: which stored entries read', () => {
  it('an entry with a good id, name and address reads; each bad member keeps it aside instead', () => {
    assert.deepEqual(readOne(good), { ids: ['a1'], kept: 0 });
    const bad: Record<string, unknown>[] = [
      { id: 7 },
      { id: '' },
      { id: 'a'.repeat(65) },
      { id: 'a_1' },
      { id: 'x a1' },
      { id: 'a1 x' },
      { name: 3 },
      { name: '  ' },
      { name: 'n'.repeat(MAX_NAME_LENGTH + 1) },
      { name: 'a\u0000b' },
      { baseUrl: 5 },
      { baseUrl: `https://api.changelly.com/${'p'.repeat(2049 - 'https://api.changelly.com/'.length)}` },
      { baseUrl: 'ftp://api.changelly.com' },
      { baseUrl: 'not a url' },
    ];
    for (const change of bad)
      assert.deepEqual(readOne({ ...good, ...change }), { ids: [], kept: 1 }, JSON.stringify(change).slice(0, 80));
    assert.deepEqual(readOne({ ...good, id: 'a'.repeat(64) }).ids, ['a'.repeat(64)]);
    assert.deepEqual(readOne({ ...good, id: 'A-9' }).ids, ['A-9']);
    const longest = `https://api.changelly.com/${'p'.repeat(2048 - 'https://api.changelly.com/'.length)}`;
    assert.equal(longest.length, 2048);
    assert.deepEqual(readOne({ ...good, baseUrl: longest }).ids, ['a1'], 'an address of 2,048 characters reads');
    assert.deepEqual(
      readOne({ ...good, baseUrl: 'http://api.changelly.com' }).ids,
      ['a1'],
      'any http(s) address reads; the policy is enforced before requests',
    );
  });

  it('a name is read trimmed', () => {
    assert.equal(readAccounts({ accounts: [{ ...good, name: '  Production  ' }] }).accounts[0]?.name, 'Production');
  });

  it('host answers: only a plain object, only origins with a boolean, at most 20', () => {
    const hosts = (value: unknown) => readAccounts({ accounts: [{ ...good, hosts: value }] }).accounts[0]?.hosts;
    assert.deepEqual(hosts(['https://a.test']), {});
    assert.deepEqual(hosts('https://a.test'), {});
    assert.deepEqual(hosts({ 'https://a.test': false, 'https://b.test/': true, 'https://c.test': 1 }), {
      'https://a.test': false,
    });
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`https://h${i}.test`, true]));
    assert.deepEqual(
      Object.keys(hosts(many) ?? {}),
      Array.from({ length: 20 }, (_, i) => `https://h${i}.test`),
    );
  });

  it(`reads the first ${MAX_ACCOUNTS} entries; the rest are neither read nor kept`, () => {
    const entries = Array.from({ length: MAX_ACCOUNTS + 3 }, (_, i) => ({
      ...good,
      id: `a${i}`,
      name: `Account ${i}`,
    }));
    const list = readAccounts({ accounts: entries, active: `a${MAX_ACCOUNTS}` });
    assert.equal(list.accounts.length, MAX_ACCOUNTS);
    assert.equal(list.accounts.at(-1)?.id, `a${MAX_ACCOUNTS - 1}`);
    assert.equal(list.kept.length, 0);
    assert.equal(list.active, 'sandbox', 'an active id beyond the bound is not an account');
  });

  it('remembers unknown members only for the accounts that have some, and unknown top-level members', () => {
    const list = readAccounts({
      version: 1,
      active: 'b2',
      accounts: [
        { ...good, colour: 'red' },
        { ...good, id: 'b2', name: 'Staging' },
      ],
      later: [1],
    });
    assert.deepEqual(list.accountExtras, { a1: { colour: 'red' } });
    assert.deepEqual(list.extra, { later: [1] });
    assert.equal(list.active, 'b2');
    assert.equal(readAccounts({ active: 7, accounts: [good] }).active, 'sandbox');
  });

  it(`writes at most ${MAX_ACCOUNTS} accounts, then every kept entry`, () => {
    let list = EMPTY_ACCOUNTS;
    for (let i = 0; i < MAX_ACCOUNTS + 2; i++) list = putAccount(list, { ...good, id: `a${i}`, name: `Account ${i}` });
    const written = writeAccounts({ ...list, kept: ['junk', { kind: 'oauth' }] });
    const accounts = written.accounts as unknown[];
    assert.equal(accounts.length, MAX_ACCOUNTS + 2);
    assert.deepEqual(accounts.slice(-3), [
      { id: `a${MAX_ACCOUNTS - 1}`, name: `Account ${MAX_ACCOUNTS - 1}`, baseUrl: good.baseUrl, hosts: {} },
      'junk',
      { kind: 'oauth' },
    ]);
  });
});

describe('accounts: helpers', () => {
  const prod: Account = { ...good, hosts: { 'https://api.changelly.com': true } };

  it(`a name of ${MAX_NAME_LENGTH} characters is fine, one more is too long`, () => {
    assert.equal(nameProblem('n'.repeat(MAX_NAME_LENGTH), []), undefined);
    assert.equal(nameProblem(` ${'n'.repeat(MAX_NAME_LENGTH)} `, []), undefined, 'measured trimmed');
    assert.equal(nameProblem('n'.repeat(MAX_NAME_LENGTH + 1), []), 'too-long');
  });

  it('originOf: http and https only, read trimmed', () => {
    assert.equal(originOf('  https://api.changelly.com/v2  '), 'https://api.changelly.com');
    assert.equal(originOf('http://127.0.0.1:8710/'), 'http://127.0.0.1:8710');
    assert.equal(originOf('ftp://api.changelly.com'), undefined);
    assert.equal(originOf('file:///etc/passwd'), undefined);
    assert.equal(originOf('no url'), undefined);
  });

  it('hostOf: host and port, read trimmed; text that is no URL as it is', () => {
    assert.equal(hostOf(' https://api.changelly.com:8443/v2 '), 'api.changelly.com:8443');
    assert.equal(hostOf('no url'), 'no url');
  });

  it('migratedName: a long host cut to leave room for " (n)", counted up while taken, "Account" without a host', () => {
    const host = `${'h'.repeat(70)}.test`;
    const cut = 'h'.repeat(MAX_NAME_LENGTH - 4);
    assert.equal(migratedName(`https://${host}`, []), cut);
    const taken = (name: string): Account => ({ ...good, id: name.replace(/\W/g, ''), name });
    assert.equal(migratedName(`https://${host}`, [taken(cut), taken(`${cut} (2)`)]), `${cut} (3)`);
    assert.equal(migratedName('', []), 'Account');
  });

  it('accountOf finds an account by id, and nothing for the sandbox or an unknown id', () => {
    const list = putAccount(putAccount(EMPTY_ACCOUNTS, prod), { ...good, id: 'b2', name: 'Staging' });
    assert.equal(accountOf(list, 'b2')?.name, 'Staging');
    assert.equal(accountOf(list, 'a1')?.name, 'Production');
    assert.equal(accountOf(list, 'sandbox'), undefined);
    assert.equal(accountOf(list, 'zz'), undefined);
  });

  it('hostDecision: the answer for the current origin; none for an address that is no URL', () => {
    assert.equal(hostDecision(prod), true);
    assert.equal(hostDecision({ ...prod, hosts: { 'https://api.changelly.com': false } }), false);
    assert.equal(hostDecision({ ...prod, baseUrl: 'no url', hosts: { 'no url': true } }), undefined);
  });

  it('withHostDecision: a new answer goes last, the oldest go beyond 20, the account given is not changed', () => {
    const hosts = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`https://h${i}.test`, true]));
    const before: Account = { ...good, hosts };
    const after = withHostDecision(before, false);
    assert.deepEqual(Object.keys(after.hosts), [
      ...Array.from({ length: 19 }, (_, i) => `https://h${i + 1}.test`),
      'https://api.changelly.com',
    ]);
    assert.equal(after.hosts['https://api.changelly.com'], false);
    assert.equal(Object.keys(before.hosts).length, 20, 'the given account keeps its answers');
    const noUrl: Account = { ...good, baseUrl: 'no url' };
    assert.equal(withHostDecision(noUrl, true), noUrl);
  });

  it('putAccount replaces the account with the same id in place, or adds it last', () => {
    const list = putAccount(putAccount(EMPTY_ACCOUNTS, prod), { ...good, id: 'b2', name: 'Staging' });
    const renamed = putAccount(list, { ...prod, name: 'Prod' });
    assert.deepEqual(
      renamed.accounts.map((a) => `${a.id}:${a.name}`),
      ['a1:Prod', 'b2:Staging'],
    );
    assert.deepEqual(
      list.accounts.map((a) => `${a.id}:${a.name}`),
      ['a1:Production', 'b2:Staging'],
      'the list given is not changed',
    );
  });

  it('dropAccount forgets the account and its unknown members; another active account stays active', () => {
    const list = {
      ...putAccount(putAccount(EMPTY_ACCOUNTS, prod), { ...good, id: 'b2', name: 'Staging' }),
      active: 'b2',
      accountExtras: { a1: { colour: 'red' }, b2: { colour: 'blue' } },
    };
    const after = dropAccount(list, 'a1');
    assert.equal(after.active, 'b2');
    assert.deepEqual(after.accountExtras, { b2: { colour: 'blue' } });
    assert.deepEqual(
      list.accountExtras,
      { a1: { colour: 'red' }, b2: { colour: 'blue' } },
      'the list given is not changed',
    );
  });

  it('an access error names itself', () => {
    const error = new AccountAccessError('declined', 'You declined sending to api.changelly.com.');
    assert.equal(error.name, 'AccountAccessError');
    assert.equal(error.reason, 'declined');
    assert.ok(error instanceof Error);
  });
});
