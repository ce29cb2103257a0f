/**
 * The commands of the manifest, each written once: its id, its title (English) and its icon.
 * `npm run generate` writes `contributes.commands` (every one in the "Exchange Tx" category, its
 * title as `%command.<name>%`) and the titles in package.nls.json from this list, in its order;
 * where a command shows (`menus`, `keybindings`) stays in package.json, and what it does is
 * registered in its feature. Pure data (no `vscode`).
 */

export interface CommandEntry {
  /** `exchangeTx.<name>`; its title is `command.<name>` in package.nls.json. */
  readonly command: string;
  readonly title: string;
  /** A codicon (`$(name)`), shown where a menu puts the command in a title bar or inline. */
  readonly icon?: string;
}

export const COMMANDS: readonly CommandEntry[] = [
  { command: 'exchangeTx.addAccount', title: 'Add Account…', icon: '$(add)' },
  { command: 'exchangeTx.editAccount', title: 'Edit Account…', icon: '$(edit)' },
  { command: 'exchangeTx.removeAccount', title: 'Remove Account…', icon: '$(trash)' },
  { command: 'exchangeTx.setApiKeys', title: 'Set API Keys of the Account in Use…', icon: '$(key)' },
  { command: 'exchangeTx.clearApiKeys', title: 'Clear API Keys', icon: '$(trash)' },
  { command: 'exchangeTx.showApiKey', title: 'Show API Key' },
  { command: 'exchangeTx.switchEnvironment', title: 'Switch Account / Environment…', icon: '$(arrow-swap)' },
  { command: 'exchangeTx.exploreSandbox', title: 'Explore the Sandbox', icon: '$(beaker)' },
  { command: 'exchangeTx.showLog', title: 'Show Log', icon: '$(output)' },
  { command: 'exchangeTx.getStatus', title: 'Get Transaction Status…', icon: '$(search)' },
  { command: 'exchangeTx.showDetails', title: 'Show Transaction Details', icon: '$(json)' },
  { command: 'exchangeTx.copyId', title: 'Copy Transaction ID', icon: '$(copy)' },
  { command: 'exchangeTx.transactionActions', title: 'More Transaction Actions…' },
  { command: 'exchangeTx.watch', title: 'Watch Transaction in Status Bar…', icon: '$(eye)' },
  { command: 'exchangeTx.stopWatching', title: 'Stop Watching Transaction…', icon: '$(eye-closed)' },
  { command: 'exchangeTx.watchActions', title: 'Watched Transaction Actions…' },
  { command: 'exchangeTx.showPairLimits', title: 'Show Pair Limits', icon: '$(table)' },
  { command: 'exchangeTx.transactions.refresh', title: 'Refresh Transactions', icon: '$(refresh)' },
  { command: 'exchangeTx.transactions.filter', title: 'Filter Transactions…', icon: '$(filter)' },
  { command: 'exchangeTx.transactions.clearFilter', title: 'Clear Transactions Filter', icon: '$(clear-all)' },
  { command: 'exchangeTx.transactions.loadMore', title: 'Load More Transactions', icon: '$(fold-down)' },
  { command: 'exchangeTx.transactions.copyPayinAddress', title: 'Copy Payin Address', icon: '$(copy)' },
  { command: 'exchangeTx.transactions.openPayout', title: 'Open Payout in Explorer', icon: '$(link-external)' },
  { command: 'exchangeTx.transactions.openRefund', title: 'Open Refund in Explorer', icon: '$(link-external)' },
  { command: 'exchangeTx.transactions.reveal', title: 'Reveal in Transactions View' },
  { command: 'exchangeTx.newRequest', title: 'New Request…', icon: '$(new-file)' },
  { command: 'exchangeTx.sendRequest', title: 'Send Request', icon: '$(play)' },
  { command: 'exchangeTx.sendRequestAsWritten', title: 'Send Request as Written' },
  { command: 'exchangeTx.openAsRequest', title: 'Open as Request', icon: '$(json)' },
  { command: 'exchangeTx.history.openAnswer', title: 'Open Answer' },
  { command: 'exchangeTx.history.openRequest', title: 'Open Request' },
  { command: 'exchangeTx.history.resend', title: 'Send Again', icon: '$(refresh)' },
  { command: 'exchangeTx.history.compare', title: 'Compare Answers', icon: '$(diff)' },
  { command: 'exchangeTx.history.clear', title: 'Clear History', icon: '$(clear-all)' },
  { command: 'exchangeTx.copyRequestAs', title: 'Copy Request as…', icon: '$(copy)' },
  { command: 'exchangeTx.explainSignature', title: 'Explain Signature' },
  { command: 'exchangeTx.explainSignatureWithKey', title: 'Explain Signature with a Pasted Key…' },
  { command: 'exchangeTx.diagnoseKeys', title: 'Diagnose Keys…', icon: '$(debug)' },
  { command: 'exchangeTx.sandbox.faults', title: 'Sandbox: Faults…', icon: '$(debug-disconnect)' },
  { command: 'exchangeTx.sandbox.clearFaults', title: 'Sandbox: Stop Fault Injection' },
  { command: 'exchangeTx.sandbox.reset', title: 'Sandbox: Reset' },
  { command: 'exchangeTx.sandbox.newTransaction', title: 'Sandbox: New Transaction…', icon: '$(add)' },
  { command: 'exchangeTx.forwardStatusChanges', title: 'Forward Status Changes…', icon: '$(broadcast)' },
  { command: 'exchangeTx.stopForwarding', title: 'Stop Forwarding', icon: '$(debug-stop)' },
  { command: 'exchangeTx.resendForwardedEvent', title: 'Resend', icon: '$(refresh)' },
  { command: 'exchangeTx.resendAllFailedEvents', title: 'Resend All Failed', icon: '$(run-all)' },
  { command: 'exchangeTx.rotateForwardingSecret', title: 'Rotate Forwarding Secret' },
  { command: 'exchangeTx.sandbox.copyConnection', title: 'Copy Sandbox Connection', icon: '$(copy)' },
  { command: 'exchangeTx.sandbox.simulatePayment', title: 'Sandbox: Simulate Payment', icon: '$(credit-card)' },
  { command: 'exchangeTx.sandbox.moveToStatus', title: 'Sandbox: Move to Status…', icon: '$(debug-step-over)' },
  { command: 'exchangeTx.sandboxRequests.showRequest', title: 'Open Sandbox Request' },
  { command: 'exchangeTx.sandboxRequests.copyAsRequest', title: 'Copy as Request Document', icon: '$(copy)' },
  { command: 'exchangeTx.sandboxRequests.copyBody', title: 'Copy Body' },
  {
    command: 'exchangeTx.sandboxRequests.toggleOwn',
    title: "Show or Hide the Extension's Own Requests",
    icon: '$(eye)',
  },
  { command: 'exchangeTx.sandboxRequests.clear', title: 'Clear Sandbox Requests', icon: '$(clear-all)' },
];
