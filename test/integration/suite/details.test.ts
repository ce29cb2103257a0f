import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { DetailsResult } from '../../../src/features/details/detailsProvider';
import type { Sandbox } from '../../../packages/sandbox/src';
import { HOSTILE_VALUES } from '../../../packages/sandbox/src';
import { parse } from 'jsonc-parser';
import { isoUtc } from '../../../src/shared/format';
import { lookupApi, useBuiltInSandbox, waitFor } from '../support/lookupHelpers';

const showDetails = (arg: unknown) =>
  vscode.commands.executeCommand<DetailsResult>('exchangeTx.showDetails', arg, { silent: true });

describe('transaction details document', () => {
  let api: ExchangeTxApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await lookupApi();
  });
  beforeEach(async () => {
    sandbox = await useBuiltInSandbox(api);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    sandbox.setFaults({});
  });

  it('opens the full record as JSON from its own scheme and follows its changes', async () => {
    const id = sandbox.ledger.create({ outcome: 'finished', stepMs: 60_000 }).id;
    const result = await showDetails(id);
    assert.equal(result.error, undefined);
    assert.ok(result.uri);
    assert.equal(result.uri.toString(), `exchange-tx-record:/exchange-tx-records/${id}`);
    const document = await vscode.workspace.openTextDocument(result.uri);
    assert.equal(
      document.languageId,
      'exchange-tx-record',
      'JSON with comments coloured as such (the times have their ISO text beside)',
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), result.uri.toString(), 'shown in an editor');
    const shown = parse(document.getText()) as { id: string; status: string };
    assert.deepEqual(shown, JSON.parse(JSON.stringify(api.store.peek(id))));
    // An editor restored from before the details had a language of their own (`/<id>.json`) still shows the record.
    const restored = await vscode.workspace.openTextDocument(vscode.Uri.parse(`exchange-tx-record:/${id}.json`));
    assert.equal((parse(restored.getText()) as { id?: string }).id, id);
    assert.equal(shown.status, 'waiting');

    api.sandboxHost.clock.advance(90_000);
    const fresh = await api.store.lookup(id, { maxAgeMs: 0 });
    assert.equal(fresh?.status, 'confirming');
    await waitFor(
      () => (parse(document.getText()) as { status: string }).status === 'confirming',
      'the document to show the new status',
    );
    assert.deepEqual(parse(document.getText()), JSON.parse(JSON.stringify(fresh)));
    const lines = document.getText().split('\n');
    assert.ok(fresh && fresh.moneyReceived > 0);
    for (const field of ['createdAt', 'moneyReceived'] as const) {
      const micros = fresh?.[field] ?? 0;
      assert.ok(
        lines.includes(`  "${field}": ${micros}, // ${isoUtc(Math.floor(micros / 1000))}`),
        `${field}: the raw microseconds with the ISO time beside`,
      );
    }
    assert.ok(lines.includes('  "moneySent": 0,'), 'not yet: no time beside');
    // Under the record, as comments: what its status means and what to do (the agents' status guide).
    assert.ok(
      lines.some((line) => line.startsWith('// Status confirming: The payin was received')),
      'the status notes under the record',
    );
    // A note wraps to fit the editor (a further line starts '//   '): read each note whole.
    const notes = document
      .getText()
      .replace(/\n\/\/ {3}/g, ' ')
      .split('\n');
    assert.ok(notes.some((line) => /^\/\/ What to do: .+\(our advice, not the service's\)$/.test(line)));
  });

  it('takes an object with an id, as tree items give it', async () => {
    const id = sandbox.ledger.visible()[3]?.id ?? '';
    const result = await showDetails({ id });
    assert.equal(result.id, id);
    assert.equal(
      (
        parse((await vscode.workspace.openTextDocument(result.uri ?? vscode.Uri.parse('untitled:x'))).getText()) as {
          id: string;
        }
      ).id,
      id,
    );
  });

  it('run from the palette without an id, takes the one in the editor (else asks; silent: no id)', async () => {
    const id = sandbox.ledger.visible()[2]?.id ?? '';
    const document = await vscode.workspace.openTextDocument({
      language: 'plaintext',
      content: `see ${id} in the log\n\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 6, 0, 6);
    const result = await showDetails(undefined);
    assert.equal(result.id, id);
    assert.equal(result.uri?.toString(), `exchange-tx-record:/exchange-tx-records/${id}`);
    const blank = await vscode.window.showTextDocument(document);
    blank.selection = new vscode.Selection(1, 0, 1, 0);
    assert.deepEqual(await showDetails(undefined), { error: 'no-id' });
  });

  it('says "not found" instead of opening an empty document', async () => {
    const result = await showDetails('zz77zz77zz77');
    assert.equal(result.error, 'not-found');
    assert.equal(result.uri, undefined);
    assert.equal(api.lookup.lastMessage?.text, 'Transaction zz77zz77zz77 was not found in the sandbox');
  });

  it('shows a failure with Retry for the details', async () => {
    const id = sandbox.ledger.create({}).id;
    sandbox.setFaults({ next: ['http500'] });
    const result = await showDetails(id);
    assert.equal(result.error, 'network');
    assert.deepEqual(result.message?.actions[0], { title: 'Retry', command: 'exchangeTx.showDetails', args: [id] });
  });

  it('keeps hostile values as JSON text, with bidi controls escaped', async () => {
    sandbox.setFaults({ hostile: 1 });
    const id = sandbox.ledger.create({}).id;
    const result = await showDetails(id);
    assert.ok(result.uri);
    const text = (await vscode.workspace.openTextDocument(result.uri)).getText();
    // eslint-disable-next-line no-control-regex
    const raw = /[\u0000-\u0009\u000b-\u001f\u202a-\u202e\u2066-\u2069]/;
    assert.ok(!raw.test(text), 'no raw control or bidi characters');
    const parsed = parse(text) as { payinAddress: string; payinExtraId: string };
    assert.equal(parsed.payinAddress, HOSTILE_VALUES.markup);
    assert.equal(parsed.payinExtraId, HOSTILE_VALUES.control);
  });
});
