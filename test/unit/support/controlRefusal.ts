import { SandboxControlError } from '../../../src/api';

/** The SandboxControlError a control call is refused with; fails when it succeeds or fails otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<SandboxControlError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SandboxControlError) return error;
    throw error;
  }
  throw new Error('expected a SandboxControlError');
}
