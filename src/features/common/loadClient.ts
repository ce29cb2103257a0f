/**
 * The client's code (its transport on axios, its answer decoding on valibot), loaded when the
 * first request is made.
 */
import type * as ClientModule from '../../api/client';

export type ClientCode = typeof ClientModule;

let loading: Promise<ClientCode> | undefined;

/** The client's module, loaded once (again after a failed load). */
export function loadClient(): Promise<ClientCode> {
  const load = (loading ??= import('../../api/client'));
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}
