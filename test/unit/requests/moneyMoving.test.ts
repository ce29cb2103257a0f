/** Which requests are asked about before they go to an account, and what the question shows: the bytes sent. */
import { strict as assert } from 'assert';
import { createsOnAccount, movesMoney, readSent } from '../../../src/documents/moneyMoving';

describe('money-moving requests', () => {
  it('are the create operations and any unknown create…, not the reads', () => {
    for (const method of ['createTransaction', 'createFixTransaction', 'createSomethingNew', 'CreateTransaction'])
      assert.equal(movesMoney(method), true, method);
    for (const method of [
      'getStatus',
      'getTransactions',
      'getPairsParams',
      'getExchangeAmount',
      'getFixRateForAmount',
      'getCurrenciesFull',
      'getPairs',
      'validateAddress',
      'noSuchMethod',
    ]) {
      assert.equal(movesMoney(method), false, method);
    }
  });

  it('asks about every call that creates something on an account: the creates of the table, createSubaccount, and any unknown create… or update…', () => {
    for (const method of [
      'createTransaction',
      'createFixTransaction',
      'createSubaccount',
      'createSomethingNew',
      'CreateTransaction',
      'updateSubaccount',
      'updateAnything',
      ' updateX',
    ])
      assert.equal(createsOnAccount(method), true, method);
    for (const method of [
      'getStatus',
      'getTransactions',
      'getFixRateForAmount',
      'validateAddress',
      'noSuchMethod',
      'getUpdates',
      'recreate',
    ])
      assert.equal(createsOnAccount(method), false, method);
    assert.equal(movesMoney('createSubaccount'), false, 'asked about, but it moves no money');
  });

  it('shows the members of the bytes as sent: the last of two of one name, escapes for invisible characters', () => {
    const body =
      '{"jsonrpc":"2.0","id":"1","method":"getStatus","params":{"from":"btc","to":"eth","amountFrom":"0.5","address":"0xaaa","address":"0xb\u202Ebb","memo":"x"},"method":"createTransaction"}';
    assert.deepEqual(readSent(body), {
      method: 'createTransaction',
      lines: ['from: "btc"', 'to: "eth"', 'amountFrom: "0.5"', 'address: "0xb\\u202Ebb"', 'also: memo="x"'],
    });
  });

  it('numbers each object of an array of params, and cuts long values and long lists', () => {
    const long = 'a'.repeat(200);
    const sent = readSent(
      JSON.stringify({ method: 'createTransaction', params: [{ address: long }, { amountTo: 5 }] }),
    );
    assert.deepEqual(sent.lines, [`[0] address: "${'a'.repeat(119)}… (202 characters)`, '[1] amountTo: 5']);
    const many = readSent(
      JSON.stringify({ method: 'createTransaction', params: Array.from({ length: 50 }, () => ({ from: 'btc' })) }),
    );
    assert.equal(many.lines.length, 41);
    assert.equal(many.lines[40], '… and 10 more lines');
  });

  it('reads no method from bytes that are not a JSON object with a string method', () => {
    assert.deepEqual(readSent('not json'), { method: undefined, lines: [] });
    assert.deepEqual(readSent('[]'), { method: undefined, lines: [] });
    assert.deepEqual(readSent('{"method": 5}'), { method: undefined, lines: [] });
  });
});
