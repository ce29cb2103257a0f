// Child processes, process groups, deadlines and clean-up for the integration-test launchers.
// Every long-lived child is started in its own process group, so that stopping it also stops
// whatever it started (code-server's extension host, file watchers, VS Code's helpers).
import { spawn } from 'child_process';
import type { ChildProcess, SpawnOptions } from 'child_process';
import * as net from 'net';
import { errorText } from '../../src/shared/errorText';

/** The run went past its time limit. */
export class TimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/** The runner got SIGINT, SIGTERM or SIGHUP. */
export class InterruptedError extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = 'InterruptedError';
  }
}

/** A command the launcher needed exited with a non-zero status. */
export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`${command} failed (${code === null ? 'killed' : `exit ${code}`})`);
    this.name = 'CommandError';
  }
}

/**
 * The host cannot be installed on this machine at all: npm cannot deliver it (the registry does
 * not answer, or has no build for this platform). A build that fails after the download is not
 * this: that is a failure to fix.
 */
export class HostUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostUnavailableError';
  }
}

/** Whether npm's output says the registry could not deliver (network down, package or version absent). */
export function isRegistryFailure(npmOutput: string): boolean {
  return /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|E404|ETARGET|EBADPLATFORM)\b/.test(
    npmOutput,
  );
}

const t0 = Date.now();

/** How {@link say} starts a line: the test runner's `[integration +1.2s] ` unless a script sets its own. */
let linePrefix = (): string => `[integration +${((Date.now() - t0) / 1000).toFixed(1)}s] `;

/** Sets how the lines of {@link say} start (`npm start` prints its own lines, not the runner's); returns the one before. */
export function setSayPrefix(prefix: () => string): () => string {
  const before = linePrefix;
  linePrefix = prefix;
  return before;
}

/** A progress line on stderr, stamped with the seconds since the runner started (or as set). */
export function say(message: string): void {
  console.error(`${linePrefix()}${message}`);
}

/** Rejects with `signal.reason` once the signal aborts. */
export function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    const fail = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** `promise`, unless `signal` aborts first. */
export function orAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([promise, whenAborted(signal)]);
}

/** `promise`, or a TimeoutError after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A signal that aborts with a TimeoutError after `ms`, or when `parent` aborts. Unlike within(),
 * this stops the work itself: runCommand() kills its process group when the signal aborts.
 */
export function deadline(parent: AbortSignal, ms: number, what: string): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError(what, ms)), ms);
  const onParent = (): void => controller.abort(parent.reason);
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}

/** Clean-up steps, run once, last registered first; a failing or slow step does not stop the rest. */
export class Cleanup {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];
  private done = false;

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await within(Promise.resolve().then(step.run), 15_000, `clean-up of ${step.name}`);
      } catch (error) {
        say(`clean-up of ${step.name} failed: ${describe(error)}`);
      }
    }
  }
}

export function describe(error: unknown): string {
  return errorText(error);
}

/** Starts `command` in a new process group (the child's pid is the group id). */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Stops the whole process group of `child`: SIGTERM, then SIGKILL for whatever is still there
 * after `graceMs`. Returns once the group is gone (or after the SIGKILL if it lingers).
 */
export async function killGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined || !groupAlive(pgid)) return;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const until = Date.now() + graceMs;
  while (Date.now() < until) {
    if (!groupAlive(pgid)) return;
    await sleep(100);
  }
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // gone in the meantime
  }
  await sleep(100);
}

/**
 * Resolves with the exit code (null after a signal) once `child` has exited (`exit`), or has
 * exited and closed its output streams (`close`, so that all its output has been read).
 */
export function exitOf(child: ChildProcess, event: 'exit' | 'close' = 'exit'): Promise<number | null> {
  return new Promise((resolve) => {
    if (event === 'exit' && (child.exitCode !== null || child.signalCode !== null)) resolve(child.exitCode);
    else child.once(event, (code: number | null) => resolve(code));
  });
}

/** The last lines a child printed, kept to explain a failure without flooding a passing run. */
export class OutputTail {
  private readonly lines: string[] = [];
  constructor(private readonly max = 60) {}

  push(chunk: string): void {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }

  text(): string {
    return this.lines.join('\n');
  }
}

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Print the command's output as it runs (otherwise it is shown only if the command fails). */
  echo?: boolean;
  signal?: AbortSignal;
}

/** Runs a command to completion in its own process group; rejects with CommandError on failure. */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<string> {
  const child = spawnGroup(command, args, { cwd: options.cwd, env: options.env ?? process.env });
  let output = '';
  const collect =
    (stream: NodeJS.WriteStream) =>
    (chunk: Buffer): void => {
      const text = chunk.toString();
      output += text;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      if (options.echo) stream.write(text);
    };
  child.stdout?.on('data', collect(process.stdout));
  child.stderr?.on('data', collect(process.stderr));
  const spawned = new Promise<never>((_resolve, reject) => child.once('error', reject));
  const label = [command, ...args].join(' ');
  try {
    const code = await Promise.race([
      exitOf(child, 'close'),
      spawned,
      ...(options.signal ? [whenAborted(options.signal)] : []),
    ]);
    if (code !== 0) throw new CommandError(label, code, output);
    return output;
  } finally {
    await killGroup(child, 2_000);
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
