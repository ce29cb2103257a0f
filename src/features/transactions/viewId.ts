/** The Transactions view's id (package.json `views`), apart so activation names it without loading the view's code. */
export const VIEW_ID = 'exchangeTx.transactions';
