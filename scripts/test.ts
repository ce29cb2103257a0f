/**
 * `npm test`: every check, one after the other, each step's output shown and kept in
 * `.test-output/`. The npm script compiles once before this runs, and the build step bundles once
 * before the first step that runs the bundle: the steps then run their commands directly, so no
 * step compiles or bundles again. The integration suite runs twice: on the oldest VS Code the
 * manifest accepts and on the newest code-server on npm (test/runner/config.ts TARGETS); the
 * newest is skipped, with the reason printed, only when it cannot be installed here at all. Then
 * the `.vsix` is packaged and tested as a user gets it (installed into a fresh profile:
 * test/runner/runPackaged.ts), and a secret scan looks through everything the run produced (the
 * steps' output, the extension host's profiles and logs, the messages posted to webviews, the
 * package) for the private keys, API keys and signatures the tests registered, and for anything
 * shaped like one. A hit fails the run.
 *
 * The browser and integration steps need Chromium and, for the server host's first install, a
 * compiler and the Kerberos headers: when they are selected, the run starts with the
 * prerequisites step (scripts/prerequisites.ts), which installs what is missing, once, or stops at
 * once with the command to run. `check` and `unit` alone do not need it.
 *
 *   npm test                 everything
 *   npm test -- --only unit  one step (prerequisites, build, check, unit, browser, integration,
 *                            integration-newest, soak, package, packaged, scan)
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { errorText } from '../src/shared/errorText';

const root = path.resolve(__dirname, '..', '..');
const outputDir = path.join(root, '.test-output');
const registry = path.join(outputDir, 'secrets.jsonl');
const artifacts = path.join(outputDir, 'artifacts');
const vsix = path.join(outputDir, 'exchange-tx.vsix');

interface Step {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Needs what the prerequisites step installs (Chromium, a compiler, headers). */
  readonly needsSystem?: boolean;
  /** Runs the development bundle (dist/), which the build step makes. */
  readonly needsBundle?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** An exit code that means "cannot run on this machine at all": the step is skipped, not failed. */
  readonly skipCode?: number;
}

/** runIntegration's exit code when npm cannot deliver the host (test/runner/runIntegration.ts). */
const HOST_UNAVAILABLE = 3;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const node = (script: string, ...args: string[]): Pick<Step, 'command' | 'args'> => ({
  command: process.execPath,
  args: [path.join(root, script), ...args],
});
const mocha = (config: string): Pick<Step, 'command' | 'args'> =>
  node(path.join('node_modules', 'mocha', 'bin', 'mocha.js'), '--config', config);

const PREREQUISITES: Step = { name: 'prerequisites', ...node('out/scripts/prerequisites.js') };
const BUILD: Step = { name: 'build', ...node('esbuild.js') };

const STEPS: readonly Step[] = [
  PREREQUISITES,
  BUILD,
  // `npm run check` without its type check: the npm script of `npm test` has just compiled.
  { name: 'check', command: npm, args: ['run', 'lint'] },
  { name: 'unit', ...mocha('.mocharc.json') },
  { name: 'browser', ...mocha('.mocharc.browser.json'), needsSystem: true, needsBundle: true },
  {
    name: 'integration',
    ...node('out/test/runner/runIntegration.js'),
    needsSystem: true,
    needsBundle: true,
    env: { VSCODE_TEST_TARGET: 'oldest' },
  },
  {
    name: 'integration-newest',
    ...node('out/test/runner/runIntegration.js'),
    needsSystem: true,
    needsBundle: true,
    env: { VSCODE_TEST_TARGET: 'newest' },
    skipCode: HOST_UNAVAILABLE,
  },
  // Every feature at once against a sandbox with every fault on; asserts counts (see test/soak/).
  {
    name: 'soak',
    ...node('out/test/soak/runSoak.js', '--seconds', '20'),
    needsSystem: true,
    needsBundle: true,
    env: { VSCODE_TEST_TARGET: 'oldest' },
  },
  { name: 'package', command: npm, args: ['run', 'package', '--', '--out', vsix] },
  { name: 'packaged', ...node('out/test/runner/runPackaged.js', vsix), needsSystem: true },
  { name: 'scan', ...node('out/test/secrets/runScan.js', registry, outputDir) },
];

function run(step: Step): Promise<number> {
  const log = fs.createWriteStream(path.join(outputDir, `${step.name}.log`));
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...step.env,
        EXCHANGE_TX_SECRETS: registry,
        EXCHANGE_TX_SCAN_DIR: artifacts,
        FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
      },
    });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      log.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      log.write(chunk);
    });
    child.on('error', (error) => {
      console.error(`test: ${step.name} could not start: ${error.message}`);
      log.end(() => resolve(1));
    });
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

async function main(): Promise<number> {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
  const chosen = only ? STEPS.filter((s) => s.name === only) : STEPS;
  if (chosen.length === 0) {
    console.error(`test: no step "${only ?? ''}"; steps: ${STEPS.map((s) => s.name).join(', ')}`);
    return 2;
  }
  // The prerequisites first, so that a machine lacking something stops before minutes of other steps.
  const steps = [
    ...(chosen.some((s) => s.needsSystem) && !chosen.includes(PREREQUISITES) ? [PREREQUISITES] : []),
    ...(chosen.some((s) => s.needsBundle) && !chosen.includes(BUILD) ? [BUILD] : []),
    ...chosen,
  ];
  if (!only) fs.rmSync(outputDir, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  const started = Date.now();
  const times: string[] = [];
  for (const step of steps) {
    const stepStarted = Date.now();
    console.log(`\n=== npm test: ${step.name} ===`);
    const code = await run(step);
    const seconds = ((Date.now() - stepStarted) / 1000).toFixed(0);
    if (code !== 0 && code === step.skipCode) {
      console.log(
        `=== npm test: ${step.name} SKIPPED: it cannot run on this machine (the reason is above, and in .test-output/${step.name}.log) ===`,
      );
      times.push(`${step.name} skipped`);
      continue;
    }
    if (code !== 0) {
      console.error(
        `\nnpm test: ${step.name} FAILED (exit ${code}, ${seconds} s); its output is in .test-output/${step.name}.log`,
      );
      return code;
    }
    console.log(`=== npm test: ${step.name} passed (${seconds} s) ===`);
    times.push(`${step.name} ${seconds} s`);
  }
  // The registry holds the run's throwaway test keys: it goes once the scan is done.
  if (!only) fs.rmSync(registry, { force: true });
  console.log(`\nnpm test: every step passed in ${((Date.now() - started) / 1000).toFixed(0)} s (${times.join(', ')})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm test could not run: ${errorText(error)}`);
    process.exit(1);
  },
);
