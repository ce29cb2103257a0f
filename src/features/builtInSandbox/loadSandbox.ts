/** The sandbox's code, loaded when the sandbox is first used: only the types of `packages/sandbox` are known here before then. */
import type * as ControlModule from '../../api/controlClient';
import type * as SandboxModule from '../../../packages/sandbox/src';

export type SandboxCode = typeof SandboxModule;

let loading: Promise<SandboxCode> | undefined;

/** The sandbox's module, loaded once (again after a failed load). */
export function loadSandbox(): Promise<SandboxCode> {
  const load = (loading ??= import('../../../packages/sandbox/src'));
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}

export type ControlClientCode = typeof ControlModule;

let loadingControl: Promise<ControlClientCode> | undefined;

/** The signed client of the sandbox's control endpoint (with the transport it shares with the client), loaded once. */
export function loadControlClient(): Promise<ControlClientCode> {
  const load = (loadingControl ??= import('../../api/controlClient'));
  load.catch(() => {
    if (loadingControl === load) loadingControl = undefined;
  });
  return load;
}
