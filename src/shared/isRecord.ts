/** Whether `value` is a record of members, as a JSON object is: an object, not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own data member of a record, or undefined: never runs a getter, never reads what is inherited. */
export function ownMember(value: unknown, key: string): unknown {
  if (!isRecord(value)) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor && 'value' in descriptor ? (descriptor.value as unknown) : undefined;
}
