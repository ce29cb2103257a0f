import { strict as assert } from 'assert';
import { connectionText, isConnectionFormat } from '../../../src/features/sandbox/connectionText';

describe('Copy Sandbox Connection: the text', () => {
  const connection = { url: 'http://127.0.0.1:4100', apiKey: 'a+b/c==', privateKey: '3082abcd' };

  it('writes .env lines a dotenv reader takes, with comments only before them', () => {
    const text = connectionText(connection, 'env');
    const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    assert.deepEqual(lines, ['EXCHANGE_API_URL=http://127.0.0.1:4100', 'EXCHANGE_API_KEY=a+b/c==', 'EXCHANGE_API_PRIVATE_KEY=3082abcd']);
    assert.ok(text.endsWith('\n'));
  });

  it('writes JSON with the endpoint spelled out', () => {
    assert.deepEqual(JSON.parse(connectionText(connection, 'json')), {
      url: 'http://127.0.0.1:4100',
      endpoint: 'http://127.0.0.1:4100/v2',
      apiKey: 'a+b/c==',
      privateKey: '3082abcd',
    });
  });

  it('knows only its two formats', () => {
    assert.ok(isConnectionFormat('env'));
    assert.ok(isConnectionFormat('json'));
    assert.ok(!isConnectionFormat('yaml'));
    assert.ok(!isConnectionFormat(undefined));
  });
});
