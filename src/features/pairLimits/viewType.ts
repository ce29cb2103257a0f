/** The Pair Limits panel's webview type (its own file: activation registers the serializer without loading the panel). */
export const PAIR_LIMITS_VIEW_TYPE = 'exchangeTx.pairLimits';
