/** The Pair Limits panel's webview type (its own file: activation registers the serializer without loading the panel). */
export const PAIR_LIMITS_VIEW_TYPE = 'exchangeTx.pairLimits';

/**
 * Whether a tab's webview type is the Pair Limits panel's. VS Code's tabs name a panel's type as
 * its workbench holds it, which has a prefix of its own (`mainThreadWebview-exchangeTx.pairLimits`
 * in the VS Code versions tested); the type given to `createWebviewPanel` is taken too.
 */
export function isPairLimitsViewType(viewType: string): boolean {
  return viewType === PAIR_LIMITS_VIEW_TYPE || viewType.endsWith(`-${PAIR_LIMITS_VIEW_TYPE}`);
}
