/**
 * The pair-limits page's words: every one comes from the extension (localized there), none is in
 * the page's bundle; the page fills in `{0}` itself.
 */
export const UI_STRING_KEYS = [
  'title',
  'deprecated',
  'sandbox',
  'live',
  'from',
  'to',
  'fromPlaceholder',
  'toPlaceholder',
  'add',
  'refresh',
  'retry',
  'recent',
  'recentAdd',
  'empty',
  'loading',
  'notLoaded',
  'floatGroup',
  'fixedGroup',
  'min',
  'max',
  'pairsParamsValue',
  'pairsParamsRefused',
  'pairsParamsGone',
  'payoutEquivalent',
  'actions',
  'copy',
  'copyPair',
  'remove',
  'removePair',
  'tableLabel',
  'problem.empty',
  'problem.too-long',
  'problem.characters',
  'problem.same',
  'problem.duplicate',
  'problem.too-many',
] as const;

export type UiStringKey = (typeof UI_STRING_KEYS)[number];
/** Texts may hold `{0}`, replaced (as text) by the page. */
export type UiStrings = Readonly<Record<UiStringKey, string>>;

/** `{0}` in a page text replaced by `arg` (plain string work: the result is set as text). */
export function fill(template: string, arg: string): string {
  return template.split('{0}').join(arg);
}
