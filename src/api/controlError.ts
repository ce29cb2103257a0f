/**
 * The error of an action the sandbox's control endpoint refused, apart from the control client so
 * that the editor can tell it without loading the client's code at activation. Its
 * `kind` stays `sandbox-control`: the agent tools hand it on as data.
 */
import type { ControlErrorCode } from '../shared/controlProtocol';
import { ExchangeError } from './exchangeErrors';

/** The control endpoint refused an action: its code (`not-found`, `conflict`…), message and field. */
export class ControlError extends ExchangeError {
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
