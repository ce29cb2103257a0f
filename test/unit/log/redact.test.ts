/**
 * `redact()` is the log's last line of defence: whatever reaches the channel passes through it.
 * Expected lines are written out here; a key made by the real key generator is checked too, with
 * assertion messages that never print it (a failing test must not leak what it guards).
 */
import { strict as assert } from 'assert';
import { RecentLog, redact, tagged } from '../../../src/features/common/log';
import { registeredKeys } from '../../secrets/registry';
import { signBody, loadCredentials } from '../../../src/api/keys';
import { recordingChannel } from './recordingChannel';

/** 80 characters of base64 alphabet (letters, digits, `+`, `/`). */
const BASE64_80 = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7+/abcdefghijklmnopqrstuvwxyz';
/** 64 hex digits. */
const HEX_64 = '308204bd020100300d06092a864886f70d0101010500048204a7308204a30201';

describe('redact', () => {
  it('the fixtures have the lengths the rules are about', () => {
    assert.equal(BASE64_80.length, 80);
    assert.equal(HEX_64.length, 64);
  });

  it('replaces a PEM block, header to footer, by one marker and keeps the text around it', () => {
    const text =
      'key: -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEF\nAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY----- end';
    assert.equal(redact(text), 'key: [redacted key] end');
  });

  it('replaces an RSA PEM block and one whose footer is missing (cut off: everything after the header goes)', () => {
    assert.equal(
      redact('a -----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY----- b'),
      'a [redacted key] b',
    );
    assert.equal(redact('a -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq and the rest'), 'a [redacted key]');
  });

  it('replaces two PEM blocks separately, keeping what is between them', () => {
    assert.equal(
      redact(
        '-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY----- and -----BEGIN PRIVATE KEY-----\ny\n-----END PRIVATE KEY-----',
      ),
      '[redacted key] and [redacted key]',
    );
  });

  it('replaces a base64 run of 80 characters or more, with its padding', () => {
    assert.equal(redact(`signature ${BASE64_80} sent`), 'signature [redacted] sent');
    assert.equal(redact(`sig=${BASE64_80}AB==;`), 'sig=[redacted];');
  });

  it('keeps a base64 run of 79 characters (an API key of 44 is not a long secret)', () => {
    const run79 = BASE64_80.slice(0, 79);
    assert.equal(redact(`x ${run79} y`), `x ${run79} y`);
    assert.equal(
      redact('api key Q2hhbmdlbGx5IGlzIGEgc2ltdWxhdGVkIHNlcnZpY2U='),
      'api key Q2hhbmdlbGx5IGlzIGEgc2ltdWxhdGVkIHNlcnZpY2U=',
    );
  });

  it('replaces a hex run of 64 digits or more, upper or lower case, and keeps one of 63', () => {
    assert.equal(redact(`private ${HEX_64} key`), 'private [redacted] key');
    assert.equal(redact(`private ${HEX_64.toUpperCase()}`), 'private [redacted]');
    assert.equal(redact(`id ${HEX_64.slice(0, 63)}.`), `id ${HEX_64.slice(0, 63)}.`);
  });

  it('leaves ordinary log lines exactly as they were', () => {
    const line = 'getTransactions {"limit":50,"offset":0} → ok in 12 ms (attempt 2)';
    assert.equal(redact(line), line);
    assert.equal(redact(''), '');
    assert.equal(redact('id abc123def456ghi7 status finished'), 'id abc123def456ghi7 status finished');
  });

  it('removes a real private key (hex DER, and PEM) and a real signature', () => {
    const keys = registeredKeys();
    const credentials = loadCredentials(keys.privateKeyHex);
    const signature = signBody(credentials.privateKey, Buffer.from('{"jsonrpc":"2.0"}'));
    const pem = credentials.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const cases = [
      ['hex key', keys.privateKeyHex, 'before [redacted] after'],
      ['PEM key', pem, 'before [redacted key]\n after'],
      ['signature', signature, 'before [redacted] after'],
    ] as const;
    for (const [name, secret, expected] of cases) {
      // Compared without assert.equal, whose failure message would print the secret.
      assert.ok(
        redact(`before ${secret} after`) === expected,
        `${name}: redact() did not give ${JSON.stringify(expected)}`,
      );
    }
  });
});

describe('the log redacts every line it is given', () => {
  it('tagged(): each level reaches the channel tagged and redacted', () => {
    const channel = recordingChannel();
    const log = tagged(channel, 'lookup');
    log.trace(`t ${HEX_64}`);
    log.debug(`d ${BASE64_80}`);
    log.info('i -----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----');
    log.warn(`w ${HEX_64}`);
    log.error(`e ${HEX_64}`);
    log.error(new Error(`boom ${BASE64_80}`));
    assert.deepEqual(channel.lines, [
      '[lookup] t [redacted]',
      '[lookup] d [redacted]',
      '[lookup] i [redacted key]',
      '[lookup] w [redacted]',
      '[lookup] e [redacted]',
      '[lookup] boom [redacted]',
    ]);
  });

  it('RecentLog: the channel and the kept lines both get the redacted text', () => {
    const channel = recordingChannel();
    const log = new RecentLog(channel, 3);
    log.trace(`a ${HEX_64}`);
    log.debug('b plain');
    log.info(`c ${BASE64_80}`);
    log.warn(`d ${HEX_64}`);
    log.error(new Error(`e ${HEX_64}`));
    assert.deepEqual(channel.lines, ['a [redacted]', 'b plain', 'c [redacted]', 'd [redacted]', 'e [redacted]']);
    assert.deepEqual(log.recent, ['info c [redacted]', 'warn d [redacted]', 'error e [redacted]']);
  });
});
