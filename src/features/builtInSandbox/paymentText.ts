/** The pure parts of "Simulate Payment" and "Move to Status…": amounts and arguments. */
import type { KnownStatus } from '../../shared/status';
import { isKnownStatus } from '../../shared/status';
import { idFromArgument, isPlausibleId } from '../../shared/transactionId';
import { isRecord, ownMember } from '../../shared/isRecord';
import { compareDecimal, isDecimal } from '../common/payinAmount';

/** How a typed payment differs from what the transaction expects; undefined when it is not a decimal. */
export type PaymentKind = 'expected' | 'less' | 'more';

export function paymentKind(amount: string, expected: string): PaymentKind | undefined {
  const typed = amount.trim();
  if (!isDecimal(typed) || !isDecimal(expected)) return undefined;
  const order = compareDecimal(typed, expected);
  return order === 0 ? 'expected' : order < 0 ? 'less' : 'more';
}

/** A typed payment amount: a plain decimal above zero, or what is wrong. */
export function paymentProblem(text: string): 'format' | 'zero' | undefined {
  const typed = text.trim();
  if (!isDecimal(typed)) return 'format';
  return compareDecimal(typed, '0') === 0 ? 'zero' : undefined;
}

export function commandIdOf(arg: unknown): string | undefined {
  const id = idFromArgument(arg);
  return id !== undefined && isPlausibleId(id) ? id : undefined;
}

/** The amount given with the command: `{amount}` in the first argument, or the second argument. */
export function paymentAmountOf(arg: unknown, second: unknown): string | undefined {
  const given = ownMember(arg, 'amount') ?? (typeof second === 'string' ? second : ownMember(second, 'amount'));
  return typeof given === 'string' && paymentProblem(given) === undefined ? given.trim() : undefined;
}

/** The status given with the command (a record's own `status` is where it stands, not a target). */
export function commandStatusOf(arg: unknown, second: unknown): KnownStatus | undefined {
  const plain = isRecord(arg) && Object.keys(arg).every((key) => key === 'id' || key === 'status');
  const given = second ?? (plain ? ownMember(arg, 'status') : undefined);
  return typeof given === 'string' && isKnownStatus(given) ? given : undefined;
}
