// The form's keypads: the faces rolled at the table, typed die by die, and the rolls a resolution asks in turn. A
// keypad is named by its path, one spelling with rules_core ("ram.dice": the dice keypad of the roll input "ram";
// "random_dice" alone). form-state.js draws them among the form's controls; keypad-dice.js shows the dice on them.

import { isRoll } from "./input-check.js";
import { el, nextId } from "./dom.js";
import { getPath, setPath } from "./paths.js";
import { digitsField } from "./dice-digits.js";
import { countsKey } from "./requests.js";
import { forCount } from "./words.js";

/**
 * @typedef {import("./form-values.js").InputSpec} InputSpec
 * @typedef {{keypads: Record<string, number>, dice: number, for: string, number: number, text: string}} NextRoll
 *   a roll no keypad holds yet, as a resolution from typed dice names it (rules_core/turns.py)
 * @typedef {{name: string, path: string[], typed: HTMLElement, needed: HTMLElement, note: HTMLElement, pad: HTMLElement,
 *   roll: string, key: string, optional: boolean, digits: HTMLInputElement}} FaceInput  a keypad: the faces typed for one
 *   `faces` input, `name` its path joined ("ram.dice"); `roll` the roll input it belongs to and `key` its part there
 *   ("ram", "dice"), or its own name and "dice" for a keypad of its own (keypad-dice.js finds the dice rolled for it by them)
 */

export class Keypads {
  /** The keypads of `form`, those named in `inTurn` asked in turn. @param {import("./form-state.js").Form} form @param {string[]} inTurn */
  constructor(form, inTurn) {
    this.form = form;
    /** @type {Record<string, number>} dice each keypad needs, as the engine's describe() last said */
    this.diceNeeded = {};
    /** The inputs diceNeeded holds for (requests.js countsKey); other values wait for describe()'s next answer. */
    this.countsFor = "";
    /** Keypads whose field took digits while their count was not known: the surplus is handed on once it is. */
    this.typedAhead = new Set();
    /** @type {FaceInput[]} */
    this.faceInputs = [];
    /** Keypads of the dice after the first roll: shown when a resolution asks for them (askRoll), or once they hold faces. */
    this.inTurn = new Set(inTurn);
    /** @type {Record<string, number>} the keypads of the roll asked now, with the dice each takes once it is typed */
    this.asking = {};
    this.nextRollPrompt = el("p", { class: "resolver__next-roll-prompt", "data-region": "next-roll-prompt" });
    this.nextRollButton = el("button", { type: "button", class: "resolver__roll", text: "Roll for me", onclick: () => this.rollAsked() });
    this.nextRoll = el("div", { class: "resolver__next-roll", "data-region": "next-roll", hidden: true }, this.nextRollPrompt);
    /** @type {{node: HTMLElement, steppers: boolean}[]} the roll inputs' fieldsets */
    this.rolls = [];
  }

