/**
 * What the tests and the server host need from the system, installed once and only when missing.
 * One list, used by `npm test` (before the browser and integration steps), by `npm start` and by
 * the server host (test/runner/serverInstall.ts), and runnable alone:
 *
 *   node out/scripts/prerequisites.js     checks, installs what is missing (apt-get), or says
 *                                         which command to run when it cannot install
 *
 * - chromium: the headless browser of the browser tests and of the server host;
 * - libkrb5-dev: the Kerberos headers (gssapi.h) code-server's `kerberos` module builds against;
 * - make, g++, python3: node-gyp, which builds code-server's native modules;
 * - python3-pycryptodome, python3-requests: the Python client written from the service's
 *   documentation (packages/sandbox/test/docsClients), run against the sandbox.
 *
 * It installs through apt-get, as root or through passwordless sudo. Where it cannot (no apt-get,
 * or neither root nor passwordless sudo) it stops at once with the exact command to run; it never
 * waits for a password.
 *
 * The decision (what is missing, what to run, what to say) is pure and unit-tested
 * (test/unit/prerequisites.test.ts); the rest looks at the machine and runs apt-get.
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { errorText } from '../src/shared/errorText';

export type RequirementId = 'chromium' | 'gssapi' | 'make' | 'g++' | 'python3' | 'pycryptodome' | 'requests';

export interface Requirement {
  readonly id: RequirementId;
  /** The Debian package that provides it. */
  readonly debianPackage: string;
  /** What it is and what needs it, for messages. */
  readonly purpose: string;
}

/** Everything the tests need from the system, in install order. */
export const REQUIREMENTS: readonly Requirement[] = [
  {
    id: 'chromium',
    debianPackage: 'chromium',
    purpose: 'Chromium, the headless browser of the browser tests and the server host (or set CHROMIUM_PATH)',
  },
  {
    id: 'gssapi',
    debianPackage: 'libkrb5-dev',
    purpose: "the Kerberos headers (gssapi.h) code-server's kerberos module builds against",
  },
  { id: 'make', debianPackage: 'make', purpose: 'make, for node-gyp' },
  { id: 'g++', debianPackage: 'g++', purpose: 'a C++ compiler (g++), for node-gyp' },
  { id: 'python3', debianPackage: 'python3', purpose: 'python3, for node-gyp' },
  {
    id: 'pycryptodome',
    debianPackage: 'python3-pycryptodome',
    purpose: "PyCryptodome, which the Python client written from the service's documentation signs with",
  },
  {
    id: 'requests',
    debianPackage: 'python3-requests',
    purpose: "requests, which the Python client written from the service's documentation sends with",
  },
];

/** Which requirements this machine already has. */
export type Presence = Readonly<Record<RequirementId, boolean>>;

/** How this process could install packages. */
export interface Access {
  /** apt-get is on PATH. */
  readonly aptGet: boolean;
  /** The process runs as root. */
  readonly root: boolean;
  /** `sudo -n true` succeeds (sudo without a password). */
  readonly passwordlessSudo: boolean;
}

export type Plan =
  | { readonly kind: 'ready' }
  /** Run `commands` one after the other (argument vectors); they install `packages`. */
  | {
      readonly kind: 'install';
      readonly packages: readonly string[];
      readonly commands: readonly (readonly string[])[];
    }
  /** Cannot install from here: `message` says what to do, `command` is the line to run, when there is one. */
  | {
      readonly kind: 'manual';
      readonly packages: readonly string[];
      readonly command: string | undefined;
      readonly message: string;
    };

/** The requirements `present` lacks, in REQUIREMENTS order. */
export function missingRequirements(present: Presence): Requirement[] {
  return REQUIREMENTS.filter((r) => !present[r.id]);
}

/** The Debian packages for `missing`, each once, in order. */
export function packagesFor(missing: readonly Requirement[]): string[] {
  return [...new Set(missing.map((r) => r.debianPackage))];
}

/** Waits for another apt or dpkg run to finish instead of failing on its lock. */
const LOCK_TIMEOUT_SECONDS = 300;

/** What to do about `missing`, given how this process could install. */
export function planPrerequisites(missing: readonly Requirement[], access: Access): Plan {
  if (missing.length === 0) return { kind: 'ready' };
  const packages = packagesFor(missing);
  const list = packages.join(' ');
  if (!access.aptGet) {
    return {
      kind: 'manual',
      packages,
      command: undefined,
      message:
        `this machine has no apt-get, so the tests cannot install what they need. Install:\n` +
        missing.map((r) => `  - ${r.purpose} (Debian: ${r.debianPackage})`).join('\n') +
        '\nthen run the command again.',
    };
  }
  if (!access.root && !access.passwordlessSudo) {
    const command = `sudo apt-get update && sudo apt-get install -y ${list}`;
    return {
      kind: 'manual',
      packages,
      command,
      message:
        `the tests need ${list}, and installing them needs root (this is not root, and there is no sudo that works without a password). Run:\n\n` +
        `  ${command}\n\nthen run the command again.`,
    };
  }
  const prefix = access.root ? [] : ['sudo', '-n'];
  const apt = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  return {
    kind: 'install',
    packages,
    commands: [
      [...apt, 'update', '-q'],
      [...apt, 'install', '-y', '-q', '-o', `DPkg::Lock::Timeout=${LOCK_TIMEOUT_SECONDS}`, ...packages],
    ],
  };
}

/** The line apt-get prints about what it did ("12 newly installed, ..."), if any. */
export function installSummary(aptOutput: string): string | undefined {
  return /^\d+ upgraded, \d+ newly installed.*$/m.exec(aptOutput)?.[0];
}

