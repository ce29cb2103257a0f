/**
 * The Pair Limits panel, under the names the feature's entry imports: the controller
 * (pairLimitsController.ts: one panel at a time, shown, revealed, restored) and the panel
 * (panel.ts: its page, its rows, its loads).
 */
export { PairLimitsController } from './pairLimitsController';
export { PairLimitsPanel } from './panel';
