/**
 * The sandbox's code, loaded when the sandbox is first used. The bundle keeps it in its own file
 * (`dist/lazy/sandbox.js`, see esbuild.js), so activation neither reads nor compiles it: only the
 * types of `src/sandbox` are known here before then.
 */
import type * as SandboxModule from '../../sandbox';

export type SandboxCode = typeof SandboxModule;

let loading: Promise<SandboxCode> | undefined;

/** The sandbox's module, loaded once (again after a failed load). */
export function loadSandbox(): Promise<SandboxCode> {
  const load = (loading ??= import('../../sandbox'));
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}
