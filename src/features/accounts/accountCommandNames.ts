/** The account commands' names and the shape of their handlers (registerAccountCommands.ts registers them, the lazily loaded accountCommands.ts implements them). */
export const ACCOUNT_COMMANDS = [
  'exchangeTx.addAccount',
  'exchangeTx.editAccount',
  'exchangeTx.removeAccount',
  'exchangeTx.setApiKeys',
  'exchangeTx.clearApiKeys',
  'exchangeTx.showApiKey',
] as const;

export type AccountCommand = (typeof ACCOUNT_COMMANDS)[number];

export type AccountCommandHandlers = Readonly<Record<AccountCommand, (args?: unknown) => Promise<unknown>>>;
