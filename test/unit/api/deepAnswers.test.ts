/**
 * The service is not trusted: an answer nested 100,000 levels deep, wherever the depth sits, reads
 * as a clear error or as the record it holds (extra fields are dropped unread), never as a stack
 * overflow. Decoding reads each field to a fixed depth: nothing walks what it does not expect.
 */
import { strict as assert } from 'assert';
import { ExchangeClient, InvalidParameterError, ProtocolError } from '../../../src/api';
import { startLocalServer } from './localServer';
import type { LocalServer } from './localServer';
import { testCredentials } from './support';

const DEEP = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

const RECORD = JSON.stringify({
  id: 'deep1',
  createdAt: 1_700_000_000,
  type: 'float',
  moneyReceived: 0,
  moneySent: 0,
  rate: '1',
  payinConfirmations: '0',
  status: 'waiting',
  currencyFrom: 'btc',
  currencyTo: 'eth',
  payinAddress: 'in',
  payoutAddress: 'out',
  amountExpectedFrom: '1',
  amountExpectedTo: '30',
  amountFrom: '',
  amountTo: '',
  networkFee: '0',
  exchangeFee: '0',
  apiExtraFee: '0',
  canPush: false,
  canRefund: false,
});

/** The record with `member` set to the deep value (as text: JSON.stringify would overflow building it). */
function recordWith(member: string): string {
  return `${RECORD.slice(0, -1)},"${member}":${DEEP}}`;
}

describe('answers nested 100,000 levels deep', () => {
  let server: LocalServer;
  let client: ExchangeClient;
  /** The members after `"jsonrpc":"2.0","id":…,` of the next answers. */
  let answer = '"result":null';
  before(async () => {
    server = await startLocalServer(({ request, res }) => {
      const { id } = JSON.parse(request.body.toString('utf8')) as { id: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},${answer}}`);
    });
    client = new ExchangeClient({ baseUrl: server.url, credentials: testCredentials(), rateLimit: 1000 });
  });
  after(async () => {
    client.dispose();
    await server.close();
  });

  it('a record with a deep extra member reads as the record, the member dropped', async () => {
    answer = `"result":[${recordWith('extra')}]`;
    const [record] = await client.getTransactions({ id: ['deep1'] });
    assert.equal(record?.id, 'deep1');
    assert.equal(record?.status, 'waiting');
    assert.equal(Object.prototype.hasOwnProperty.call(record, 'extra'), false);
  });

  it('a deep value where a field is expected is a ProtocolError naming the field', async () => {
    answer = `"result":[${recordWith('rate')}]`;
    await assert.rejects(client.getTransactions({ id: ['deep1'] }), (e: unknown) => {
      assert.ok(e instanceof ProtocolError, String(e));
      assert.equal(
        e.message,
        'The service sent an unexpected value for "result[0].rate": expected string, received Object',
      );
      return true;
    });
    answer = `"result":${DEEP}`;
    await assert.rejects(
      client.getStatus('deep1'),
      (e: unknown) =>
        e instanceof ProtocolError &&
        e.message === 'The service sent an unexpected value for "result": expected string, received Object',
    );
    await assert.rejects(
      client.getPairsParams([{ from: 'btc', to: 'eth' }]),
      (e: unknown) =>
        e instanceof ProtocolError && e.message.startsWith('The service sent an unexpected value for "result"'),
    );
  });

  it('an error with deep data is the typed error of its code and message', async () => {
    answer = `"error":{"code":-32602,"message":"Parameter limit is invalid","data":${DEEP}}`;
    await assert.rejects(
      client.getTransactions({ limit: 5 }),
      (e: unknown) => e instanceof InvalidParameterError && e.param === 'limit',
    );
  });

  it('send() hands the deep answer back as text', async () => {
    answer = `"result":${DEEP}`;
    const exchange = await client.send(
      Buffer.from('{"jsonrpc":"2.0","id":"d1","method":"getStatus","params":{"id":"deep1"}}'),
    );
    assert.equal(exchange.status, 200);
    assert.equal(exchange.text, `{"jsonrpc":"2.0","id":"d1","result":${DEEP}}`);
  });
});
