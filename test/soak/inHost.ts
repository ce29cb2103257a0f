/**
 * The soak, inside the real extension host (the extensionTestsPath entry of `npm run soak`):
 * every feature at once against the built-in sandbox with every fault on, for a set time, then a
 * forced failure of every request to check that each feature still shows its last good data.
 * It writes what it measured to EXCHANGE_TX_TEST_SOAK_OUT; the driver (runSoak.ts) adds what the
 * workbench page showed and asserts the invariants.
 *
 * The load: the Transactions view visible and refreshing by itself every second (and Refresh
 * pressed every 5 s), 20 watched transactions polled every 2 s, a hover over an id every 100 ms
 * (the previous one cancelled, as the editor does when the pointer moves on), and the pair-limits
 * panel refreshed every 3 s.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../src/extension';
import type { FaultOptions, Sandbox } from '../../packages/sandbox/src';
import type { KnownStatus } from '../../src/shared/status';
import { SANDBOX_CONTROL_PATH } from '../../src/shared/controlProtocol';
import { eventually, extensionApi, resetEnvironment } from '../integration/support/extension';
import { registerSecret } from '../secrets/registry';
import type { HostReport, LastGood } from './figures';
import { losses, memory, shownNow, trackRejections } from './hostWatch';
import { PROBE_TEXT } from './probe';

const WATCHES = 20;
/** Ids hovered that no other feature loaded: each hover of one asks the service. */
const HOVER_UNSEEN = 150;
const HOVER_EVERY_MS = 100;
const VIEW_REFRESH_EVERY_MS = 5_000;
const PANEL_REFRESH_EVERY_MS = 3_000;
const CHECK_EVERY_MS = 250;
const PAIRS = [
  { from: 'btc', to: 'eth' },
  { from: 'xrp', to: 'usdt' },
  { from: 'ltc', to: 'btc' },
  { from: 'eth', to: 'ltc' },
  { from: 'usdt', to: 'btc' },
];

/** Every fault the sandbox has, at once: about a third of the answers is one. */
export const SOAK_FAULTS: FaultOptions = {
  latencyMs: 40,
  latencyJitterMs: 160,
  hostile: 1 / 3,
  rates: {
    http500: 0.03,
    http502: 0.03,
    http503: 0.03,
    nonJson: 0.04,
    truncated: 0.04,
    internalError: 0.04,
    wrongId: 0.04,
    hang: 0.02,
    slow: 0.01,
    rateLimited: 0.05,
  },
};

/** What the sandbox shows with no fault but its hostile strings (the good data is hostile too). */
const CALM: FaultOptions = { latencyMs: SOAK_FAULTS.latencyMs, hostile: SOAK_FAULTS.hostile };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const config = () => vscode.workspace.getConfiguration('exchangeTx');

const SETTINGS: [string, unknown][] = [
  ['requestTimeoutSeconds', 3],
  ['watch.intervalSeconds', 2],
  ['transactions.refreshSeconds', 1],
];

async function setSettings(restore: boolean): Promise<void> {
  for (const [key, value] of SETTINGS)
    await config().update(key, restore ? undefined : value, vscode.ConfigurationTarget.Global);
}

/** Transactions that keep moving for minutes (a status a minute, finished after five). */
function movingIds(sandbox: Sandbox): string[] {
  const statuses: KnownStatus[] = ['waiting', 'confirming', 'exchanging', 'sending', 'finished'];
  return Array.from({ length: WATCHES }, (_, i) => {
    const plan = statuses.map((status, step) => ({ status, afterMs: step * 60_000 + (step === 0 ? 0 : i * 1000) }));
    return sandbox.ledger.create({ plan }).id;
  });
}

async function openPanel(api: ExchangeTxApi) {
  await vscode.commands.executeCommand('exchangeTx.showPairLimits');
  const panel = api.pairLimits.controller.panel;
  if (!panel) throw new Error('the pair-limits panel did not open');
  await eventually(() => panel.page.ready, 'the pair-limits page to say ready', 30_000);
  for (const pair of PAIRS) await panel.receive({ type: 'add', ...pair });
  await panel.whenIdle();
  return panel;
}