// ---------------------------------------------------------------------------------------------
// The machine.

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The chromium to drive: CHROMIUM_PATH, else chromium on PATH. Debian's /usr/bin/chromium is a
 * shell wrapper that loads system extensions and prints noise; the binary behind it is used.
 */
export function findChromium(): string | undefined {
  const given = process.env.CHROMIUM_PATH;
  if (given) return fs.existsSync(given) ? given : undefined;
  const found = onPath('chromium') ?? onPath('chromium-browser');
  if (!found) return undefined;
  const real = '/usr/lib/chromium/chromium';
  try {
    if (fs.readFileSync(found, { encoding: 'latin1' }).startsWith('#!')) {
      fs.accessSync(real, fs.constants.X_OK);
      return real;
    }
  } catch {
    // keep what PATH gave
  }
  return found;
}

const PYTHON_IMPORTS = {
  requests: 'import requests',
  pycryptodome: 'try:\n import Crypto.Signature\nexcept ImportError:\n import Cryptodome.Signature',
} as const;

function imports(python: string, module: keyof typeof PYTHON_IMPORTS): boolean {
  return spawnSync(python, ['-c', PYTHON_IMPORTS[module]], { stdio: 'ignore', timeout: 15_000 }).status === 0;
}

/**
 * Whether the Python client can run for `module`: one python3 (PATH's, or Debian's own) must
 * import both PyCryptodome (as Crypto or as Debian's Cryptodome) and requests, so each is
 * counted only where its partner is too. When none has both, Debian's python3 is what the apt
 * packages complete, so it alone is asked (PATH's python3 with only requests, say, must not hide
 * that Debian's python3 lacks it).
 */
function pythonHas(module: keyof typeof PYTHON_IMPORTS): boolean {
  const both = (python: string): boolean => imports(python, 'pycryptodome') && imports(python, 'requests');
  return ['python3', '/usr/bin/python3'].some(both) || imports('/usr/bin/python3', module);
}

function hasGssapiHeaders(): boolean {
  return ['/usr/include/gssapi/gssapi.h', '/usr/include/gssapi.h'].some((f) => fs.existsSync(f));
}

/** What this machine has, now. */
export function probePresence(): Presence {
  return {
    chromium: findChromium() !== undefined,
    gssapi: hasGssapiHeaders(),
    make: onPath('make') !== undefined,
    'g++': onPath('g++') !== undefined,
    python3: onPath('python3') !== undefined,
    pycryptodome: pythonHas('pycryptodome'),
    requests: pythonHas('requests'),
  };
}

function probeAccess(): Access {
  const root = process.getuid?.() === 0;
  const sudo = !root && onPath('sudo') !== undefined;
  return {
    aptGet: onPath('apt-get') !== undefined,
    root,
    // -n: fail at once rather than ask for a password.
    passwordlessSudo: sudo && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0,
  };
}

/** The system lacks something and this process cannot install it; the message says what to run. */
export class PrerequisitesError extends Error {
  constructor(
    message: string,
    readonly command: string | undefined,
  ) {
    super(message);
    this.name = 'PrerequisitesError';
  }
}

function log(message: string): void {
  console.error(`prerequisites: ${message}`);
}

/** Runs one command, its output kept (and shown if it fails); never interrupted half-way. */
function run(argv: readonly string[]): Promise<string> {
  const [command, ...args] = argv;
  if (command === undefined) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.length > 1_000_000) output = output.slice(-500_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        console.error(output.split('\n').slice(-40).join('\n'));
        reject(new Error(`${argv.join(' ')} failed (exit ${code ?? 'killed'})`));
      }
    });
  });
}

/**
 * Makes sure everything in REQUIREMENTS is on this machine: returns at once when it is, installs
 * what is missing when it can (printing what), and otherwise throws a PrerequisitesError whose
 * message holds the command to run.
 */
export async function ensurePrerequisites(): Promise<void> {
  const given = process.env.CHROMIUM_PATH;
  if (given && !fs.existsSync(given)) {
    throw new PrerequisitesError(
      `CHROMIUM_PATH is set to "${given}", which does not exist: point it at a chromium or chrome binary, or unset it`,
      undefined,
    );
  }
  const missing = missingRequirements(probePresence());
  const plan = planPrerequisites(
    missing,
    missing.length === 0 ? { aptGet: false, root: false, passwordlessSudo: false } : probeAccess(),
  );
  if (plan.kind === 'ready') return;
  if (plan.kind === 'manual') throw new PrerequisitesError(plan.message, plan.command);

  const started = Date.now();
  log(`missing: ${missing.map((r) => r.purpose).join('; ')}`);
  log(`installing ${plan.packages.join(' ')} with apt-get (once; later runs find them)`);
  let summary: string | undefined;
  for (const argv of plan.commands) {
    log(`$ ${argv.join(' ')}`);
    summary = installSummary(await run(argv)) ?? summary;
  }
  const still = missingRequirements(probePresence());
  if (still.length > 0) {
    throw new PrerequisitesError(
      `apt-get installed ${plan.packages.join(' ')}, but these are still missing: ${still.map((r) => r.purpose).join('; ')}`,
      undefined,
    );
  }
  log(
    `installed ${plan.packages.join(' ')}${summary ? ` (apt-get: ${summary})` : ''} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

if (require.main === module) {
  ensurePrerequisites().then(
    () => {
      log(`all present: ${REQUIREMENTS.map((r) => r.debianPackage).join(', ')}`);
      process.exit(0);
    },
    (error: unknown) => {
      log(errorText(error));
      process.exit(1);
    },
  );
}
