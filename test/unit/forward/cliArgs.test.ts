/**
 * `npm run forward`'s command line read option by option (each value, each bound at and past its
 * edge, each refusal's words) and where its hooks may go (`checkHookUrl` refusal by refusal,
 * `needsAllowance`): what cli.test.ts runs end to end, here without starting anything.
 */
import { strict as assert } from 'assert';
import * as path from 'path';
import { accountIdentity, defaultStateFolder, parseForwardCli } from '../../../src/forward/cliArgs';
import { ACCOUNT_ENV, SANDBOX_ENV } from '../../../src/shared/connectionNames';
import { DEFAULT_INTERVAL_MS, DEFAULT_LOOKBACK_MS } from '../../../src/forward/forwarder';
import { checkHookUrl, HookTargetError, needsAllowance } from '../../../src/forward/target';
import { refusal, SANDBOX } from '../support/forwardCli';

function targetRefusal(
  url: string,
  allowedHost?: string,
): { message: string; reason: string; host: string | undefined } | 'accepted' {
  try {
    checkHookUrl(url, allowedHost === undefined ? undefined : { allowedHost });
  } catch (error) {
    if (error instanceof HookTargetError) return { message: error.message, reason: error.reason, host: error.host };
    throw error;
  }
  return 'accepted';
}