/** Hovers over the ids of a document, one every HOVER_EVERY_MS, cancelling the one before. */
function startHovers(
  api: ExchangeTxApi,
  document: vscode.TextDocument,
  counts: Record<string, number>,
): { stop(): Promise<void> } {
  let line = 0;
  let previous: vscode.CancellationTokenSource | undefined;
  const running = new Set<Promise<void>>();
  const timer = setInterval(() => {
    previous?.cancel();
    const source = new vscode.CancellationTokenSource();
    previous = source;
    const position = new vscode.Position(line, 10);
    line = (line + 1) % document.lineCount;
    counts.hovers = (counts.hovers ?? 0) + 1;
    const hover = Promise.resolve(api.hover.provideHover(document, position, source.token)).then(
      (result) => {
        const key = source.token.isCancellationRequested ? 'hoversCancelled' : result ? 'hoversShown' : 'hoversEmpty';
        counts[key] = (counts[key] ?? 0) + 1;
      },
      () => {
        counts.hoversRejected = (counts.hoversRejected ?? 0) + 1;
      },
    );
    running.add(hover);
    void hover.finally(() => running.delete(hover));
  }, HOVER_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      previous?.cancel();
      await Promise.all(running);
    },
  };
}

function every(ms: number, task: () => Promise<unknown>, count: () => void): { stop(): Promise<void> } {
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    count();
    // A task still running is not started again (a user waits for the spinner too).
    current = current.then(task, task).catch(() => undefined);
  }, ms);
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}

