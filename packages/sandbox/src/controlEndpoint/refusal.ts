/** The error a control action is refused with: a code of the control protocol, a message, the field at fault. */
import type { ControlErrorCode } from '../../../../src/shared/controlProtocol';

export class ControlRefusal extends Error {
  constructor(
    readonly code: Exclude<ControlErrorCode, 'internal' | 'too-large'>,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ControlRefusal';
  }
}
