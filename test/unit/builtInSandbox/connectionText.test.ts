import { strict as assert } from 'assert';
import { connectionLife, connectionText } from '../../../src/features/builtInSandbox/connectionText';
import { SANDBOX_ENV } from '../../../src/shared/connectionNames';

describe('Copy Sandbox Connection: the text', () => {
  const connection = { url: 'http://127.0.0.1:4100', apiKey: 'a+b/c==', privateKey: '3082abcd' };

  it('writes .env lines a dotenv reader takes, with comments only before them', () => {
    const text = connectionText(connection, 'env');
    const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    assert.deepEqual(lines, [
      'EXCHANGE_TX_SANDBOX_URL=http://127.0.0.1:4100',
      'EXCHANGE_TX_SANDBOX_API_KEY=a+b/c==',
      'EXCHANGE_TX_SANDBOX_PRIVATE_KEY=3082abcd',
    ]);
    assert.ok(text.includes('POST ${EXCHANGE_TX_SANDBOX_URL}/v2'), 'the comment names the URL line');
    assert.ok(text.endsWith('\n'));
  });

  it("names the private key line as the sandbox snippets read it, not as an account's snippets do", () => {
    assert.equal(SANDBOX_ENV.privateKey, 'EXCHANGE_TX_SANDBOX_PRIVATE_KEY');
    assert.notEqual(SANDBOX_ENV.privateKey, 'EXCHANGE_TX_PRIVATE_KEY');
  });

  it('writes JSON with the endpoint spelled out', () => {
    assert.deepEqual(JSON.parse(connectionText(connection, 'json')), {
      url: 'http://127.0.0.1:4100',
      endpoint: 'http://127.0.0.1:4100/v2',
      apiKey: 'a+b/c==',
      privateKey: '3082abcd',
    });
  });
});

describe('Copy Sandbox Connection: how long the copy stays valid', () => {
  it('survives a reload only on the fixed port of the setting with the kept key', () => {
    assert.deepEqual(connectionLife({ port: 4100, fixedPort: 4100, portTaken: undefined, keyKept: true }), {
      kind: 'reloads',
      port: 4100,
    });
  });

  it('says the fixed port was taken and the port it runs on instead, and does not claim to survive a reload', () => {
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 4100, portTaken: 4100, keyKept: true }), {
      kind: 'port-taken',
      port: 41234,
      taken: 4100,
    });
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 4100, portTaken: 4100, keyKept: false }), {
      kind: 'port-taken',
      port: 41234,
      taken: 4100,
    });
  });

  it('says the port differs from the setting when the setting changed since the sandbox took its port', () => {
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 4100, portTaken: undefined, keyKept: true }), {
      kind: 'port-differs',
      port: 41234,
      fixedPort: 4100,
    });
  });

  it('is valid while the window runs without a fixed port or without the kept key, and says which is missing', () => {
    assert.deepEqual(connectionLife({ port: 4100, fixedPort: 4100, portTaken: undefined, keyKept: false }), {
      kind: 'window',
      port: 4100,
      fixedPort: true,
      keyKept: false,
    });
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 0, portTaken: undefined, keyKept: true }), {
      kind: 'window',
      port: 41234,
      fixedPort: false,
      keyKept: true,
    });
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 0, portTaken: undefined, keyKept: false }), {
      kind: 'window',
      port: 41234,
      fixedPort: false,
      keyKept: false,
    });
  });

  it('still says the port was taken after the setting was cleared', () => {
    assert.deepEqual(connectionLife({ port: 41234, fixedPort: 0, portTaken: 4100, keyKept: false }), {
      kind: 'port-taken',
      port: 41234,
      taken: 4100,
    });
  });
});
