// Runs the integration suite (out/test/integration/index.js) inside a real VS Code extension
// host, with the repository root as the extension under development (it runs dist/extension.js).
// Build first: `npm run test:integration` bundles, compiles and then runs this.
//
// VSCODE_TEST_TARGET picks the VS Code: the oldest the manifest accepts (default) or the newest
// code-server on npm (config.ts TARGETS).
//
// Exit codes: see hostSession.ts (0 passed, 1 failed, 2 could not run, 3 the host cannot be
// installed here at all, 124 time limit, 130 interrupted).
import * as fs from 'fs';
import * as path from 'path';
import { readConfig } from './config';
import type { TestHost } from './config';
import { exitWith, interruptSignal, runSession } from './hostSession';
import { pickHost } from './pickHost';
import { describe, HostUnavailableError, InterruptedError, say } from './processes';

/** The extension's entry (package.json `main`) must have been built. */
function checkBuilt(repoRoot: string, testsEntry: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { main?: unknown };
  if (typeof manifest.main === 'string' && !fs.existsSync(path.resolve(repoRoot, manifest.main))) {
    throw new Error(`${manifest.main} is missing: build the extension first (npm run build)`);
  }
  if (!fs.existsSync(testsEntry)) {
    throw new Error(
      `${path.relative(repoRoot, testsEntry)} is missing: compile the tests first (npm run compile:tests)`,
    );
  }
}

/**
 * tsc does not delete the output of a deleted source: drop compiled integration tests whose
 * TypeScript is gone, or a removed test would go on running.
 */
function pruneStaleTests(repoRoot: string): void {
  const outDir = path.join(repoRoot, 'out', 'test', 'integration');
  const srcDir = path.join(repoRoot, 'test', 'integration');
  if (!fs.existsSync(outDir)) return;
  for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    if (fs.existsSync(path.join(srcDir, file.replace(/\.js$/, '.ts')))) continue;
    fs.rmSync(path.join(outDir, file), { force: true });
    fs.rmSync(path.join(outDir, `${file}.map`), { force: true });
    say(`removed out/test/integration/${file}: its source is gone`);
  }
}

async function main(): Promise<number> {
  const config = readConfig(path.resolve(__dirname, '..', '..', '..'));
  pruneStaleTests(config.repoRoot);
  checkBuilt(config.repoRoot, config.testsEntry);
  // Ctrl-C, a CI job being cancelled: stop whatever is running and clean up before leaving.
  const interrupted = interruptSignal();

  const choice = await pickHost(config);
  let host: TestHost = choice.host;
  say(`host: ${host.kind} (${choice.reason}); VS Code target: ${config.target.name} (VSCODE_TEST_TARGET)`);
  let description: string;
  try {
    description = await host.prepare(interrupted);
  } catch (error) {
    if (!choice.fallback || error instanceof InterruptedError || error instanceof HostUnavailableError) throw error;
    say(`the ${host.kind} host is not available (${describe(error)}); using the ${choice.fallback.kind} host`);
    host = choice.fallback;
    description = await host.prepare(interrupted);
  }
  say(`running the integration tests in the ${host.kind} host: ${description}`);
  const code = await runSession(config, host, interrupted, { name: 'exchange-tx-it' });
  say(
    code === 0
      ? `integration tests passed (${host.kind} host, ${description})`
      : `integration tests FAILED (${host.kind} host, exit ${code})`,
  );
  return code;
}

exitWith(main(), 'integration tests');