describe('forward CLI arguments, option by option', () => {
  it("reads every option's value", () => {
    const s = parseForwardCli(
      [
        '--to',
        'https://hooks.example.com:8443/in',
        '--allow-host',
        'hooks.example.com:8443',
        '--secret-env',
        'S',
        '--interval',
        '2500',
        '--lookback',
        '60000',
        '--emit-initial',
        '--state',
        ' st.json ',
        '--max-rps',
        '10',
      ],
      { ...SANDBOX, S: '  sixteen-chars-ok  ', [SANDBOX_ENV.apiKey]: ' api-key ' },
    );
    assert.equal(s.help, false);
    assert.equal(s.to.href, 'https://hooks.example.com:8443/in');
    assert.deepEqual(s.target, { allowedHost: 'hooks.example.com:8443' });
    assert.equal(s.mode, 'sandbox');
    assert.equal(s.baseUrl, 'http://127.0.0.1:8710');
    assert.equal(s.privateKey, 'abcd');
    assert.equal(s.apiKey, 'api-key');
    assert.equal(s.secret, 'sixteen-chars-ok', 'the secret is read trimmed');
    assert.equal(s.rotateSecret, false);
    assert.equal(s.stateFile, path.resolve('st.json'));
    assert.equal(s.maxRps, 10);
    assert.equal(s.intervalMs, 2500);
    assert.equal(s.lookbackMs, 60000);
    assert.equal(s.emitInitial, true);
  });

  it('gives the defaults when nothing is said', () => {
    const s = parseForwardCli([], { ...SANDBOX, [SANDBOX_ENV.apiKey]: '   ' });
    assert.deepEqual(s.target, {});
    assert.equal(s.apiKey, undefined, 'a blank API key is none');
    assert.equal(s.intervalMs, DEFAULT_INTERVAL_MS);
    assert.equal(s.lookbackMs, DEFAULT_LOOKBACK_MS);
    assert.equal(s.emitInitial, false);
    assert.equal(s.rotateSecret, false);
    assert.equal(s.help, false);
    assert.equal(parseForwardCli(['--rotate-secret'], SANDBOX).rotateSecret, true);
  });

  it('--help needs no keys and no sandbox', () => {
    const s = parseForwardCli(['--help'], {});
    assert.equal(s.help, true);
    assert.equal(s.baseUrl, '');
    assert.equal(s.privateKey, '');
    assert.equal(
      parseForwardCli(['--help'], { [SANDBOX_ENV.url]: 'https://api.changelly.com' }).baseUrl,
      '',
      'nor is a sandbox URL elsewhere checked',
    );
  });

  it("reads an account's URL trimmed, the service by default, from anywhere", () => {
    const env = { [ACCOUNT_ENV.privateKey]: ' k ', [ACCOUNT_ENV.url]: ' https://api.example.com ' };
    const s = parseForwardCli(['--account'], env);
    assert.equal(s.baseUrl, 'https://api.example.com');
    assert.equal(s.privateKey, 'k');
    assert.equal(s.apiKey, undefined);
    assert.equal(
      parseForwardCli(['--account'], { ...env, [ACCOUNT_ENV.url]: '  ' }).baseUrl,
      'https://api.changelly.com',
    );
  });

  it('says which variable is missing and why', () => {
    assert.equal(
      refusal(['--account'], { [ACCOUNT_ENV.privateKey]: '  ' }),
      'EXCHANGE_TX_PRIVATE_KEY is not set: the account key to poll with (--account).',
    );
    assert.equal(
      refusal([], { [SANDBOX_ENV.url]: 'http://127.0.0.1:1' }),
      'EXCHANGE_TX_SANDBOX_PRIVATE_KEY is not set: the sandbox to poll (run "Copy Sandbox Connection" and export its lines), or use --account.',
    );
    assert.equal(
      refusal([], {}),
      'EXCHANGE_TX_SANDBOX_URL is not set: the sandbox to poll (run "Copy Sandbox Connection" and export its lines), or use --account.',
    );
    assert.equal(refusal(['--secret-env', 'S'], { ...SANDBOX, S: ' ' }), 'S is not set: it is named by --secret-env.');
    assert.equal(refusal(['--secret-env', 'S']), 'S is not set: it is named by --secret-env.');
  });

  it('takes a secret of 16 characters, not 15', () => {
    assert.equal(parseForwardCli(['--secret-env', 'S'], { ...SANDBOX, S: 'x'.repeat(16) }).secret, 'x'.repeat(16));
    assert.equal(
      refusal(['--secret-env', 'S'], { ...SANDBOX, S: 'x'.repeat(15) }),
      'The secret in S must be at least 16 characters.',
    );
    assert.equal(
      refusal(['--secret-env', 'S', '--rotate-secret'], { ...SANDBOX, S: 'x'.repeat(16) }),
      '--rotate-secret rotates the secret kept in the state file; with --secret-env, change the variable instead.',
    );
  });

  it('takes whole numbers of ms from the minimum up to 12 digits', () => {
    assert.equal(parseForwardCli(['--interval', '1000'], SANDBOX).intervalMs, 1000);
    assert.equal(parseForwardCli(['--interval', '999999999999'], SANDBOX).intervalMs, 999999999999);
    assert.equal(parseForwardCli(['--lookback', '1'], SANDBOX).lookbackMs, 1);
    for (const bad of ['999', '1234567890123', 'x1000', '1000x', '', '1e4', '-5000']) {
      assert.equal(refusal([`--interval=${bad}`]), '--interval must be a whole number of ms, at least 1000.', bad);
    }
    assert.equal(refusal(['--lookback', '0']), '--lookback must be a whole number of ms, at least 1.');
  });

  it('takes --max-rps from 1 to 10 as one or two digits', () => {
    assert.equal(parseForwardCli(['--max-rps', '1'], SANDBOX).maxRps, 1);
    assert.equal(parseForwardCli(['--max-rps', '10'], SANDBOX).maxRps, 10);
    for (const bad of ['010', '3x', 'x3', '0', '11', ''])
      assert.equal(refusal([`--max-rps=${bad}`]), '--max-rps must be a whole number from 1 to 10.', bad);
  });

  it('takes --payload standard (the default) or legacy, nothing else', () => {
    assert.equal(parseForwardCli([], SANDBOX).payload, 'standard');
    assert.equal(parseForwardCli(['--payload', 'legacy'], SANDBOX).payload, 'legacy');
    assert.equal(parseForwardCli(['--payload', 'standard'], SANDBOX).payload, 'standard');
    for (const bad of ['Legacy', 'svix', ''])
      assert.equal(refusal([`--payload=${bad}`]), '--payload must be standard or legacy.', bad);
  });

  it("takes --status as a comma-separated list of the service's statuses, every change by default", () => {
    assert.equal(parseForwardCli([], SANDBOX).statuses, undefined);
    assert.deepEqual(
      [...(parseForwardCli(['--status', 'finished, failed,refunded'], SANDBOX).statuses ?? [])],
      ['finished', 'failed', 'refunded'],
    );
    assert.match(
      refusal(['--status=finished,done']),
      /^--status: "done" is not a status; the statuses are waiting, .+, expired\.$/,
    );
    assert.match(refusal(['--status=']), /--status: "" is not a status/);
    assert.match(refusal(['--status=\u001b[2Jx']), /--status: "\\u\{1B\}\[2Jx"|--status: ".*2Jx" is not a status/);
  });

  it('takes --retry-hours from 1 to 720, 24 by default', () => {
    assert.equal(parseForwardCli([], SANDBOX).retryHours, 24);
    assert.equal(parseForwardCli(['--retry-hours', '1'], SANDBOX).retryHours, 1);
    assert.equal(parseForwardCli(['--retry-hours', '720'], SANDBOX).retryHours, 720);
    for (const bad of ['0', '721', '2.5', 'x', ''])
      assert.equal(refusal([`--retry-hours=${bad}`]), '--retry-hours must be a whole number from 1 to 720.', bad);
  });

  it('refuses a blank --state, a positional argument, an unknown option, and says why', () => {
    assert.equal(refusal(['--state', '']), '--state needs a file name.');
    assert.match(refusal(['extra']), /positional/i);
    assert.match(refusal(['--bogus']), /^Unknown option '--bogus'/);
    assert.match(refusal(['--to']), /argument missing/);
  });

  it('says what is wrong with --to', () => {
    assert.equal(refusal(['--to', 'nonsense']), '--to: Not a valid URL (expected e.g. http://127.0.0.1:3000/hooks).');
  });

  it('takes a sandbox URL on this machine over http or https only, and says so', () => {
    assert.equal(refusal([], { ...SANDBOX, [SANDBOX_ENV.url]: 'https://127.0.0.1:8710' }), 'accepted');
    for (const url of ['ftp://127.0.0.1:8710', 'ws://localhost:1']) {
      assert.equal(
        refusal([], { ...SANDBOX, [SANDBOX_ENV.url]: url }),
        'EXCHANGE_TX_SANDBOX_URL must be the sandbox on this machine (http://127.0.0.1:PORT); for another service use --account.',
        url,
      );
    }
  });

  it("puts state files under the user's data folder, a blank XDG_DATA_HOME as none", () => {
    assert.equal(
      defaultStateFolder({ XDG_DATA_HOME: '  ' }, 'linux', '/h'),
      path.join('/h', '.local', 'share', 'exchange-tx', 'forward'),
    );
    assert.equal(
      defaultStateFolder({ XDG_DATA_HOME: ' /d ' }, 'linux', '/h'),
      path.join('/d', 'exchange-tx', 'forward'),
    );
    assert.equal(
      defaultStateFolder({}, 'win32', 'C:/Users/u'),
      path.join('C:/Users/u', 'AppData', 'Local', 'exchange-tx', 'forward'),
    );
    assert.equal(
      defaultStateFolder({ XDG_DATA_HOME: '/d' }, 'darwin', '/h'),
      path.join('/h', 'Library', 'Application Support', 'exchange-tx', 'forward'),
    );
  });

  it('names an account by its address without trailing slashes, and its key', () => {
    assert.equal(accountIdentity('http://127.0.0.1:8710//', 'key'), 'http://127.0.0.1:8710#key');
    assert.equal(accountIdentity('https://api.changelly.com/v2/', 'k'), 'https://api.changelly.com/v2#k');
    assert.equal(accountIdentity('https://api.changelly.com', 'k'), 'https://api.changelly.com#k');
  });
});