  /** A keypad: the faces rolled at the table, typed die by die. @param {InputSpec} spec @param {string[]} path @param {string} name */
  keypad(spec, path, name) {
    const typed = el("output", { class: "resolver__typed", "data-region": "typed" });
    const needed = el("span", { class: "resolver__needed", "data-region": "needed", "aria-live": "polite" });
    const note = el("p", { class: "resolver__keypad-note", role: "status", "data-region": "keypad-note" });
    /** @returns {number[]} */
    const faces = () => (Array.isArray(getPath(this.form.values, path)) ? [...getPath(this.form.values, path)] : []);
    const update = (/** @type {number[]} */ list) => {
      note.textContent = "";
      if (this.form.seedInput) this.form.setQuiet(this.form.seedInput.path, null);
      if (!this.inTurn.has(name)) this.clearLaterRolls(); // they followed from the dice before: asked again in turn
      this.form.hooks.follow(); // the last die brings the outcome into view
      this.form.set(path, list);
    };
    const spoken = this.form.labelAt(path); // a roll's keypad names the roll: "Target's roll: Macro dice rolled"
    const owner = path.length > 1 ? this.form.specAt(path.slice(0, -1)) : null;
    const digits = /** @type {HTMLInputElement} */ (digitsField({
      // Typed before the count is known (a ship just picked, the engine still counting on a slow phone): the field
      // takes every digit, and reflowTypedAhead hands the surplus on to the next keypads once the count is known.
      label: spoken, id: nextId(`${name}-digits`), most: () => this.mostDice(name) ?? Infinity,
      write: (/** @type {number[]} */ list) => {
        if (this.mostDice(name) === undefined) this.typedAhead.add(name);
        update(list);
      },
      say: (/** @type {string} */ text) => (note.textContent = text),
      next: (/** @type {HTMLInputElement} */ from) => this.focusNextDigits(from),
    }));
    const add = (/** @type {number} */ face) => {
      const list = faces();
      const most = this.mostDice(name) ?? spec.high ?? Infinity;
      if (list.length >= most) {
        note.textContent = `${spoken}: ${forCount(most, "the 1 die is", `all ${most} dice are`)} typed already. Press ⌫ or Clear to change one.`;
        return;
      }
      update([...list, face]);
    };
    const pad = el(
      "fieldset",
      { class: "resolver__keypad", "data-faces": name, "data-name": name },
      el("legend", {}, el("span", { text: owner && isRoll(owner) && !rollHasSteppers(owner) ? spoken : spec.label })),
      el("div", { class: "resolver__typed-row" }, digits, typed, needed,
        el("button", { type: "button", "aria-label": "Backspace", text: "⌫", onclick: () => update(faces().slice(0, -1)) }),
        el("button", { type: "button", "aria-label": "Clear", text: "Clear", onclick: () => update([]) }),
      ),
      el("div", { class: "resolver__keys" },
        [1, 2, 3, 4, 5, 6].map((face) => el("button", { type: "button", "aria-label": `Die ${face}`, "data-face": face, text: String(face), onclick: () => add(face) })),
      ),
      note,
    );
    const [roll, key] = path.length > 1 ? [path[0], path[path.length - 1]] : [name, "dice"];
    this.faceInputs.push({ name, path, typed, digits, needed, note, pad, roll, key, optional: Boolean(spec.optional) });
    return pad;
  }

  /** A keypad's field holds all its dice: on to the next shown keypad that still needs dice (optional ones are
   * left to the player), else the field lets go so the phone's keyboard closes over the outcome.
   * @param {HTMLInputElement} from */
  focusNextDigits(from) {
    const at = this.faceInputs.findIndex((f) => f.digits === from);
    const next = this.faceInputs.slice(at + 1).find((f) => this.takesTyping(f)
      && (getPath(this.form.values, f.path) || []).length < (this.mostDice(f.name) ?? 1));
    if (next) next.digits.focus();
    else from.blur();
  }

  /** A keypad a typed roll goes on to: shown, and not one the player may leave empty (unless it is asked now).
   * @param {FaceInput} f */
  takesTyping(f) {
    return (!f.optional || Object.hasOwn(this.asking, f.name)) && !f.pad.hidden;
  }

  /** The dice a keypad takes now: the roll asked of it, else what describe() said for the values now (undefined: not
   * known, or not yet for these values). @param {string} name */
  mostDice(name) {
    if (Object.hasOwn(this.asking, name)) return this.asking[name];
    return this.countsFor === countsKey(this.form) ? this.diceNeeded[name] : undefined;
  }

  /** describe()'s counts for the values of `key`. @param {Record<string, number>} needed @param {string} key */
  setDiceNeeded(needed, key) {
    this.diceNeeded = needed;
    this.countsFor = key;
  }

  /** The dice typed after the first roll are cleared (quietly: the change that clears them asks the engine). */
  clearLaterRolls() {
    this.asking = {};
    for (const f of this.faceInputs) if (this.inTurn.has(f.name)) setPath(this.form.values, f.path, []);
  }

