// The extensionTestsPath entry: the extension host loads this file and calls run(). It runs
// every suite/**/*.test.js with mocha and rejects if any test fails, which makes the host exit
// non-zero. It does not care which host (desktop VS Code or the server host) runs it.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { ExchangeTxApi } from '../../src/extension';
import { registerSecret } from '../secrets/registry';

/**
 * For the secret scan at the end of `npm test` (EXCHANGE_TX_SCAN_DIR): every message posted to a
 * webview, and the extension's log lines, written where the scan looks.
 */
async function recordForScan(): Promise<(() => void) | undefined> {
  const dir = process.env.EXCHANGE_TX_SCAN_DIR;
  if (!dir) return undefined;
  fs.mkdirSync(dir, { recursive: true });
  const api = await vscode.extensions.getExtension<ExchangeTxApi>('exchange-tx.exchange-tx')?.activate();
  if (!api) return undefined;
  const messages = path.join(dir, 'webview-messages.jsonl');
  const subscription = api.pairLimits.controller.onDidPost((message) =>
    fs.appendFileSync(messages, `${JSON.stringify(message)}\n`),
  );
  return () => {
    subscription.dispose();
    fs.writeFileSync(path.join(dir, 'extension-log.txt'), api.log.recent.join('\n'));
    for (const [value, kind] of api.testHooks?.sandboxSecrets ?? []) registerSecret(kind, value);
  };
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort()
    .map((file) => path.join(dir, file));
}

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    // An it.only or describe.only left in a suite fails the run instead of skipping the rest.
    forbidOnly: true,
    timeout: Number(process.env.EXCHANGE_TX_TEST_MOCHA_TIMEOUT ?? 20_000),
  });
  const grep = process.env.EXCHANGE_TX_TEST_GREP;
  if (grep) mocha.grep(grep);

  const suiteDir = path.join(__dirname, 'suite');
  const files = testFiles(suiteDir);
  if (files.length === 0) throw new Error(`no integration tests (*.test.js) in ${suiteDir}`);
  for (const file of files) mocha.addFile(file);

  // The built-in sandbox's traffic (new transactions arriving) is off for the suite: its tests
  // expect a still ledger. The long-use test turns it on for itself.
  await vscode.workspace
    .getConfiguration('exchangeTx.sandbox')
    .update('trafficPerHour', 0, vscode.ConfigurationTarget.Global);
  const finishScan = await recordForScan();
  const failures = await new Promise<number>((resolve, reject) => {
    try {
      mocha.run(resolve);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  finishScan?.();
  if (failures > 0) throw new Error(`${failures} integration test${failures === 1 ? '' : 's'} failed`);
}
