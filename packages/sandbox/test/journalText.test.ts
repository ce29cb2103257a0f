/**
 * The journal's entries as text (journalText.ts), from requests sent over real HTTP: the rows'
 * outcomes, the document of a refused request with its diagnosis and nothing secret, and the
 * request document that sends the same call, which the sandbox accepts once signed right.
 */
import { strict as assert } from 'assert';
import { fingerprint, signBody } from '../../../src/api/keys';
import { SANDBOX_CONTROL_PATH } from '../../../src/shared/controlProtocol';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { MAX_JOURNAL_TEXT_BYTES } from '../../../src/shared/requestJournal';
import type { Sandbox } from '../src';
import { journalDocument, journalRow, requestDocumentText } from '../src/journalText';
import { journalEntry } from '../src/requestLog';
import { post, postSigned, rpc, testKeys, testSandbox } from './helpers';

describe('the journal as text', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  const keys = testKeys().a;
  const last = (): JournalEntry => journalEntry(sandbox.requests[sandbox.requests.length - 1]);

  beforeEach(async () => {
    sandbox = await testSandbox({ ledgerSize: 3, rateLimit: { limit: 4, windowMs: 3_600_000 } });
  });
  afterEach(() => sandbox.stop());

  it("says each outcome in its row: the result, the error's code, the refusal's status, the fault, the rate limit", async () => {
    await rpc(sandbox, 'getTransactions', { limit: 1 });
    await rpc(sandbox, 'getStatus', {});
    await post(sandbox.url, '{}', { path: '/v1' });
    sandbox.setFaults({ next: ['http502'] });
    await postSigned(sandbox, keys, JSON.stringify({ jsonrpc: '2.0', id: 'f', method: 'getCurrencies', params: {} }));
    await rpc(sandbox, 'getCurrencies', {});
    await rpc(sandbox, 'getCurrencies', {});
    const key = fingerprint(keys.apiKey);
    const rows = sandbox.requests.map((entry) => journalRow(journalEntry(entry)).description.split(' · '));
    assert.deepEqual(
      rows.map(([outcome]) => outcome),
      ['result', 'error -32602', '404 not found', 'fault http502', 'result', 'rate-limited'],
    );
    assert.deepEqual(
      rows.map(([, , key]) => key),
      [key, key, 'no API key', key, key, key],
    );
    assert.match(journalRow(journalEntry(sandbox.requests[2])).label, /^\d\d:\d\d:\d\d {2}POST \/v1$/);
  });

  it('shows a refused request with its diagnosis, the body as it arrived, the answer, and the key only as a fingerprint', async () => {
    const call = { jsonrpc: '2.0', id: 'p1', method: 'getTransactions', params: { limit: 1, currency: ['btc'] } };
    // Signed pretty-printed, sent compact: the mistake of many HTTP libraries.
    const signature = signBody(keys.privateKey, Buffer.from(JSON.stringify(call, null, 2)));
    await post(sandbox.url, JSON.stringify(call), {
      headers: { 'X-Api-Key': keys.apiKey, 'X-Api-Signature': signature },
    });
    const entry = last();
    const text = journalDocument(entry);
    const lines = text.split('\n');
    assert.match(lines[0] ?? '', /^getTransactions → 401 unauthorized · HTTP 401 · \d+ ms · key \S+…\S+$/);
    assert.equal(lines[3], 'Diagnosis');
    assert.match(lines[4] ?? '', /^signature-other-bytes: .*pretty-printed/);
    assert.ok(lines.includes(`X-Api-Key: ${fingerprint(keys.apiKey)} (a fingerprint)`));
    assert.ok(lines.includes(JSON.stringify(call)), 'the body as it arrived');
    assert.ok(lines.includes('Answer: HTTP 401') && lines.includes(entry.answer ?? 'none'), 'the answer as sent');
    assert.ok(!text.includes(keys.apiKey), 'no whole API key');

    // Its request document, signed right, is accepted.
    const documentText = requestDocumentText(entry);
    assert.deepEqual(JSON.parse(documentText ?? 'null'), { method: call.method, params: call.params });
    const again = await rpc(sandbox, call.method, (JSON.parse(documentText ?? '{}') as { params: unknown }).params);
    assert.equal(again.error, undefined);
    assert.equal(last().outcome, 'ok');
  });

  it('shows unsafe characters of a body as escapes, and cleans them out of a row', async () => {
    await postSigned(sandbox, keys, JSON.stringify({ jsonrpc: '2.0', id: 'u', method: 'get\u001b[2JStatus\u202e' }));
    const entry = last();
    assert.equal(journalRow(entry).label.slice(10), 'get\uFFFD[2JStatus\uFFFD');
    assert.ok(journalDocument(entry).includes('"method":"get\\u001b[2JStatus\\u202e"'));
    assert.ok(!journalDocument(entry).includes('\u001b') && !journalDocument(entry).includes('\u202e'));
  });

  it('gives no request document for a body cut short, redacted, a control action or not a call', async () => {
    const long = {
      jsonrpc: '2.0',
      id: 'l',
      method: 'getTransactions',
      params: { extraId: 'x'.repeat(MAX_JOURNAL_TEXT_BYTES) },
    };
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
    const bodies: [string, string][] = [
      ['/v2', JSON.stringify(long)],
      ['/v2', JSON.stringify({ jsonrpc: '2.0', id: 'k', method: 'getStatus', params: { id: pem } })],
      [SANDBOX_CONTROL_PATH, JSON.stringify({ action: 'requests' })],
      ['/v2', '{"method": '],
      ['/v2', JSON.stringify([{ method: 'getStatus' }])],
    ];
    for (const [path, body] of bodies) {
      await post(sandbox.url, body, { path, headers: { 'X-Api-Key': keys.apiKey } });
      assert.equal(requestDocumentText(last()), undefined, `${path} ${body.slice(0, 60)}`);
    }
  });
});
