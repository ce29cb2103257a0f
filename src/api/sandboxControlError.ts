/**
 * The error of a refused sandbox control action, apart from the control client so that the
 * editor can tell it without loading the client's code (and axios) at activation.
 */
import type { ControlErrorCode } from '../shared/sandboxControl';
import { ExchangeError } from './errors';

/** The control endpoint refused an action: its code (`not-found`, `conflict`…), message and field. */
export class SandboxControlError extends ExchangeError {
  readonly kind = 'sandbox-control';
  constructor(
    readonly code: ControlErrorCode,
    readonly controlMessage: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(`The sandbox refused the action: ${controlMessage}`);
  }
}
