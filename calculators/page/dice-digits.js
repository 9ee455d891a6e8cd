// Dice typed as digits: one field per keypad where the phone's number pad types "255" for three dice, beside the
// keypad's buttons (both write the same faces). A field that holds all its dice hands the focus to the next keypad
// that still needs some, so a whole roll is one tap (the first field) and its keystrokes.
//
// DOM hook: input.resolver__digits[data-region="digits"] in each fieldset.resolver__keypad, labelled
// "<keypad label>: type the dice" (Playwright: get_by_label(..., exact=True)).

import { el } from "./dom.js";
import { getPath, setPath } from "./paths.js";
import { countsKey } from "./requests.js";
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

/**
 * The digits typed ahead of their keypad's count, now known, are handed on as the keyboard would have handed them:
 * a keypad keeps the dice it takes and the rest go, in order, to the next keypads still short of dice; what no
 * keypad takes is left out and said. The keyboard moves to the first keypad still short of dice, if it was on one.
 * @param {import("./keypads.js").Keypads} keypads
 * @returns {boolean} whether any keypad's dice changed (quietly: the caller asks the engine again)
 */
export function reflowTypedAhead(keypads) {
  if (!keypads.typedAhead.size || keypads.countsFor !== countsKey(keypads.form)) return false;
  const values = keypads.form.values;
  /** @type {number[]} */
  const carry = [];
  /** @type {import("./keypads.js").FaceInput | null} */
  let last = null;
  let changed = false;
  for (const f of keypads.faceInputs.filter((pad) => keypads.takesTyping(pad) && !keypads.inTurn.has(pad.name))) {
    const need = keypads.mostDice(f.name);
    if (need === undefined) continue;
    let held = getPath(values, f.path) || [];
    const before = held.length;
    if (carry.length && held.length < need) held = [...held, ...carry.splice(0, need - held.length)];
    if (keypads.typedAhead.has(f.name) && held.length > need) {
      carry.push(...held.slice(need));
      held = held.slice(0, need);
      last = f;
    }
    if (held.length !== before || keypads.typedAhead.has(f.name)) {
      changed ||= held.length !== before;
      setPath(values, f.path, held);
      f.digits.value = held.join("");
    }
  }
  if (carry.length && last) {
    last.note.textContent = `${keypads.form.labelAt(last.path)}: ${counted(carry.length, "die")} more than the keypads take, so “${carry.join("")}” was left out.`;
  }
  keypads.typedAhead.clear();
  const now = document.activeElement;
  if (changed && keypads.faceInputs.some((f) => f.digits === now)) {
    const short = keypads.faceInputs.find((f) => keypads.takesTyping(f) && (getPath(values, f.path) || []).length < (keypads.mostDice(f.name) ?? 1));
    if (short) {
      short.digits.focus();
      short.digits.setSelectionRange(short.digits.value.length, short.digits.value.length);
    } else /** @type {HTMLInputElement} */ (now).blur();
  }
  return changed;
}
