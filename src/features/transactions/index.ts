/** The Transactions view: recent transactions grouped by status, with filters and paging, and its commands. */
import type * as vscode from 'vscode';
import type { Services } from '../common/services';
import { tagged } from '../common/log';
import type { RevealResult } from '../common/revealTransaction';
import { FilterState } from './filterState';
import { longerInStatus } from '../../agents/statusSince';
import { timesContext } from '../common/timesContext';

import { registerTransactionCommands, TransactionActions } from './transactionCommands';
import { TransactionList } from './transactionList';
import { pageSizeSetting, TransactionsView } from './transactionsView';

export type { WelcomeState } from './transactionsView';

export interface TransactionsApi {
  readonly list: TransactionList;
  readonly view: TransactionsView;
  readonly filter: FilterState;
  /** Explorer links' opener and the filter flow's prompts, replaceable by tests. */
  readonly actions: TransactionActions;
  reveal(id: string): Promise<RevealResult>;
}

export function register(context: vscode.ExtensionContext, services: Services): TransactionsApi {
  const { store, environment, sandboxHost, sightings, choices } = services;
  const log = tagged(services.log, 'transactions');
  const filter = new FilterState(context.workspaceState);
  const list = new TransactionList({
    query: (query, options) => store.query(query, options),
    pageSize: pageSizeSetting,
    filter: () => filter.current,
    // "In status longer than": on the sandbox from its schedule, on an account from the first sightings.
    longerInStatus: async (records, ms, options) =>
      (await longerInStatus(await timesContext(environment, sandboxHost, sightings, options.signal), records, ms))
        .matches,
  });
  const view = new TransactionsView({ list, filter, store, environment, sandboxHost, log });
  const actions = new TransactionActions();
  context.subscriptions.push(
    view,
    { dispose: () => list.dispose() },
    filter,
    choices.provide('selected', () =>
      view.view.selection.flatMap((node) => (node.kind === 'transaction' ? [node.record.id] : [])),
    ),
    choices.provide('view', () => list.records().map((record) => record.id)),
  );
  registerTransactionCommands(context, { view, list, filter, store, log, environment }, actions);
  return { list, view, filter, actions, reveal: (id) => view.reveal(id) };
}
