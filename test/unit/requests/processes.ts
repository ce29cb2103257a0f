/**
 * Running the snippets' interpreters in tests: child processes with a time limit and bounded
 * output, tools looked up once (a missing tool is a reason to skip, printed), temporary folders
 * removed afterwards, and the key material a text must not hold.
 */
import { spawn, spawnSync } from 'child_process';
import { createPrivateKey } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface ProcessResult {
  /** Exit code, or null when killed by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  /** stdout as bytes. */
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this many ms; 20 s unless given. */
  readonly timeoutMs?: number;
}

const MAX_OUTPUT = 4 * 1024 * 1024;

/** Runs `command` with `args` (no shell), collecting its output; never rejects for an exit code. */
export function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 20_000,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT) into.push(chunk);
      else child.kill('SIGKILL');
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const stdoutBytes = Buffer.concat(out);
      resolve({
        code,
        signal,
        stdout: stdoutBytes.toString('utf8'),
        stdoutBytes,
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

const PROXY_VARIABLES = /^(?:https?_proxy|all_proxy|no_proxy)$/i;

/** The environment of a child: this one without proxy settings (the sandbox is on loopback), plus `extra`. */
export function childEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!PROXY_VARIABLES.test(name)) env[name] = value;
  return { ...env, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost', ...extra };
}

export function quietly(command: string, args: readonly string[]): { ok: boolean; stdout: string } {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 15_000,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv(),
  });
  return { ok: result.status === 0 && !result.error, stdout: result.stdout ?? '' };
}

/** Why bash cannot run here, or undefined. */
export function bashUnavailable(): string | undefined {
  return quietly('bash', ['-c', 'true']).ok ? undefined : 'bash is not installed';
}

/** Why the bash snippet cannot run here (bash, curl 7.55+ and openssl needed), or undefined. */
export function curlUnavailable(): string | undefined {
  const bash = bashUnavailable();
  if (bash) return bash;
  if (!quietly('openssl', ['version']).ok) return 'openssl is not installed';
  const curl = quietly('curl', ['--version']);
  if (!curl.ok) return 'curl is not installed';
  const [major = 0, minor = 0] = (/^curl (\d+)\.(\d+)/.exec(curl.stdout)?.slice(1) ?? []).map(Number);
  if (major < 7 || (major === 7 && minor < 55))
    return `curl ${major}.${minor} is older than 7.55 (headers from a file)`;
  return undefined;
}

/**
 * The Python 3 interpreter's own path (not a version manager's shim, which may depend on HOME),
 * with the `cryptography` package when asked, or why there is none.
 */
export function findPython(withCryptography: boolean): { readonly executable: string } | { readonly reason: string } {
  const found = quietly('python3', ['-c', 'import sys; print(sys.executable)']);
  const executable = found.stdout.trim();
  if (!found.ok || executable === '') return { reason: 'python3 is not installed' };
  if (withCryptography && !quietly(executable, ['-c', 'import cryptography']).ok)
    return { reason: "python3's cryptography module is not installed (pip install cryptography)" };
  return { executable };
}

/** A fresh private folder under the system's temporary folder; `remove()` deletes it and all it holds. */
export function temporaryFolder(prefix: string): { readonly path: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { path: folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Writes `text` to `file`, readable by its owner only. */
export function writePrivateFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * Every 32-character piece of a private key as it may be written: hex of DER PKCS#8 and PKCS#1
 * (both cases), base64 of DER (the body of a PEM), at every offset.
 */
export function keyPieces(privateKeyHex: string, size = 32): Set<string> {
  const key = createPrivateKey({ key: Buffer.from(privateKeyHex, 'hex'), format: 'der', type: 'pkcs8' });
  const forms: string[] = [];
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    const der = key.export({ format: 'der', type });
    forms.push(der.toString('hex'), der.toString('hex').toUpperCase(), der.toString('base64'));
  }
  const pieces = new Set<string>();
  for (const form of forms) for (let i = 0; i + size <= form.length; i++) pieces.add(form.slice(i, i + size));
  return pieces;
}

/** Whether `text` holds any of `pieces` (all of one length), line breaks ignored. */
export function holdsAny(text: string, pieces: ReadonlySet<string>): boolean {
  const size = pieces.values().next().value?.length ?? 0;
  if (size === 0) return false;
  const compact = text.replace(/\s+/g, '');
  for (const source of [text, compact]) {
    for (let i = 0; i + size <= source.length; i++) if (pieces.has(source.slice(i, i + size))) return true;
  }
  return false;
}

/** Every `size`-character piece of `text`. */
export function piecesOf(text: string, size = 32): Set<string> {
  const pieces = new Set<string>();
  for (let i = 0; i + size <= text.length; i++) pieces.add(text.slice(i, i + size));
  return pieces;
}
