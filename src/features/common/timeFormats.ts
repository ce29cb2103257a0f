/**
 * The user's time formatters, made ahead of their first use (shared/prepareFormats.ts): loaded and
 * run in the gap after activation (src/extension.ts), a part of its own so that activation loads
 * none of the formatting code.
 */
import { prepareFormats } from '../../shared/prepareFormats';
import { userTimeStyle } from './timeStyle';

export function prepareUserTimeFormats(): void {
  prepareFormats(userTimeStyle());
}
