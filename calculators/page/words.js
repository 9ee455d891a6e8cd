// Words that agree with a count ("1 die", "2 dice"; "it", "them"), so the page's sentences read right for any
// number, as rules_core/wording.py's do for the engine's.

/** Nouns whose plural is not the noun plus "s" (rules_core/wording.py's IRREGULAR). */
const IRREGULAR = { die: "dice" };

/** The words for one thing, or for any other count: `forCount(1, "is", "are")` is "is", `forCount(0, "is", "are")`
 * "are". @param {number} count @param {string} one @param {string} many */
export function forCount(count, one, many) {
  return count === 1 ? one : many;
}

/** "it" for one thing, "them" for several. @param {number} count */
export const itOrThem = (count) => forCount(count, "it", "them");

/** The count with its noun in the right number: "1 die", "3 dice", "0 ships".
 * @param {number} count @param {string} noun the noun for one */
export function counted(count, noun) {
  const many = Object.hasOwn(IRREGULAR, noun) ? IRREGULAR[/** @type {keyof typeof IRREGULAR} */ (noun)] : `${noun}s`;
  return `${count} ${forCount(count, noun, many)}`;
}
