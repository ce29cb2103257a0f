/** The id search's answers as the tests read them. */
import { searchIdAt } from '../../../src/features/lookup/idPattern';
import type { CompiledIdPattern, IdMatch } from '../../../src/features/lookup/idPattern';

/** The id under the cursor; undefined also when the search timed out. */
export function findIdAt(line: string, character: number, pattern: CompiledIdPattern): IdMatch | undefined {
  return searchIdAt(line, character, pattern).match;
}

/** Whether the whole of `text` is one id. */
export function matchesIdPattern(text: string, pattern: CompiledIdPattern): boolean {
  const found = findIdAt(text, 0, pattern);
  return found !== undefined && found.start === 0 && found.end === text.length;
}