/** Every request fails (HTTP 500): each feature must keep what it showed and say why in place. */
async function forcedFailure(api: ExchangeTxApi, sandbox: Sandbox): Promise<HostReport['lastGood']> {
  sandbox.setFaults({ rates: { http500: 1 } });
  const before = shownNow(api);
  await api.transactions.view.refresh();
  const panel = api.pairLimits.controller.panel;
  await Promise.all([api.watch.pollNow(), panel?.receive({ type: 'refresh' }).then(() => panel.whenIdle())]);
  const after = shownNow(api);
  const view: LastGood = {
    before: before.viewRecords,
    after: after.viewRecords,
    failureShown: api.transactions.list.error !== undefined && api.transactions.list.roots()[0]?.kind === 'error',
  };
  const items = api.watch.items().filter((item) => item.polling);
  const watch: LastGood = {
    before: before.watchStatuses.size,
    after: [...before.watchStatuses.keys()].filter((id) => after.watchStatuses.has(id)).length,
    failureShown: items.length > 0 && items.every((item) => item.text.startsWith('$(warning)')),
  };
  const panelGood: LastGood = {
    before: before.pairLimits.size,
    after: [...before.pairLimits].filter((pair) => after.pairLimits.has(pair)).length,
    failureShown: typeof panel?.state.error === 'string',
  };
  return { view, watch, panel: panelGood };
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.EXCHANGE_TX_TEST_SOAK_SECONDS ?? '120');
  const out = process.env.EXCHANGE_TX_TEST_SOAK_OUT;
  if (!out) throw new Error('EXCHANGE_TX_TEST_SOAK_OUT is not set: run the soak through npm run soak');
  if (!(seconds > 0)) throw new Error(`not a duration: ${String(seconds)} s`);
  const rejections = trackRejections();
  const api = await extensionApi();
  await resetEnvironment(api);
  await setSettings(false);
  // A still ledger (no traffic): the soak compares what each feature showed before and after.
  await vscode.workspace
    .getConfiguration('exchangeTx.sandbox')
    .update('trafficPerHour', 0, vscode.ConfigurationTarget.Global);
  const sandbox = (await api.sandboxHost.start()).sandbox;
  sandbox.setFaults(CALM);

  // The probe: one error notification the driver must see, or its count proves nothing.
  void vscode.window.showErrorMessage(PROBE_TEXT);
  await sleep(1500);
  await vscode.commands.executeCommand('notifications.clearAll');

  // Good data first, every feature showing it.
  const ids = movingIds(sandbox);
  await vscode.commands.executeCommand('exchangeTx.transactions.focus');
  await eventually(() => api.transactions.list.size > 0, 'the Transactions view to load', 30_000);
  for (const id of ids) await vscode.commands.executeCommand('exchangeTx.watch', id);
  const panel = await openPanel(api);
  // Watched ids and loaded ones (in the store's cache) and as many the extension has not seen yet.
  const loaded = api.transactions.list.records().map((r) => r.id);
  const unseen = sandbox.ledger
    .visible()
    .map((t) => t.id)
    .filter((id) => !loaded.includes(id) && !ids.includes(id));
  const hoverIds = [...ids, ...loaded.slice(0, 30), ...unseen.slice(0, HOVER_UNSEEN)];
  const document = await vscode.workspace.openTextDocument({
    language: 'log',
    content: hoverIds.map((id) => `tx        ${id} status?`).join('\n'),
  });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });

  const memoryStart = memory();
  const counts: Record<string, number> = {};
  const lost: string[] = [];
  let shown = shownNow(api);
  const checker = setInterval(() => {
    const now = shownNow(api);
    lost.push(...losses(shown, now));
    // What shows now is what must not be lost next (a pair refused by the service may change).
    shown = now;
  }, CHECK_EVERY_MS);

  const startedAt = performance.now();
  sandbox.setFaults(SOAK_FAULTS);
  const loads = [
    startHovers(api, document, counts),
    every(
      VIEW_REFRESH_EVERY_MS,
      async () => vscode.commands.executeCommand('exchangeTx.transactions.refresh'),
      () => (counts.viewRefreshPressed = (counts.viewRefreshPressed ?? 0) + 1),
    ),
    every(
      PANEL_REFRESH_EVERY_MS,
      () => panel.receive({ type: 'refresh' }).then(() => panel.whenIdle()),
      () => (counts.panelRefreshes = (counts.panelRefreshes ?? 0) + 1),
    ),
  ];
  const viewLoads = api.transactions.list.onDidChangeState(() => {
    if (api.transactions.list.busy === 'refresh') counts.viewRefreshes = (counts.viewRefreshes ?? 0) + 1;
  });
  await sleep(seconds * 1000);
  await Promise.all(loads.map((load) => load.stop()));
  viewLoads.dispose();
  clearInterval(checker);
  lost.push(...losses(shown, shownNow(api)));
  counts.watchPollFailuresInARow = api.watch.backoff.failures;

  const lastGood = await forcedFailure(api, sandbox);
  const endedAt = performance.now();
  sandbox.setFaults({});
  const memoryEnd = memory();

  const report: HostReport = {
    seconds,
    vscodeVersion: vscode.version,
    requestsDropped: (sandbox.requests[0]?.seq ?? 1) > 1 && (sandbox.requests[0]?.at ?? 0) >= startedAt,
    requests: sandbox.requests
      .filter((r) => r.at >= startedAt && r.at <= endedAt)
      .map((r) => ({
        at: r.at,
        method: r.method,
        outcome: r.outcome,
        ...(r.fault ? { fault: r.fault } : {}),
        ...(r.path === SANDBOX_CONTROL_PATH ? { control: true as const } : {}),
      })),
    memoryStart,
    memoryEnd,
    unhandledRejections: rejections.unhandled(),
    activity: counts,
    lost,
    lastGood,
  };
  fs.writeFileSync(out, JSON.stringify(report));

  // For the secret scan of `npm test`: the sandbox's keys and signatures, and the extension's log.
  for (const [value, kind] of api.testHooks?.sandboxSecrets ?? []) registerSecret(kind, value);
  const scanDir = process.env.EXCHANGE_TX_SCAN_DIR;
  if (scanDir) fs.writeFileSync(`${scanDir}/soak-extension-log.txt`, api.log.recent.join('\n'));

  api.watch.stopAll();
  panel.dispose();
  await setSettings(true);
  rejections.dispose();
  // Notifications the last answers caused have time to show before the driver stops looking.
  await sleep(1500);
}
