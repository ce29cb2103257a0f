/** The Pair Limits panel's webview type. */
export const PAIR_LIMITS_VIEW_TYPE = 'exchangeTx.pairLimits';

/** Whether a tab's webview type is the panel's: tabs show it with a prefix (`mainThreadWebview-…`). */
export function isPairLimitsViewType(viewType: string): boolean {
  return viewType === PAIR_LIMITS_VIEW_TYPE || viewType.endsWith(`-${PAIR_LIMITS_VIEW_TYPE}`);
}
