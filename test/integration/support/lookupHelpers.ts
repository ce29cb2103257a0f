/**
 * Helpers of the lookup, hover and details suites: the extension's API, the environment put into
 * a known state (the built-in sandbox, or a sandbox of the test's own used as the live service),
 * and waiting for the environment to settle after a change of keys or settings.
 */
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../../src/extension';
import type { Sandbox } from '../../../packages/sandbox/src';
import { addAccount, allowHosts } from './extension';

export async function lookupApi(): Promise<ExchangeTxApi> {
  const extension = vscode.extensions.getExtension<ExchangeTxApi>('exchange-tx.exchange-tx');
  if (!extension) throw new Error('the extension is not loaded');
  const api = await extension.activate();
  await api.loaded();
  return api;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, or fails saying `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the environment has not been reset for `quietMs` (keys and settings events arrive late). */
export async function settle(api: ExchangeTxApi, quietMs = 250): Promise<void> {
  let last = Date.now();
  const subscription = api.environment.onDidReset(() => {
    last = Date.now();
  });
  try {
    while (Date.now() - last < quietMs) await sleep(25);
  } finally {
    subscription.dispose();
  }
}

const config = () => vscode.workspace.getConfiguration('exchangeTx');

/** The built-in sandbox without faults, an empty cache (accounts stay, unused). */
export async function useBuiltInSandbox(api: ExchangeTxApi): Promise<Sandbox> {
  allowHosts(api);
  await api.environment.choose('sandbox');
  await settle(api);
  const sandbox = (await api.sandboxHost.start()).sandbox;
  sandbox.setFaults({});
  api.store.clear();
  return sandbox;
}

/**
 * Uses `baseUrl` as the live service through an account of its own with the private key given
 * (host questions answered yes), and waits until that is in use.
 */
export async function useLive(api: ExchangeTxApi, baseUrl: string, privateKeyHex: string): Promise<void> {
  allowHosts(api);
  const name = `Test ${baseUrl}`;
  const existing = api.environment.accounts.accounts.find((a) => a.name === name);
  if (existing) await api.environment.accounts.remove(existing.id);
  const added = await addAccount({ name, baseUrl, privateKey: privateKeyHex, activate: true });
  if (!added.account) throw new Error(`the test account was not added: ${added.error ?? '?'}`);
  await waitFor(
    () => api.environment.kind === 'live' && api.environment.state.baseUrl === baseUrl,
    'the live environment',
  );
  await settle(api);
  api.store.clear();
}

/** Sets a setting for the test; returns the function that restores it. */
export async function withSetting(section: string, value: unknown): Promise<() => Promise<void>> {
  await config().update(section, value, vscode.ConfigurationTarget.Global);
  return () => Promise.resolve(config().update(section, undefined, vscode.ConfigurationTarget.Global));
}

/** Requests the sandbox saw for one id (the watch or the tree may be asking about others). */
export function requestsFor(sandbox: Sandbox, id: string): number {
  return sandbox.requests.filter((r) => {
    const params = r.params as { id?: unknown } | undefined;
    const ids = params?.id;
    return ids === id || (Array.isArray(ids) && ids.includes(id));
  }).length;
}
