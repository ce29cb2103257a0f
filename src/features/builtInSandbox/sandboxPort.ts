/** The built-in sandbox's port: the port setting, and the fallbacks when a port is taken. */
import type { Sandbox } from '../../../packages/sandbox/src';
import type { Logger } from '../common/log';
import { readSetting } from '../common/settings';

/** The port setting: 0 (any free port) or 1024–65535. */
export function portSetting(): number {
  const value = readSetting('exchangeTx.sandbox.port');
  return value >= 1024 ? value : 0;
}

function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}

/** Starts on this window's port, else the setting's, else any free one; a taken port is logged. */
export async function listen(
  start: (port: number) => Promise<Sandbox>,
  previous: { readonly port: number; readonly taken: number | undefined } | undefined,
  log: Logger,
): Promise<{ sandbox: Sandbox; taken: number | undefined }> {
  const fixed = portSetting();
  if (previous) {
    try {
      return { sandbox: await start(previous.port), taken: previous.taken };
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      const next =
        fixed !== 0 && fixed !== previous.port ? `port ${fixed} of the setting, or a free one,` : 'a free port';
      log.warn(
        `port ${previous.port}, the sandbox's port in this window, is taken now: the sandbox takes ${next} instead (a connection copied before no longer reaches it)`,
      );
    }
  }
  if (fixed !== 0 && fixed !== previous?.port) {
    try {
      return { sandbox: await start(fixed), taken: undefined };
    } catch (error) {
      if (!isAddressInUse(error)) throw error;
      log.warn(`port ${fixed} is taken: the sandbox takes a free port instead`);
    }
  }
  return { sandbox: await start(0), taken: fixed !== 0 ? fixed : undefined };
}
