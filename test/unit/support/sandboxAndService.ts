/**
 * The two sandboxes of the MCP binding tests, started before the calling suite and stopped after
 * it: `sandbox`, bound as the local sandbox (a skippable clock), and `service`, bound as an
 * account's service; each seeded, with a key of its own noted in the run's secret registry.
 *
 *   const both = sandboxAndService({ seeds: [7, 8], ledgerSize: 30 });
 *   … both.sandbox.url, both.sandboxKey.privateKeyHex, both.service.requests …
 */
import type { GeneratedKeys } from '../../../src/api/keys';
import { loadCredentials } from '../../../src/api/keys';
import type { Sandbox } from '../../../packages/sandbox/src';
import { SkippableClock, startSandbox } from '../../../packages/sandbox/src';
import { noteSignature, registeredKeys } from '../../secrets/registry';

export interface SandboxAndService {
  /** The key of `sandbox`. */
  readonly sandboxKey: GeneratedKeys;
  /** The key of `service` (the account's). */
  readonly accountKey: GeneratedKeys;
  /** The sandbox bound as the local sandbox, with a skippable clock (from the suite's `before`). */
  readonly sandbox: Sandbox;
  /** The sandbox bound as an account's service (from the suite's `before`). */
  readonly service: Sandbox;
}

/** Starts the two sandboxes in the calling suite's `before` and stops them in its `after`. */
export function sandboxAndService(options: {
  readonly seeds: readonly [sandbox: number, service: number];
  readonly ledgerSize: number;
}): SandboxAndService {
  const sandboxKey = registeredKeys();
  const accountKey = registeredKeys();
  let sandbox: Sandbox | undefined;
  let service: Sandbox | undefined;
  before(async () => {
    sandbox = await startSandbox({
      seed: options.seeds[0],
      ledgerSize: options.ledgerSize,
      clock: new SkippableClock(),
      keys: [loadCredentials(sandboxKey.privateKeyHex)],
      onSignature: noteSignature,
    });
    service = await startSandbox({
      seed: options.seeds[1],
      ledgerSize: options.ledgerSize,
      keys: [loadCredentials(accountKey.privateKeyHex)],
      onSignature: noteSignature,
    });
  });
  after(async () => {
    await sandbox?.stop();
    await service?.stop();
  });
  const started = (which: Sandbox | undefined): Sandbox => {
    if (!which) throw new Error('the sandboxes start in the suite\'s "before"');
    return which;
  };
  return {
    sandboxKey,
    accountKey,
    get sandbox() {
      return started(sandbox);
    },
    get service() {
      return started(service);
    },
  };
}
