import { ControlError } from '../../../src/api';

/** The ControlError a control call is refused with; fails when it succeeds or fails otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<ControlError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ControlError) return error;
    throw error;
  }
  throw new Error('expected a ControlError');
}
