// What a user sees of each feature, in the real workbench of the server host: the Transactions
// view, the hover, the lookup's notification, the status-bar watch with its tooltip, the details
// document, the Pair Limits panel and the Add Account input. Each test checks that the page shows
// it (the workbench's own elements, found in the page), and with EXCHANGE_TX_SCREENSHOTS=1 takes
// the README's and the walkthrough's pictures of it, in the dark and the light theme, so they
// stay true. The electron host has no page to look at: the suite is skipped there.
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { Sandbox } from '../../../packages/sandbox/src';
import { eventually, extensionApi, resetEnvironment } from '../support/extension';
import {
  clickInWorkbench,
  findInWorkbench,
  savingScreenshots,
  screenshotOf,
  useTheme,
  workbenchPage,
} from '../support/workbench';
import type { Theme } from '../support/workbench';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `show` in each theme when taking screenshots (dark last, as the README shows), else once. */
async function inThemes(show: (theme: Theme) => Promise<void>): Promise<void> {
  for (const theme of savingScreenshots() ? (['light', 'dark'] as const) : (['dark'] as const)) {
    if (savingScreenshots()) await useTheme(theme);
    await show(theme);
  }
}

/**
 * The walkthrough's pictures: VS Code shows them in a column about 400-600 px wide, so each is cut
 * to what its step is about (at most 560 CSS pixels wide, 640 for the hover and the input box) and kept at two pixels per
 * CSS pixel, so that its text stays readable (and sharp) at that size.
 */
const WALKTHROUGH = { scale: 'device', maxWidth: 560 } as const;

/** Where the pointer rests for a picture of the sidebar: the empty editor area below the log's lines. */
const OFF_THE_ROWS = '.part.editor .editor-scrollable';

/** The status bar entry of a watched id (VS Code gives it the id `<extension>.<item id>`). */
const watchItem = (id: string) => `.statusbar-item[id$="exchangeTx.watch.${id}"]`;

/** The rows' labels of a view in the sidebar, at the sidebar's default width. */
const rowLabels = (view: string) =>
  `[id="workbench.parts.sidebar"] .pane:has(.pane-header[aria-label^="${view}"]) .monaco-list-row .label-name`;
/** The rows' descriptions (beside the label: a transaction's id and age, a History entry's outcome). */
const rowDescriptions = (view: string) =>
  `[id="workbench.parts.sidebar"] .pane:has(.pane-header[aria-label^="${view}"]) .monaco-list-row .label-description`;
/** The message a view shows above its rows. */
const viewMessage = (view: string) =>
  `[id="workbench.parts.sidebar"] .pane:has(.pane-header[aria-label^="${view}"]) .pane-body .message`;

/**
 * Fails naming every element matching `selector` whose text is cut short (an ellipsis, or clipped),
 * read once some are shown (CodeLenses are drawn again after a send: for a moment there are none).
 */
async function assertNothingCut(selector: string, what: string): Promise<void> {
  let found = await findInWorkbench(selector);
  await eventually(async () => (found = await findInWorkbench(selector)).count > 0, `${what}: some are shown`);
  const cut = found.texts.filter((_, i) => found.cut[i]);
  assert.deepEqual(cut, [], `${what} cut short`);
}

/** The editor showing the document at an address starting with `uri` (VS Code names it in `data-uri`). */
const editorOf = (uri: string) => `.part.editor [data-uri^="${uri}"]`;

/**
 * Fails naming each line of the editor showing `uri` (of those `which` picks) that reaches past
 * what the editor shows of it: under the minimap, the vertical scroll bar or past its right edge.
 */
async function assertLinesFit(uri: string, which: (line: string) => boolean, what: string): Promise<void> {
  const editor = editorOf(uri);
  const lines = await findInWorkbench(`${editor} .view-line > span`);
  const [area] = (await findInWorkbench(`${editor} .editor-scrollable`)).boxes;
  assert.ok(area, `${what}: the editor is shown`);
  const edges = [area.x + area.width];
  for (const covering of ['.minimap', '.editor-scrollable > .scrollbar.vertical'])
    edges.push(...(await findInWorkbench(`${editor} ${covering}`)).boxes.map((box) => box.x));
  const right = Math.min(...edges);
  const texts = lines.texts.map((text) => text.replace(/\u00a0/g, ' '));
  const picked = texts.map((text, i) => ({ text, box: lines.boxes[i] })).filter(({ text }) => which(text));
  assert.ok(picked.length > 0, `${what}: some are shown (${texts.join(' | ')})`);
  const cut = picked.filter(({ box }) => box !== undefined && box.x + box.width > right + 1).map(({ text }) => text);
  assert.deepEqual(cut, [], `${what} reach past the editor's visible width (${Math.round(right)} px)`);
}

