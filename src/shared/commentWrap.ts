/**
 * Comment lines wrapped to a width, for the answer and details documents (apart from format.ts,
 * which activation loads: nothing at activation wraps comments).
 */

/**
 * One `//` line as lines of at most `width` characters: broken at spaces, each further line
 * indented under the first's text; a word longer than a line is split across lines. Nothing is
 * left out, and nothing but the spaces where it breaks changes.
 */
export function wrapCommentLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = '//';
  let empty = true;
  for (let word of line.replace(/^\/\/ ?/, '').split(' ')) {
    if (word === '') continue;
    while (word !== '') {
      if (current.length + 1 + word.length <= width) {
        current += ` ${word}`;
        empty = false;
        break;
      }
      if (empty) {
        // Longer than a whole line: as much as fits (never half of a surrogate pair), the rest below.
        let room = Math.max(1, width - current.length - 1);
        if (room < word.length && /[\ud800-\udbff]/.test(word.charAt(room - 1)) && room > 1) room -= 1;
        current += ` ${word.slice(0, room)}`;
        word = word.slice(room);
      }
      out.push(current);
      current = '//  ';
      empty = true;
    }
  }
  if (!empty) out.push(current);
  return out;
}
