/** The sandbox commands' names (index.ts registers them, the lazily loaded sandboxCommands.ts implements them). */
export const SANDBOX_COMMANDS = [
  'exchangeTx.sandbox.faults',
  'exchangeTx.sandbox.clearFaults',
  'exchangeTx.sandbox.reset',
  'exchangeTx.sandbox.newTransaction',
  'exchangeTx.sandbox.simulatePayment',
  'exchangeTx.sandbox.moveToStatus',
  'exchangeTx.sandbox.copyConnection',
] as const;

export type SandboxCommand = (typeof SANDBOX_COMMANDS)[number];