describe('hook targets, refusal by refusal', () => {
  it('takes a URL with spaces around it', () => {
    assert.equal(checkHookUrl('  http://127.0.0.1:3000/hooks \n').href, 'http://127.0.0.1:3000/hooks');
    assert.equal(
      checkHookUrl('https://hooks.example.com/x', { allowedHost: 'hooks.example.com' }).host,
      'hooks.example.com',
    );
  });

  it('says why each one is refused, naming the host when a host is at fault', () => {
    assert.deepEqual(targetRefusal('nope'), {
      message: 'Not a valid URL (expected e.g. http://127.0.0.1:3000/hooks).',
      reason: 'invalid',
      host: undefined,
    });
    assert.deepEqual(targetRefusal('ftp://127.0.0.1/x'), {
      message: 'The URL must use http or https, not ftp:',
      reason: 'invalid',
      host: undefined,
    });
    for (const url of ['http://user@127.0.0.1/x', 'http://:pw@127.0.0.1/x']) {
      assert.deepEqual(
        targetRefusal(url),
        { message: 'The URL must not hold a user name or password.', reason: 'invalid', host: undefined },
        url,
      );
    }
    assert.deepEqual(targetRefusal('http://127.0.0.1/x#f'), {
      message: 'The URL must not have a #fragment.',
      reason: 'invalid',
      host: undefined,
    });
    assert.deepEqual(targetRefusal('http://10.0.0.5:81/x'), {
      message: 'Plain http is allowed only to this machine (127.0.0.1, ::1, localhost), not to 10.0.0.5:81; use https.',
      reason: 'plain-http',
      host: '10.0.0.5:81',
    });
    assert.deepEqual(targetRefusal('https://10.0.0.5/x'), {
      message: '10.0.0.5 is not this machine: events go to another host only when it is explicitly allowed.',
      reason: 'host',
      host: '10.0.0.5',
    });
    const error = new HookTargetError('m', 'invalid');
    assert.equal(error.name, 'HookTargetError');
  });

  it('needs an allowance for another machine only', () => {
    assert.equal(needsAllowance(new URL('https://hooks.example.com/x')), true);
    assert.equal(needsAllowance(new URL('http://127.0.0.1:3000/x')), false);
    assert.equal(needsAllowance(new URL('http://localhost/x')), false);
  });
});
