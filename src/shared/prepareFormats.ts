/**
 * The time formatters the views use first, made ahead of that use. The process's first Intl
 * object starts ICU (some 30 ms in the extension host on the development machine: its data, the
 * locale's), and that start otherwise falls on whatever the user does first: the first rows of
 * the Transactions view, a hover, the details document, an answer. Pure.
 */
import { compactAge } from './compactAge';
import { localTime, relativeTime } from './format';
import type { TimeStyle } from './format';

/** Makes the style's formatters (kept by the modules that use them) and ICU's data for its locale. */
export function prepareFormats(style: TimeStyle): void {
  localTime(0, style);
  relativeTime(0, 0, style.locale);
  compactAge(0, 0, style.locale);
}
