/**
 * The journal tool against a real sandbox: a request from a client written here (Node's http and
 * crypto, as the service's docs describe signing) that signs the body pretty-printed and sends it
 * compact, read back with its diagnosis; the editor's own requests left out unless asked for; the
 * refusal on an account, with nothing sent.
 */
import { strict as assert } from 'assert';
import * as crypto from 'crypto';
import * as http from 'http';
import type { JournalEntry } from '../../../src/shared/requestJournal';
import { agentSandbox, namedTool } from '../support/agentSandbox';

const tool = namedTool('exchangeTx_listSandboxRequests');

/** Posts `sent` with a signature over `signed`, as a backend with that mistake would. */
function postSignedOver(
  url: string,
  apiKey: string,
  key: crypto.KeyObject,
  signed: string,
  sent: string,
): Promise<number> {
  const signature = crypto.sign('sha256', Buffer.from(signed), key).toString('base64');
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/v2`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'X-Api-Key': apiKey,
          'X-Api-Signature': signature,
          'User-Agent': 'my-backend/1.0',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(sent);
  });
}

interface JournalData {
  readonly entries: readonly JournalEntry[];
  readonly matched: number;
  readonly lastSeq: number;
  readonly sandboxUrl: string;
}

describe('agent tools: the sandbox request journal', function () {
  const s = agentSandbox();

  it("reads the user's own requests with the diagnosis of a refused one, the editor's only when asked", async () => {
    const { sandbox, credentials } = s.h;
    const call = { jsonrpc: '2.0', id: 'test', method: 'getCurrencies', params: {} };
    const status = await postSignedOver(
      sandbox.url,
      credentials.apiKey,
      credentials.privateKey,
      JSON.stringify(call, null, 2),
      JSON.stringify(call),
    );
    assert.equal(status, 401);
    await s.client.getCurrenciesFull();

    const mine = await tool.run(s.context, { outcome: 'unauthorized' });
    assert.equal(mine.isError, undefined, mine.text);
    const data = mine.data as JournalData;
    assert.deepEqual(
      data.entries.map((e) => [e.method, e.httpStatus, e.client, e.diagnosis?.code]),
      // A refused body is not read: no method.
      [[null, 401, 'my-backend/1.0', 'signature-other-bytes']],
    );
    assert.equal(data.sandboxUrl, sandbox.url);
    assert.match(mine.text, /diagnosis signature-other-bytes: .*pretty-printed/);
    assert.match(mine.text, /"my-backend\/1\.0"/);

    const byDefault = (await tool.run(s.context, {})).data as JournalData;
    assert.deepEqual(
      byDefault.entries.map((e) => e.client),
      ['my-backend/1.0'],
      "the editor's requests left out",
    );
    const everyone = (await tool.run(s.context, { includeEditor: true })).data as JournalData;
    assert.deepEqual(
      everyone.entries.map((e) => [e.method, e.own]),
      [
        [null, false],
        ['getCurrenciesFull', true],
        ['requests', true],
        ['requests', true],
      ],
    );
    const later = (await tool.run(s.context, { afterSeq: everyone.lastSeq })).data as JournalData;
    assert.deepEqual(later.entries, [], 'nothing of the user sent since');
  });

  it('says where to point the code when nothing came', async () => {
    const result = await tool.run(s.context, {});
    assert.match(result.text, new RegExp(`No requests from the user's own code match.*${s.h.sandbox.url}/v2`));
  });

  it('is refused on an account before anything is sent', async () => {
    const before = s.h.sandbox.requests.length;
    const result = await tool.run(
      { ...s.context, target: { kind: 'account', label: 'Prod', host: 'api.example.com' } },
      {},
    );
    assert.equal(result.isError, true);
    assert.match(result.text, /works on the sandbox only: the request journal is the sandbox's alone/);
    assert.equal(s.h.sandbox.requests.length, before);
  });
});
