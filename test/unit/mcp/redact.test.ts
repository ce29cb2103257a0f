/**
 * The MCP server's key redactor, exactly: a key's PEM as it would be echoed (its body lines
 * replaced, its armour lines kept), the key text as given in every line ending, the longest secret
 * first (a whole PEM is one replacement, not one a line), short texts left alone, nothing else
 * touched.
 */
import { strict as assert } from 'assert';
import { loadCredentials } from '../../../src/api/keys';
import { REDACTED, redactorOf } from '../../../src/mcp/redact';
import { registeredKeys } from '../../secrets/registry';

describe('MCP key redactor', () => {
  const keys = registeredKeys();
  const credentials = loadCredentials(keys.privateKeyHex);

  it("replaces each body line of the key's PEM forms and keeps the armour lines", () => {
    const redact = redactorOf([credentials]);
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      const pem = String(credentials.privateKey.export({ format: 'pem', type })).trimEnd();
      const expected = pem
        .split('\n')
        .map((line) => (line.startsWith('-----') ? line : REDACTED))
        .join('\n');
      assert.equal(redact(pem), expected, type);
      assert.ok(expected.includes('-----BEGIN'), 'the armour is kept');
    }
  });

  it('replaces the key text as given, whole when whole, and each of its lines in CRLF text too', () => {
    const pem = String(credentials.privateKey.export({ format: 'pem', type: 'pkcs8' })).trimEnd();
    const redact = redactorOf([], [pem]);
    assert.equal(redact(`key: ${pem} end`), `key: ${REDACTED} end`, 'the whole text at once');
    // The key's own forms (its PEM lines among them) are known before the text given: longest first still.
    assert.equal(redactorOf([credentials], [pem])(`key: ${pem} end`), `key: ${REDACTED} end`, 'longest first');
    const lines = pem.split('\n');
    const body = lines.filter((line) => !line.startsWith('-----'));
    const crlf = lines.join('\r\n');
    const crlfRedactor = redactorOf([], [crlf]);
    assert.equal(crlfRedactor(body[1] ?? ''), REDACTED, 'a line of a CRLF text');
    assert.equal(crlfRedactor(lines[0] ?? ''), lines[0], 'its armour line is no secret');
    assert.equal(redact(`x ${body[0] ?? ''} y`), `x ${REDACTED} y`);
    const padded = redactorOf([], [`  ${keys.apiKey}  `]);
    assert.equal(padded(`key=${keys.apiKey};`), `key=${REDACTED};`, 'trimmed before it is looked for');
  });

  it('leaves texts under 16 characters, and everything that is no secret, as it is', () => {
    const redact = redactorOf([], ['fifteen chars!!', 'sixteen chars!!!']);
    assert.equal(redact('fifteen chars!! and sixteen chars!!!'), `fifteen chars!! and ${REDACTED}`);
    assert.equal(
      redactorOf([credentials])('Stryker was here, and nothing secret: 0123456789abcdef'),
      'Stryker was here, and nothing secret: 0123456789abcdef',
    );
    assert.equal(redactorOf([])('plain text'), 'plain text');
    assert.equal(redactorOf([credentials])(`${keys.apiKey}${keys.apiKey}`), `${REDACTED}${REDACTED}`);
  });
});
