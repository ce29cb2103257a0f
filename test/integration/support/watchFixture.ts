/**
 * The status-bar watch suites' fixture: the extension's API in the sandbox, a long poll interval
 * (so only pollNow() polls unless a test shortens it), every watch stopped and every fault cleared
 * after each test, and readers of the items and of the sandbox's request log.
 */
import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { StatusWatch } from '../../../src/features/watch/statusWatch';
import type { WatchItemSnapshot } from '../../../src/features/watch/watchTypes';
import type { Sandbox } from '../../../packages/sandbox/src';
import type { KnownStatus } from '../../../src/shared/status';
import { extensionApi, resetEnvironment } from './extension';

export const MINUTE = 60_000;
export const TEST_INTERVAL_SECONDS = 60;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function setWatchInterval(seconds: number | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('exchangeTx')
    .update('watch.intervalSeconds', seconds, vscode.ConfigurationTarget.Global);
}

export interface WatchFixture {
  readonly api: ExchangeTxApi;
  readonly sandbox: Sandbox;
  readonly watch: StatusWatch;
  /** The item of a watched id, read from the real StatusBarItem. */
  readonly item: (id: string) => WatchItemSnapshot;
  /** The getTransactions requests the sandbox saw that asked for `id`. */
  readonly requestsFor: (id: string) => Sandbox['requests'][number][];
  /** A sandbox transaction entering each status a minute after the previous one. */
  readonly create: (statuses: KnownStatus[], type?: 'float' | 'fixed') => string;
  /** Skips the sandbox's time ahead. */
  readonly advance: (ms: number) => void;
}

/** Registers the suite's hooks; the fixture is usable from the first test on. */
export function useWatchFixture(): WatchFixture {
  let api: ExchangeTxApi | undefined;
  let sandbox: Sandbox | undefined;
  const ready = () => {
    assert.ok(api && sandbox, 'the fixture is set up');
    return { api, sandbox };
  };

  before(async () => {
    api = await extensionApi();
    await resetEnvironment(api);
    sandbox = (await api.sandboxHost.start()).sandbox;
    await setWatchInterval(TEST_INTERVAL_SECONDS);
  });
  afterEach(async () => {
    ready().api.watch.stopAll();
    ready().sandbox.setFaults({});
    await setWatchInterval(TEST_INTERVAL_SECONDS);
  });
  after(async () => {
    await setWatchInterval(undefined);
  });

  return {
    get api() {
      return ready().api;
    },
    get sandbox() {
      return ready().sandbox;
    },
    get watch() {
      return ready().api.watch;
    },
    item: (id) => {
      const found = ready()
        .api.watch.items()
        .find((i) => i.id === id);
      assert.ok(found, `an item for ${id}`);
      return found;
    },
    requestsFor: (id) => {
      return ready().sandbox.requests.filter((r) => {
        const ids: unknown = (r.params as { id?: unknown } | undefined)?.id;
        return r.method === 'getTransactions' && (ids === id || (Array.isArray(ids) && ids.includes(id)));
      });
    },
    create: (statuses, type) => {
      const plan = statuses.map((status, i) => ({ status, afterMs: i * MINUTE }));
      return ready().sandbox.ledger.create({ plan, ...(type ? { type } : {}) }).id;
    },
    advance: (ms) => {
      ready().api.sandboxHost.clock.advance(ms);
    },
  };
}
