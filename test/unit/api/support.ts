/** A real sandbox and a real client for the API tests: real HTTP, real signatures. */
import { loadCredentials, ExchangeClient, RateLimiter } from '../../../src/api';
import type { Credentials, ExchangeClientOptions } from '../../../src/api';
import { DEFAULT_SEED, ManualClock, startSandbox } from '../../../packages/sandbox/src';
import type { Sandbox, SandboxOptions } from '../../../packages/sandbox/src';
import { noteSignature, registeredKeys } from '../../secrets/registry';

let shared: Credentials | undefined;

/** One generated key pair for the whole run (RSA generation is slow). */
export function testCredentials(): Credentials {
  shared ??= loadCredentials(registeredKeys().privateKeyHex);
  return shared;
}

export interface Harness {
  readonly sandbox: Sandbox;
  readonly credentials: Credentials;
  /** The one limiter of this key: clients made by `client()` share it, as the extension's do. */
  readonly limiter: RateLimiter;
  client(options?: Partial<ExchangeClientOptions>): ExchangeClient;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const credentials = testCredentials();
  // Seeded, so what the tests create is the same every run (without a seed the sandbox's ids are random).
  const sandbox = await startSandbox({
    onSignature: noteSignature,
    clock: new ManualClock(),
    seed: DEFAULT_SEED,
    ...options,
  });
  sandbox.registerKey(credentials);
  const limiter = new RateLimiter();
  return {
    sandbox,
    credentials,
    limiter,
    client: (extra = {}) =>
      new ExchangeClient({
        baseUrl: sandbox.url,
        credentials,
        limiter,
        retry: { baseDelayMs: 5, rateLimitDelayMs: 50 },
        ...extra,
      }),
  };
}

/** The most requests that arrived at the sandbox within any window of `windowMs`. */
export function peakInWindow(arrivals: readonly number[], windowMs = 1000): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
