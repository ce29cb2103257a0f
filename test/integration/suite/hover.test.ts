import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { Sandbox } from '../../../packages/sandbox/src';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import { assertRecordGolden } from '../support/recordGolden';
import { lookupApi, requestsFor, sleep, useBuiltInSandbox, waitFor, withSetting } from '../support/lookupHelpers';

function text(content: vscode.MarkdownString | vscode.MarkedString): string {
  return typeof content === 'string' ? content : content.value;
}

/** Our hover's markdown through VS Code's own hover request (every provider asked, as the editor does). */
async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string | undefined> {
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position)) ?? [];
  // Every hover of ours starts with a status or state icon.
  const ours = hovers.map((h) => h.contents.map(text).join('\n')).filter((value) => value.startsWith('$('));
  assert.ok(ours.length <= 1, 'at most one hover of ours');
  return ours[0];
}

/** Every `](command:...` target in the markdown. */
function commandLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:([^?)]*)/g)].map((m) => m[1] ?? '');
}

describe('hover over a transaction id', () => {
  let api: ExchangeTxApi;
  let sandbox: Sandbox;
  const restore: (() => Promise<void>)[] = [];

  async function documentWith(content: string, language = 'plaintext'): Promise<vscode.TextDocument> {
    return vscode.workspace.openTextDocument({ language, content });
  }
  const fresh = (options: Parameters<Sandbox['ledger']['create']>[0] = {}) =>
    sandbox.ledger.create({ from: 'btc', to: 'eth', outcome: 'finished', ...options }).id;
  const provide = (
    document: vscode.TextDocument,
    position: vscode.Position,
    token = new vscode.CancellationTokenSource().token,
  ) => Promise.resolve(api.hover.provideHover(document, position, token));

  before(async () => {
    api = await lookupApi();
  });
  beforeEach(async () => {
    sandbox = await useBuiltInSandbox(api);
  });
  afterEach(async () => {
    for (const undo of restore.splice(0)) await undo();
    sandbox.setFaults({});
  });

  it('shows the status and key fields, with trusted links to watch, show details and open as request only', async () => {
    const id = fresh({ stepMs: 600_000 });
    const document = await documentWith(`order ${id} placed\n`);
    const value = await hoverText(document.uri, new vscode.Position(0, 8));
    assert.ok(value, 'a hover');
    assert.match(value, /^\$\(clock\) \*\*Waiting for payment\*\* · /);
    assert.ok(value.includes(id));
    for (const label of [
      '**Pair:**',
      '**Expected:**',
      '**Actual:**',
      '**Created:**',
      '**Payin address:**',
      '**Payout address:**',
    ])
      assert.ok(value.includes(label), label);
    assert.ok(value.includes(' BTC → '), 'the pair');
    assert.match(value, /\*\*Pair:\*\* [^\n]* · floating rate/, 'the rate type on the pair line');
    assert.ok(
      value.indexOf('](command:exchangeTx.showDetails') < value.indexOf('**Pair:**'),
      "the actions above the record's fields",
    );
    const args = encodeURIComponent(JSON.stringify([id]));
    assert.ok(value.includes(`](command:exchangeTx.watch?${args})`));
    assert.ok(value.includes(`](command:exchangeTx.showDetails?${args})`));
    assert.ok(value.includes(`](command:exchangeTx.openAsRequest?${args})`));
    // A waiting transaction of the built-in sandbox: it can be paid or moved from the hover.
    assert.ok(value.includes(`](command:exchangeTx.sandbox.simulatePayment?${args})`));
    assert.ok(value.includes(`](command:exchangeTx.sandbox.moveToStatus?${args})`));
    assert.deepEqual(commandLinks(value), [
      'exchangeTx.watch',
      'exchangeTx.showDetails',
      'exchangeTx.openAsRequest',
      'exchangeTx.sandbox.simulatePayment',
      'exchangeTx.sandbox.moveToStatus',
    ]);

    const hover = await provide(document, new vscode.Position(0, 6 + id.length));
    assert.ok(hover);
    assert.ok(hover.range?.isEqual(new vscode.Range(0, 6, 0, 6 + id.length)), 'the range is the id');
    const markdown = hover.contents[0];
    assert.ok(markdown instanceof vscode.MarkdownString);
    assert.deepEqual(markdown.isTrusted, {
      enabledCommands: [
        'exchangeTx.watch',
        'exchangeTx.showDetails',
        'exchangeTx.openAsRequest',
        'exchangeTx.sandbox.simulatePayment',
        'exchangeTx.sandbox.moveToStatus',
      ],
    });
    assert.equal(markdown.supportHtml, false);
    const record = api.store.peek(id);
    assert.ok(record, 'the record looked up');
    assertRecordGolden('hover-waiting', markdown.value, record);
  });

  it('shows pay-till and hashes when the record has them', async () => {
    const id = fresh({ type: 'fixed', stepMs: 1000, createdAt: Date.now() - 3_600_000 });
    const document = await documentWith(id);
    const value = await hoverText(document.uri, new vscode.Position(0, 1));
    assert.ok(value);
    assert.match(value, /\*\*Finished\*\*/);
    for (const label of ['**Pay till:**', '**Payin hash:**', '**Payout hash:**'])
      assert.ok(value.includes(label), label);
    assert.ok(value.includes('fixed rate'));
  });

  it('offers nothing for text that is no id', async () => {
    const document = await documentWith('hello world 12345678 abcdefgh ABC12345\n');
    for (const character of [2, 14, 24, 34]) {
      assert.equal(await provide(document, new vscode.Position(0, character)), undefined);
      assert.equal(await hoverText(document.uri, new vscode.Position(0, character)), undefined);
    }
    for (const word of ['hello', '12345678', 'abcdefgh', 'ABC12345']) assert.equal(requestsFor(sandbox, word), 0, word);
  });

  it('says quietly that an unknown id is not in the sandbox, and does not ask again soon', async () => {
    const document = await documentWith('see zz11zz11zz11', 'log');
    sandbox.clearRequests();
    assert.equal(
      await hoverText(document.uri, new vscode.Position(0, 6)),
      '$(question) No transaction zz11zz11zz11 in the sandbox',
    );
    assert.equal(
      await hoverText(document.uri, new vscode.Position(0, 8)),
      '$(question) No transaction zz11zz11zz11 in the sandbox',
    );
    assert.equal(requestsFor(sandbox, 'zz11zz11zz11'), 1);
  });

  it('shares one request between concurrent hovers of one id, and caches the answer', async () => {
    const id = fresh();
    const document = await documentWith(`${id} ${id}`);
    sandbox.setFaults({ latencyMs: 200 });
    sandbox.clearRequests();
    const values = await Promise.all(
      [1, 2, id.length + 3].map((c) => hoverText(document.uri, new vscode.Position(0, c))),
    );
    for (const value of values) assert.ok(value?.includes(id));
    assert.equal(requestsFor(sandbox, id), 1);
    await hoverText(document.uri, new vscode.Position(0, 1));
    assert.equal(requestsFor(sandbox, id), 1, 'answered from the cache');
  });

  it('stops waiting when the hover is cancelled, and the request with it', async () => {
    const id = fresh();
    const document = await documentWith(id);
    sandbox.setFaults({ next: ['hang'] });
    const source = new vscode.CancellationTokenSource();
    const pending = provide(document, new vscode.Position(0, 1), source.token);
    // Cancelled once the request hangs at the sandbox (it never answers; a timeout would give an
    // error hover, not undefined): the result itself says the hover stopped because it was cancelled.
    await waitFor(() => requestsFor(sandbox, id) >= 1, 'the hover to reach the sandbox');
    source.cancel();
    assert.equal(await pending, undefined);
    const value = await hoverText(document.uri, new vscode.Position(0, 1));
    assert.ok(value?.includes(id), 'the next hover asks again and gets the record');
    assert.equal(requestsFor(sandbox, id), 2);
  });

  it('renders hostile service text as inert text', async () => {
    sandbox.setFaults({ hostile: 1 });
    const id = fresh({ outcome: 'finished', stepMs: 1000, createdAt: Date.now() - 3_600_000 });
    const document = await documentWith(`tx ${id}`);
    const value = await hoverText(document.uri, new vscode.Position(0, 5));
    assert.ok(value);
    assert.ok(
      value.includes('&#60;img src=x onerror=alert&#40;1&#41;&#62;'),
      'the hostile payin address is shown, escaped',
    );
    for (const raw of ['<img', '<script', '<b>', 'command:workbench', 'javascript:', '**bold**', '[Open a terminal]'])
      assert.ok(!value.includes(raw), raw);
    assert.deepEqual(
      commandLinks(value),
      ['exchangeTx.showDetails', 'exchangeTx.openAsRequest', 'exchangeTx.sandbox.moveToStatus'],
      'a finished one is neither paid nor watched',
    );
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(value, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    assert.ok(!value.includes(HOSTILE_VALUES.long.slice(0, 300)));
  });

  it('shows a failure as one line, never as a notification', async () => {
    const id = fresh();
    const document = await documentWith(id, 'log');
    await vscode.commands.executeCommand('exchangeTx.getStatus', 'zz99zz99zz99', { silent: true });
    const shown = api.lookup.lastMessage;
    sandbox.setFaults({ next: ['http500'] });
    assert.equal(await hoverText(document.uri, new vscode.Position(0, 1)), '$(warning) The sandbox answered HTTP 500');
    assert.equal(api.lookup.lastMessage, shown);
  });

  it('stays silent in code where it found no transaction, and answers misses in logs and request documents only', async function () {
    // The JSON language service starts for the request document: slow on a loaded machine.
    this.timeout(60_000);
    const id = fresh();
    const code = await documentWith(
      `const ref = "abc1234def5678";\nconst real = "${id}";\nconst other = "fa11ed0000fa11";\n`,
      'typescript',
    );
    sandbox.clearRequests();
    assert.equal(await hoverText(code.uri, new vscode.Position(0, 16)), undefined, 'a miss in code shows nothing');
    assert.equal(await provide(code, new vscode.Position(0, 16)), undefined);
    assert.ok(
      (await hoverText(code.uri, new vscode.Position(1, 17)))?.includes(id),
      'a transaction found in code is shown',
    );
    sandbox.setFaults({ next: ['http500'] });
    assert.equal(
      await provide(code, new vscode.Position(2, 17)),
      undefined,
      'a failed lookup in code shows nothing either',
    );
    assert.ok(requestsFor(sandbox, 'fa11ed0000fa11') >= 1, 'it was asked (and failed)');
    sandbox.setFaults({});

    const miss = '$(question) No transaction abc1234def5678 in the sandbox';
    const log = await documentWith('sent abc1234def5678', 'log');
    assert.equal(await hoverText(log.uri, new vscode.Position(0, 8)), miss, 'a log says it');
    const request = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'untitled', path: '/hover-miss.exchange.json' }),
    );
    const editor = await vscode.window.showTextDocument(request);
    await editor.edit((edit) =>
      edit.insert(new vscode.Position(0, 0), '{ "method": "getTransactions", "params": { "id": "abc1234def5678" } }'),
    );
    assert.equal(await hoverText(request.uri, new vscode.Position(0, 55)), miss, 'a request document says it');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    restore.push(await withSetting('hover.answerMissesIn', ['typescript']));
    assert.equal(await hoverText(code.uri, new vscode.Position(0, 16)), miss, 'where the setting names the language');
    assert.equal(await hoverText(log.uri, new vscode.Position(0, 8)), undefined, 'and nowhere else');
  });

  it('is turned off by exchangeTx.hover.enabled and limited by exchangeTx.hover.languages', async () => {
    const id = fresh();
    const plain = await documentWith(`"${id}"`);
    const json = await documentWith(`{ "id": "${id}" }`, 'json');
    restore.push(await withSetting('hover.enabled', false));
    assert.equal(await provide(plain, new vscode.Position(0, 2)), undefined);
    assert.equal(await hoverText(plain.uri, new vscode.Position(0, 2)), undefined);
    await restore.splice(0)[0]?.();
    restore.push(await withSetting('hover.languages', ['json', 'log']));
    assert.equal(await hoverText(plain.uri, new vscode.Position(0, 2)), undefined);
    assert.ok((await hoverText(json.uri, new vscode.Position(0, 11)))?.includes(id));
    await restore.splice(0)[0]?.();
    assert.ok((await hoverText(plain.uri, new vscode.Position(0, 2)))?.includes(id));
  });

  it('uses a custom id pattern, and falls back to the default with one warning when it is invalid', async () => {
    restore.push(await withSetting('hover.idPattern', 'TX-[0-9]{4}'));
    const custom = await documentWith('ref TX-1234 done', 'log');
    const where = () =>
      JSON.stringify({
        language: custom.languageId,
        answerMissesIn: vscode.workspace.getConfiguration('exchangeTx', custom).inspect('hover.answerMissesIn'),
      });
    assert.equal(
      await hoverText(custom.uri, new vscode.Position(0, 6)),
      '$(question) No transaction TX&#45;1234 in the sandbox',
      where(),
    );
    await restore.splice(0)[0]?.();

    const id = fresh();
    const document = await documentWith(id);
    restore.push(await withSetting('hover.idPattern', '([a-z'));
    const warnings = () =>
      api.log.recent.filter((line) => line.startsWith('warn') && line.includes('exchangeTx.hover.idPattern')).length;
    const before = warnings();
    assert.ok((await hoverText(document.uri, new vscode.Position(0, 1)))?.includes(id));
    await sleep(10);
    assert.ok((await hoverText(document.uri, new vscode.Position(0, 2)))?.includes(id));
    assert.equal(warnings(), before + 1);
  });
});
