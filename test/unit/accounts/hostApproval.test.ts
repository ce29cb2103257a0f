/**
 * The host approval: the address policy before anything is asked, the user's answer asked once per
 * account and host, kept with the account (the accounts' own pure model keeps it here), a
 * dismissed question or a no not asked again until the account is chosen again. The user's answer
 * is the only stand-in: a script of answers.
 */
import { strict as assert } from 'assert';
import { InsecureEndpointError } from '../../../src/api';
import type { Account } from '../../../src/features/common/accounts';
import { withHostDecision } from '../../../src/features/accounts/accountModel';
import { AccountAccessError } from '../../../src/features/common/accountAccessError';
import { HostApproval } from '../../../src/features/accounts/hostApproval';
import { recordingChannel } from '../log/recordingChannel';
import { testKeys } from '../../../packages/sandbox/test/helpers';

const MAIN: Account = { id: 'a1', name: 'Main', baseUrl: 'https://api.example.com', hosts: {} };
const OTHER: Account = { id: 'a2', name: 'Other', baseUrl: 'https://api.example.com', hosts: {} };

/** The accounts as the store keeps them, the questions asked and the answers given, in order. */
function setUp(answers: (boolean | undefined)[]) {
  const accounts = new Map<string, Account>([
    [MAIN.id, MAIN],
    [OTHER.id, OTHER],
  ]);
  const asked: string[] = [];
  const log = recordingChannel();
  const trust = { isTrusted: true };
  const approval = new HostApproval({
    accounts: {
      get: (id) => accounts.get(id),
      // Main has usable keys, Other none.
      credentials: (id) => Promise.resolve(id === MAIN.id ? testKeys().a : undefined),
      decideHost: (id, allowed) => {
        const account = accounts.get(id);
        if (account) accounts.set(id, withHostDecision(account, allowed));
        return Promise.resolve();
      },
    },
    trust,
    questions: {
      prompts: {
        confirmHost: (name, host) => {
          asked.push(`${name} → ${host}`);
          return Promise.resolve(answers.shift());
        },
      },
    },
    words: {
      declined: (name, host) => `not allowed: ${name} to ${host}`,
      missing: () => 'no such account',
      restricted: () => 'restricted',
      noKeys: (name) => `no keys: ${name}`,
    },
    log,
  });
  const account = (id: string): Account => accounts.get(id) ?? assert.fail(`no account ${id}`);
  return { approval, asked, log, account, trust };
}

async function declined(
  promise: Promise<unknown>,
  text = 'not allowed: Main to api.example.com',
  reason = 'declined',
): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AccountAccessError);
    assert.equal(error.reason, reason);
    assert.equal(error.message, text);
    return true;
  });
}

describe('HostApproval: signed requests to an account’s host only after the user’s yes', () => {
  it('refuses an address the policy forbids before anything is asked', async () => {
    const { approval, asked } = setUp([true]);
    const plain: Account = { ...MAIN, baseUrl: 'http://api.example.com', hosts: { 'http://api.example.com': true } };
    await assert.rejects(approval.approve(plain), InsecureEndpointError);
    assert.deepEqual(asked, [], 'not even an earlier yes lets it through, and nothing was asked');
  });

  it('asks once; a yes is kept with the account for its host and not asked again', async () => {
    const { approval, asked, log, account } = setUp([true]);
    await approval.approve(account('a1'));
    assert.deepEqual(asked, ['Main → api.example.com']);
    assert.deepEqual(account('a1').hosts, { 'https://api.example.com': true });
    await approval.approve(account('a1'));
    await approval.approve(account('a1'), false);
    assert.equal(asked.length, 1, 'asked once');
    assert.deepEqual(log.lines, ['allowed signed requests for "Main" to api.example.com']);
  });

  it('keeps a no and refuses without asking, until the account is chosen again', async () => {
    const { approval, asked, log, account } = setUp([false, true]);
    await declined(approval.approve(account('a1')));
    assert.deepEqual(account('a1').hosts, { 'https://api.example.com': false });
    await declined(approval.approve(account('a1')));
    assert.equal(asked.length, 1, 'the no is remembered');
    await approval.askAgain(account('a1'));
    assert.deepEqual(account('a1').hosts, {}, 'chosen again: the no is forgotten');
    await approval.approve(account('a1'));
    assert.equal(asked.length, 2, 'and asked again');
    assert.deepEqual(log.lines, [
      'refused signed requests for "Main" to api.example.com',
      'allowed signed requests for "Main" to api.example.com',
    ]);
  });

  it('remembers a dismissed question for the session (nothing kept), until the account is chosen again', async () => {
    const { approval, asked, account } = setUp([undefined, true]);
    await declined(approval.approve(account('a1')));
    assert.deepEqual(account('a1').hosts, {}, 'a dismissal is no answer to keep');
    await declined(approval.approve(account('a1')));
    assert.equal(asked.length, 1, 'not asked again in this session');
    await approval.askAgain(account('a1'));
    await approval.approve(account('a1'));
    assert.equal(asked.length, 2);
    assert.deepEqual(account('a1').hosts, { 'https://api.example.com': true });
  });

  it('asks per account and per host', async () => {
    const { approval, asked, account } = setUp([undefined, true, true]);
    await declined(approval.approve(account('a1')));
    await approval.approve(account('a2'));
    const moved = { ...account('a1'), baseUrl: 'https://other.example.com' };
    await approval.approve(moved);
    assert.deepEqual(asked, ['Main → api.example.com', 'Other → api.example.com', 'Main → other.example.com']);
  });

  it('asks nothing when told not to: an account not allowed before is refused', async () => {
    const { approval, asked, account } = setUp([true]);
    await declined(approval.approve(account('a1'), false));
    assert.deepEqual(asked, []);
    assert.deepEqual(account('a1').hosts, {});
  });

  it('gives an account not in use with its keys only when it exists, the workspace is trusted and its keys are usable', async () => {
    const { approval, asked, trust } = setUp([]);
    const usable = await approval.usable('a1');
    assert.equal(usable.account.id, 'a1');
    assert.equal(usable.credentials.apiKey, testKeys().a.apiKey);
    await declined(approval.usable('gone'), 'no such account', 'missing');
    await declined(approval.usable('a2'), 'no keys: Other');
    trust.isTrusted = false;
    await declined(approval.usable('a1'), 'restricted');
    assert.deepEqual(asked, [], 'nothing is asked');
  });
});
