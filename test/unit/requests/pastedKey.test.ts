/** A pasted key is recognised as a saved account's key whatever its format, and only then. */
import { strict as assert } from 'assert';
import { createPrivateKey } from 'crypto';
import { loadCredentials } from '../../../src/api/keys';
import { accountWithKey } from '../../../src/features/requests/signatureExplain';
import { registeredKeys } from '../../secrets/registry';

describe('a pasted key that is an account key', () => {
  const production = registeredKeys();
  const other = registeredKeys();
  const saved = [
    { name: 'Staging', apiKey: other.apiKey },
    { name: 'Production', apiKey: production.apiKey },
  ];

  it('is found by its API key, pasted as hex or as PEM', () => {
    const pem = createPrivateKey({ key: Buffer.from(production.privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' })
      .export({ format: 'pem', type: 'pkcs8' })
      .toString();
    assert.equal(accountWithKey(loadCredentials(production.privateKeyHex).apiKey, saved), 'Production');
    assert.equal(accountWithKey(loadCredentials(pem).apiKey, saved), 'Production');
    assert.equal(accountWithKey(loadCredentials(other.privateKeyHex).apiKey, saved), 'Staging');
  });

  it('is not found for another key, for no accounts, or for a malformed API key', () => {
    assert.equal(accountWithKey(loadCredentials(registeredKeys().privateKeyHex).apiKey, saved), undefined);
    assert.equal(accountWithKey(production.apiKey, []), undefined);
    assert.equal(accountWithKey('', saved), undefined);
    assert.equal(accountWithKey(production.apiKey.slice(0, 20), saved), undefined, 'a prefix is not the key');
  });
});