  /**
   * A resolution's next roll (null once the fate is reached): its keypads alone are shown, with the prompt
   * "Next roll (4 of ?): Target: Catastrophic Damage Table, 1 die", the keyboard on the first one's field. The
   * keypads of the rolls typed before stay shown (to correct a die), the others hidden.
   * @param {NextRoll | null} roll
   */
  askRoll(roll) {
    this.asking = {};
    const held = (/** @type {FaceInput} */ f) => (getPath(this.form.values, f.path) || []).length;
    if (roll && roll.keypads && typeof roll.keypads === "object") {
      for (const [name, count] of Object.entries(roll.keypads)) {
        const f = this.faceInputs.find((candidate) => candidate.name === name);
        if (f && Number.isInteger(count)) this.asking[name] = held(f) + count;
      }
    }
    const later = this.faceInputs.filter((f) => this.inTurn.has(f.name));
    for (const f of later) f.pad.hidden = !Object.hasOwn(this.asking, f.name) && !held(f);
    const asked = later.filter((f) => Object.hasOwn(this.asking, f.name));
    this.nextRollPrompt.textContent = roll && asked.length ? `Next roll (${roll.number} of ?): ${roll.text}` : "";
    this.nextRollButton.hidden = !asked.length;
    this.nextRollButton.setAttribute("aria-label", roll && asked.length ? `Roll for me: ${roll.for}` : "Roll for me");
    this.nextRoll.hidden = later.every((f) => f.pad.hidden);
    this.showRolls();
    const first = asked.find((f) => held(f) < this.asking[f.name]);
    const now = document.activeElement;
    const typingElsewhere = (now instanceof HTMLInputElement && !now.matches('[data-region="digits"]')) || now instanceof HTMLSelectElement;
    if (first && !typingElsewhere) {
      first.digits.focus();
      first.digits.setSelectionRange(first.digits.value.length, first.digits.value.length); // typing goes after the dice held
    }
  }

  /** A roll with no steppers shows only while one of its keypads does (a roll of no dice, or not asked yet, is
   * hidden whole: its name alone would say nothing). */
  showRolls() {
    for (const roll of this.rolls) {
      if (roll.steppers) continue;
      const pads = [...roll.node.querySelectorAll(".resolver__keypad")];
      roll.node.toggleAttribute("data-empty", pads.every((pad) => /** @type {HTMLElement} */ (pad).hidden));
    }
  }

  /** "Roll for me" for the roll asked alone: the site rolls its dice onto its keypads, and the resolution goes on. */
  rollAsked() {
    /** @type {[string[], any][]} */
    const pairs = [];
    for (const f of this.faceInputs) {
      if (!Object.hasOwn(this.asking, f.name)) continue;
      const faces = getPath(this.form.values, f.path) || [];
      const more = Math.max(0, this.asking[f.name] - faces.length);
      const rolled = Array.from({ length: more }, fairDie);
      f.note.textContent = `Rolled by the site: ${rolled.join(" ")}.`;
      pairs.push([f.path, [...faces, ...rolled]]);
    }
    if (!pairs.length) return;
    this.form.hooks.follow();
    this.form.setMany(pairs);
  }

  /** The faces typed on every keypad are cleared (quietly), and their notes; no roll is asked. */
  clearTyped() {
    for (const f of this.faceInputs) {
      setPath(this.form.values, f.path, []);
      f.note.textContent = "";
    }
    this.asking = {};
  }
}

/** Whether a roll input has steppers (its pool set by the player) besides its keypads. @param {InputSpec} spec */
export const rollHasSteppers = (spec) => (spec.parts || []).some((part) => part.kind !== "faces");

/** One d6 from the browser's generator, every face equally likely (draws past the last multiple of 6 are drawn again). */
function fairDie() {
  const limit = 2 ** 32 - (2 ** 32 % 6);
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0];
    if (n < limit) return 1 + (n % 6);
  }
}
