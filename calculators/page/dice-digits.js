// Dice typed as digits: one field per keypad where the phone's number pad types "255" for three dice, beside the
// keypad's buttons (both write the same faces). A field that holds all its dice hands the focus to the next keypad
// that still needs some, so a whole roll is one tap (the first field) and its keystrokes.
//
// DOM hook: input.resolver__digits[data-region="digits"] in each fieldset.resolver__keypad, labelled
// "<keypad label>: type the dice" (Playwright: get_by_label(..., exact=True)).

import { el } from "./dom.js";
import { counted } from "./words.js";

/** The digits a field holds as faces, and what it held that is no die face (0, 7, 8, 9, letters). */
export function readDigits(text) {
  const faces = [];
  const refused = [];
  for (const character of text) {
    if (/\s|,/.test(character)) continue;
    if (/^[1-6]$/.test(character)) faces.push(Number(character));
    else refused.push(character);
  }
  return { faces, refused };
}

/**
 * The field of one keypad.
 * label: the keypad's label; most(): how many dice it takes now (Infinity if not known yet);
 * write(faces): store the faces; say(text): the keypad's note; next(): focus the next keypad still short of dice.
 */
export function digitsField({ label, id, most, write, say, next }) {
  const input = el("input", {
    type: "text", inputmode: "numeric", autocomplete: "off", enterkeyhint: "next", id,
    class: "resolver__digits", "data-region": "digits", "aria-label": `${label}: type the dice`, placeholder: "type",
  });
  input.addEventListener("input", () => {
    const { faces, refused } = readDigits(input.value);
    const limit = most();
    const kept = faces.slice(0, limit);
    const notes = [];
    if (refused.length) notes.push(`${label}: a die shows 1 to 6, so “${refused.join("")}” was left out.`);
    if (faces.length > kept.length) notes.push(`${label}: it takes ${counted(limit, "die")}; the rest was left out.`);
    input.value = kept.join("");
    write(kept);
    say(notes.join(" "));
    if (kept.length === limit && faces.length >= limit) next(input);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      next(input);
    }
  });
  return input;
}

/** Show the faces a keypad holds in its field (the buttons typed them, or a link), unless the player is typing there. */
export function showDigits(input, faces) {
  if (document.activeElement !== input) input.value = faces.join("");
}
