// The dice shown on the form's keypads (keypads.js draws them): the faces typed, "2 of 3", a keypad for no dice hidden,
// and the faces the engine rolled for "Roll for me". It changes no value (form-state.js does).

import { getPath } from "./paths.js";
import { showDigits } from "./dice-digits.js";
import { counted } from "./words.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 */

/** The faces typed on each keypad, and "2 of 3". @param {Form} form @param {Values} inputs */
export function showTypedDice(form, inputs) {
  for (const f of form.faceInputs) {
    f.typed.textContent = (getPath(inputs, f.path) || []).join(" ") || "—";
    showDigits(f.digits, getPath(inputs, f.path) || []);
  }
  showDiceCounts(form);
}

/** The dice each keypad needs changed (describe's answer, in form.diceNeeded). @param {Form} form */
export function showDiceNeeded(form) {
  for (const f of form.faceInputs) {
    if (form.inTurn.has(f.name)) continue; // shown when asked (Form.askRoll)
    // A keypad for no dice (macro 0, no flex) is hidden unless something typed there needs clearing.
    f.pad.hidden = form.diceNeeded[f.name] === 0 && !(getPath(form.values, f.path) || []).length;
  }
  form.optionalPads.hidden = form.faceInputs.every((f) => !form.optionalPads.contains(f.pad) || f.pad.hidden);
  form.showRolls();
  showDiceCounts(form);
}

/** "2 of 3" on each keypad. @param {Form} form */
function showDiceCounts(form) {
  for (const f of form.faceInputs) {
    const n = form.mostDice(f.name);
    const typed = (getPath(form.values, f.path) || []).length;
    f.needed.textContent = n === undefined ? (typed ? `${typed} typed` : "") : `${typed} of ${n}`;
  }
}

/** Each resolved roll of an answer, by the roll input it answers (FaceInput.roll). @param {any} roll @param {string[]} names */
function rollsByName(roll, names) {
  if (!roll || typeof roll !== "object") return {};
  if (Array.isArray(roll.dice) && names.length === 1) return { [names[0]]: roll };
  // a roll at the top answers the roll input "roll"; rolls under its keys answer the roll of that name, of those
  // initials (point_defense: "pd") or that name and more ("skill": "skill_roll"; "damage": the keypad "damage_dice")
  /** @type {Record<string, any>} */
  const found = Array.isArray(roll.dice) && names.includes("roll") ? { roll } : {};
  for (const [key, value] of Object.entries(roll)) {
    const initials = key.split("_").map((word) => word[0]).join("");
    const name = names.find((n) => n === key) ?? names.find((n) => n === initials) ?? names.find((n) => n.startsWith(`${key}_`));
    if (name !== undefined && value && Array.isArray(value.dice)) found[name] = value;
  }
  return found;
}

/** "Roll for me": the faces the engine rolled, shown on the keypads (the typed values stay empty). @param {any} roll @param {Values} inputs @param {Form} form */
export function showRolledDice(roll, inputs, form) {
  const rolls = rollsByName(roll, [...new Set(form.faceInputs.map((f) => f.roll))]);
  for (const f of form.faceInputs) {
    if ((getPath(inputs, f.path) || []).length) continue;
    const rolled = rolls[f.roll] && rolls[f.roll][f.key];
    if (Array.isArray(rolled) && rolled.length) {
      f.typed.textContent = rolled.join(" ");
      f.needed.textContent = `${rolled.length} rolled`;
    }
  }
}

/** What a keypad with dice typed lacks (or holds too many of) for the dice it now needs, as a player reads it
 * ("Ramming ship's roll: Dice rolled (base and flex): 5 typed of 6, 1 die missing"), or "" when every started keypad
 * holds its dice (nothing typed yet is not a miss).
 * @param {Form} form @param {Values} inputs */
export function missingDice(form, inputs) {
  return form.faceInputs
    .filter((f) => !f.pad.hidden && !form.inTurn.has(f.name))
    .map((f) => {
      const typed = (getPath(inputs, f.path) || []).length;
      const need = form.diceNeeded[f.name];
      if (!typed || need === undefined || typed === need) return "";
      const off = Math.abs(need - typed);
      return `${form.labelAt(f.path)}: ${typed} typed of ${need}, ${counted(off, "die")} ${typed < need ? "missing" : "too many"}`;
    })
    .filter(Boolean)
    .join("; ");
}
