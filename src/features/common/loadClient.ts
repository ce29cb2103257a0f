/**
 * The client's code (its transport on axios, its answer decoding on valibot), loaded when the
 * first request is made. The bundle keeps it in its own file (`dist/lazy/client.js`, see
 * esbuild.js), so activation neither reads nor compiles it; the error classes the features test
 * answers against stay in the main bundle, one copy shared by both.
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