describe('what a user sees (the README and walkthrough pictures)', function () {
  this.timeout(120_000);
  let api: ExchangeTxApi;
  let sandbox: Sandbox;

  /** A sandbox transaction that is exchanging now, moving on every 10 minutes. */
  const moving = () =>
    sandbox.ledger.create({
      from: 'btc',
      to: 'eth',
      outcome: 'finished',
      stepMs: 600_000,
      createdAt: sandbox.clock.now() - 1_500_000,
      amountExpectedFrom: '0.5',
    }).id;

  before(async function () {
    if (!workbenchPage()) this.skip();
    api = await extensionApi();
    await resetEnvironment(api);
    sandbox = (await api.sandboxHost.start()).sandbox;
    // Newer VS Code opens the secondary side bar (Chat) beside the editors by default, which takes
    // about 300 px of a 1400 px window: the widths checked here are those of the editor area the
    // older version gives, the same on both (a user closes that bar with one click).
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  afterEach(async () => {
    api.watch.stopAll();
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    if (savingScreenshots()) await useTheme(undefined);
  });

  it('the Transactions view groups the sandbox transactions by status', async () => {
    const ids = [
      moving(),
      moving(),
      sandbox.ledger.create({ from: 'ltc', to: 'usdt', outcome: 'finished', stepMs: 60_000 }).id,
    ];
    const log = ids.map((id, i) => `12:0${i}:0${i} INFO  exchange created id=${id}`).join('\n');
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'log', content: `${log}\n` }),
    );
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await api.transactions.list.refresh();
    await eventually(
      async () =>
        (await findInWorkbench('.pane-body .monaco-list-row', 'aria-label')).texts.some((t) => /^Waiting/.test(t)),
      'the Waiting group in the view',
    );
    // An earlier suite may have left the view scrolled down to a transaction it revealed: the top of
    // the view is what is checked (and pictured).
    const [first] = api.transactions.list.groups();
    if (first) await api.transactions.view.view.reveal(first, { select: false, focus: false, expand: false });
    const shownGroups = () => findInWorkbench('[id="workbench.parts.sidebar"] .monaco-list-row[aria-level="1"]');
    await eventually(
      async () => (await shownGroups()).texts.some((t) => t.startsWith('Confirming')),
      'the Confirming group in the view',
    ).catch(() => undefined);
    const groups = await shownGroups();
    assert.ok(
      groups.texts.some((t) => t.startsWith('Confirming')),
      `the groups shown: ${groups.texts.join(' | ')}`,
    );
    await assertNothingCut(rowLabels('Transactions'), 'Transactions view labels');
    await assertNothingCut(rowDescriptions('Transactions'), 'Transactions view descriptions (short id and age)');
    if (!savingScreenshots()) return;
    // The History below collapsed, so that the picture shows the Transactions view whole.
    const historyHeader = '[id="workbench.parts.sidebar"] .pane-header:has-text("History")';
    await clickInWorkbench(historyHeader);
    // At once off the rows that fold moves under the pointer, before a row's tooltip opens.
    await clickInWorkbench(OFF_THE_ROWS);
    try {
      await inThemes(async (theme) => {
        // The pointer off the rows (the click above leaves it over one once History folds): a
        // hovered row shows its action icons over its age.
        // At most 400 px high, ending where a row ends (none shown in half).
        const [sidebar] = (await findInWorkbench('[id="workbench.parts.sidebar"]')).boxes;
        const rowEnds = (await findInWorkbench('[id="workbench.parts.sidebar"] .monaco-list-row')).boxes.map(
          (row) => row.y + row.height - (sidebar?.y ?? 0),
        );
        const height = Math.floor(Math.max(...rowEnds.filter((end) => end <= 400)));
        assert.ok(sidebar && height > 200, `the rows in the picture's 400 px: ${rowEnds.join(', ')}`);
        await screenshotOf(`walkthrough/sandbox-${theme}`, {
          ...WALKTHROUGH,
          hover: OFF_THE_ROWS,
          clip: ['[id="workbench.parts.sidebar"]'],
          margin: 0,
          maxHeight: height,
        });
        if (theme === 'dark') await screenshotOf('screenshots/transactions-view', { hover: OFF_THE_ROWS });
      });
    } finally {
      await clickInWorkbench(historyHeader);
    }
  });

  it('a failed refresh says so in the view without cutting its words, and so do sandbox faults', async () => {
    moving();
    await vscode.commands.executeCommand('exchangeTx.transactions.focus');
    await api.transactions.list.refresh();
    await vscode.commands.executeCommand('exchangeTx.sandbox.faults', ['errors5xx']);
    try {
      await eventually(
        async () =>
          (await findInWorkbench(viewMessage('Transactions'))).texts.some((t) => t.includes('Sandbox faults on')),
        'the faults named above the rows',
      );
      await assertNothingCut(viewMessage('Transactions'), 'the Transactions view message');
      sandbox.setFaults({
        ...sandbox.faults,
        next: ['http500', 'http500', 'http500', 'http500', 'http500', 'http500'],
      });
      await api.transactions.list.refresh();
      const rows = '[id="workbench.parts.sidebar"] .monaco-list-row';
      await eventually(
        async () => (await findInWorkbench(rows, 'aria-label')).attributes.some((t) => /refresh/i.test(t ?? '')),
        'the failed refresh in the view',
      );
      await assertNothingCut(rowLabels('Transactions'), 'Transactions view labels, the failed refresh among them');
      await assertNothingCut(
        rowDescriptions('Transactions'),
        'Transactions view descriptions, the failed refresh among them',
      );
    } finally {
      await vscode.commands.executeCommand('exchangeTx.sandbox.clearFaults');
      await api.transactions.list.refresh();
    }
  });

  it('the hover shows the status of the id under the mouse', async () => {
    const id = moving();
    const document = await vscode.workspace.openTextDocument({
      language: 'log',
      content: `12:01:07 INFO  order accepted\n12:01:08 INFO  exchange created id=${id} pair=btc/eth\n12:01:09 DEBUG waiting for payin\n`,
    });
    // Beside another editor, as a log is read next to code: VS Code then bounds the hover at 500
    // CSS pixels and wraps its lines, so the picture (at most 640, as the walkthrough's column
    // shows: walkthrough.test.ts) holds the whole hover.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'plaintext' }));
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.Beside);
    const column = document.lineAt(1).text.indexOf(id) + 3;
    editor.selection = new vscode.Selection(1, column, 1, column);
    await api.store.refresh([id]);
    await vscode.commands.executeCommand('editor.action.showHover');
    await eventually(
      async () => (await findInWorkbench('.monaco-editor .monaco-hover')).texts.some((t) => t.includes('Exchanging')),
      'the hover in the editor',
    );
    const hover = await findInWorkbench('.monaco-editor .monaco-hover');
    assert.ok(
      hover.boxes.every((box) => box.width <= 640 - 2 * 12),
      `the hover fits the walkthrough's picture: ${JSON.stringify(hover.boxes)}`,
    );
    assert.ok(
      hover.texts.some(
        (t) =>
          t.indexOf('In this status') >= 0 &&
          t.indexOf('In this status') < t.indexOf('Show Details') &&
          t.indexOf('Show Details') < t.indexOf('Pair'),
      ),
      `the diagnosis comes first, then the actions, then the record: ${hover.texts.join('\n')}`,
    );
    await inThemes(async (theme) => {
      await vscode.commands.executeCommand('editor.action.showHover');
      await screenshotOf(`walkthrough/hover-${theme}`, {
        ...WALKTHROUGH,
        clip: ['.monaco-editor .monaco-hover'],
        waitFor: '.monaco-editor .monaco-hover',
        margin: 12,
        maxWidth: 640,
      });
    });
  });

  it('the lookup answers in a notification with its actions', async () => {
    const id = moving();
    const looking = vscode.commands.executeCommand('exchangeTx.getStatus', id);
    const showsId = (texts: readonly string[]): boolean => texts.some((t) => t.includes(id.slice(0, 6)));
    if (savingScreenshots()) {
      // The pictures are made on the oldest VS Code (`npm run test:integration`), which shows
      // toasts with the smoke-test driver on; from some version on (1.139 here), the driver that
      // the server host needs hides every toast, as VS Code's own smoke tests want.
      await eventually(
        async () => showsId((await findInWorkbench('.notification-toast')).texts),
        'the notification toast',
      );
      await inThemes(async (theme) => {
        if (theme === 'dark')
          await screenshotOf('screenshots/lookup-notification', {
            clip: ['.notification-toast', '.part.statusbar'],
            margin: 0,
          });
      });
    }
    // The notifications center lists the same notification, with its actions, on every version.
    await vscode.commands.executeCommand('notifications.showList');
    const item = '.notifications-center .notification-list-item';
    await eventually(
      async () => showsId((await findInWorkbench(item)).texts),
      'the notification in the notifications center',
    );
    const shown = (await findInWorkbench(item)).texts.find((t) => t.includes(id.slice(0, 6))) ?? '';
    assert.match(shown, /Exchanging/, shown);
    assert.ok(
      ['Watch', 'Details', 'More…'].every((action) => shown.includes(action)),
      shown,
    );
    await assertNothingCut(
      '.notifications-center .notification-list-item .monaco-button',
      "the notification's buttons",
    );
    await vscode.commands.executeCommand('notifications.hideList');
    await vscode.commands.executeCommand('notifications.clearAll');
    await looking;
  });

  it('the status-bar watch shows the transaction, and its tooltip the record', async () => {
    const id = moving();
    assert.equal(await vscode.commands.executeCommand('exchangeTx.watch', id), id);
    await eventually(async () => (await findInWorkbench(watchItem(id))).count === 1, 'the status bar item');
    const item = await findInWorkbench(watchItem(id));
    assert.ok(
      item.texts.some((t) => t.includes(id.slice(0, 6))),
      item.texts.join(' | '),
    );
    await inThemes(async (theme) => {
      // The mouse goes elsewhere first, so that the tooltip opens again.
      await screenshotOf(`walkthrough/watch-${theme}`, {
        ...WALKTHROUGH,
        hover: watchItem(id),
        waitFor: '.monaco-hover',
        clip: ['.monaco-hover', watchItem(id)],
        margin: 12,
      });
    });
  });

  it('the details document shows the whole record', async () => {
    const id = moving();
    await vscode.commands.executeCommand('exchangeTx.showDetails', id);
    await eventually(
      () => vscode.window.activeTextEditor?.document.getText().includes(`"id": "${id}"`) === true,
      'the details document',
    );
    await eventually(
      async () => (await findInWorkbench('.part.editor .view-line')).texts.some((t) => t.includes(id)),
      'the record in the editor',
    );
    // Coloured by JSON with Comments' grammar: keys, strings, numbers and comments each in a colour of their own.
    await eventually(async () => {
      const tokens = await findInWorkbench(`${editorOf('exchange-tx-record:')} .view-line span span`, 'class');
      return new Set(tokens.attributes).size >= 4;
    }, 'the record coloured as JSON with Comments');
    // Every line, whole, in the editor area of a 1400 px window: the record's, then (scrolled to
    // the end) the notes under it on what its status means and what to do.
    await assertLinesFit('exchange-tx-record:', () => true, "the details document's lines");
    await inThemes(async (theme) => {
      // Down to the record's closing brace: the notes under it go on past the window's bottom.
      const lines = await findInWorkbench(`${editorOf('exchange-tx-record:')} .view-line`);
      const [part] = (await findInWorkbench('.part.editor')).boxes;
      const end = lines.boxes[lines.texts.findIndex((t) => t === '}')];
      assert.ok(part && end, "the details document's closing brace is shown");
      if (theme === 'dark')
        await screenshotOf('screenshots/details', {
          clip: ['.part.editor'],
          margin: 0,
          maxHeight: Math.floor(end.y + end.height - part.y),
        });
    });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    const last = editor.document.lineCount - 1;
    editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.AtTop);
    await eventually(
      async () =>
        (await findInWorkbench(`${editorOf('exchange-tx-record:')} .view-line`)).texts.some(
          (t) => t.includes('What\u00a0to\u00a0do:') || t.includes('What to do:'),
        ),
      'the notes under the record',
    );
    await assertLinesFit('exchange-tx-record:', () => true, "the details document's notes under the record");
  });

  it('the Pair Limits panel shows the limits of the pairs added', async () => {
    const pairLimits = await api.pairLimits.load();
    await pairLimits.list.clear();
    for (const [from, to] of [
      ['btc', 'eth'],
      ['eth', 'usdt'],
      ['ltc', 'btc'],
      ['xmr', 'btc'],
    ] as const)
      await pairLimits.list.add({ from, to });
    // The panel in the left half of the editor area (a document in the right half): narrower than
    // the walkthrough's picture, so that the page lays itself out narrow and shows whole in it.
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'plaintext', content: '' }),
      vscode.ViewColumn.Two,
    );
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await vscode.commands.executeCommand('exchangeTx.showPairLimits');
    const panel = pairLimits.panel;
    assert.ok(panel, 'the panel is open');
    await eventually(() => panel.page.ready, 'the page to say ready', 45_000);
    await panel.receive({ type: 'refresh' });
    await panel.whenIdle();
    assert.equal(panel.rows.length, 4);
    await eventually(async () => (await findInWorkbench('.webview.ready')).count > 0, 'the panel in the editor');
    await inThemes(async (theme) => {
      // The page redraws in the new theme's colours through CSS variables.
      await sleep(500);
      const [half] = (await findInWorkbench('.part.editor .editor-group-container')).boxes;
      assert.ok(
        half && half.width <= WALKTHROUGH.maxWidth,
        `the panel's half of the editor area: ${JSON.stringify(half)}`,
      );
      await screenshotOf(`walkthrough/pair-limits-${theme}`, {
        ...WALKTHROUGH,
        clip: ['.part.editor'],
        margin: 0,
        maxWidth: Math.floor(half.width),
        maxHeight: 520,
      });
    });
    await pairLimits.list.clear();
  });

  it('a request document is sent, and its answer opens beside it', async () => {
    const { document } = await api.requests.openUntitled(
      `${JSON.stringify({ method: 'getTransactions', params: { currency: 'btc', limit: 1 } }, null, 2)}\n`,
    );
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const sent = await vscode.commands.executeCommand<{ outcome: string }>('exchangeTx.sendRequest', document.uri, 0, {
      silent: true,
    });
    assert.equal(sent.outcome, 'result');
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false });
    await eventually(
      async () => (await findInWorkbench('.part.editor .codelens-decoration a')).count > 0,
      'the CodeLens',
    );
    // The lenses, whole, in the request's half of a 1400 px window.
    await assertNothingCut('.part.editor .codelens-decoration a', 'the CodeLens titles');
    await vscode.commands.executeCommand('exchangeTx.history.focus');
    await eventually(async () => (await findInWorkbench(rowLabels('History'))).count > 0, 'the History entry');
    await assertNothingCut(rowLabels('History'), 'History labels');
    await assertNothingCut(rowDescriptions('History'), 'History descriptions');
    // The answer's header, whole, in its half of the window.
    await eventually(
      async () =>
        (await findInWorkbench(`${editorOf('exchange-tx-answer:')} .view-line`)).texts.some(
          (t) => t.includes('HTTP\u00a0200') || t.includes('HTTP 200'),
        ),
      'the answer beside the request',
    );
    await assertLinesFit('exchange-tx-answer:', (line) => line.startsWith('//'), "the answer's header lines");
    await inThemes(async (theme) => {
      await screenshotOf(`walkthrough/request-${theme}`, {
        ...WALKTHROUGH,
        clip: ['.part.editor .editor-group-container:has(.codelens-decoration)'],
        margin: 0,
        maxHeight: 215,
      });
    });
  });

  it("an error's answer says what it means and what to do, within the editor's width", async () => {
    const { document } = await api.requests.openUntitled(
      `${JSON.stringify({ method: 'getExchangeAmount', params: { from: 'btc', to: 'eth', amountFrom: '100000' } }, null, 2)}\n`,
    );
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const sent = await vscode.commands.executeCommand<{ outcome: string }>(
      'exchangeTx.sendRequestAsWritten',
      document.uri,
      0,
      { silent: true },
    );
    assert.match(sent.outcome, /^error /);
    await eventually(
      async () =>
        (await findInWorkbench(`${editorOf('exchange-tx-answer:')} .view-line`)).texts.some((t) =>
          t.includes('Meaning:'),
        ),
      'the error answer beside the request',
    );
    await assertLinesFit('exchange-tx-answer:', (line) => line.startsWith('//'), "the error answer's header lines");
  });

  it('Add Account… asks for the name first, at the top of the window', async () => {
    const adding = vscode.commands.executeCommand('exchangeTx.addAccount');
    await eventually(async () => (await findInWorkbench('.quick-input-widget')).count === 1, 'the input box');
    await inThemes(async (theme) => {
      await screenshotOf(`walkthrough/account-${theme}`, {
        ...WALKTHROUGH,
        clip: ['.quick-input-widget'],
        margin: 8,
        maxWidth: 640,
      });
    });
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await adding;
    assert.equal(api.environment.accounts.accounts.length, 0, 'nothing added');
  });
});
