// Once resolved from dice (some typed, or a seed), the form and the keypads fold into one line each that says what
// they hold (issue 33 point 5: the resolved widget in about one screen): "Inputs: Ramming ship Valiant, Target Tengu ·
// Change" and "Dice: 3 + 5 + 3 typed · Change"; a tap opens them again. An answer with no die yet (a galley mode's
// checklist) folds nothing: its inputs are still to be set. A fold the player (or the page: an error at its field, a
// default named in the headline) opened stays open: the answer, above them, stays where it is while the player changes
// an input. A change that leaves a keypad short names the die missing in the folded Dice line too.
//
// DOM hooks (stable; tests rely on them):
//   details.resolver__fold[data-region="inputs-fold"]  holds form.resolver__form; its summary the one line
//   details.resolver__fold[data-region="dice-fold"]    holds the keypads (not the roll asked next: it has its own place,
//                                                      hidden while the dice are folded and no roll is asked: data-settled)
//   details.resolver__fold[data-folded]                folded once at least (its summary line shows only from then on)

import { el } from "./dom.js";
import { getPath } from "./paths.js";
import { changedLines } from "./result-text.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 */

/** One fold: a details, open until the first resolution, its summary a heading and (folded) what it holds; the summary
 * shows once it has folded (data-folded), so the open widget is no taller before then.
 * @param {string} region @param {string} heading @param {HTMLElement} content */
function foldOf(region, heading, content) {
  const said = el("span", { class: "resolver__fold-said" });
  const summary = el("summary", {}, el("span", { class: "resolver__fold-heading", text: heading }), said,
    el("span", { class: "resolver__fold-change", text: " · Change" }));
  const details = /** @type {HTMLDetailsElement} */ (el("details", { class: "resolver__fold", "data-region": region, open: true }, summary, content));
  return { details, said, mayFold: true, folded: false };
}

/** Fold to the one line. @param {ReturnType<typeof foldOf>} fold */
function close(fold) {
  fold.folded = true;
  fold.details.dataset.folded = "";
  fold.details.open = false;
}

/** The form and the keypads, each in a fold. */
export class InputFolds {
  /** @param {Form} form */
  constructor(form) {
    this.form = form;
    this.inputs = foldOf("inputs-fold", "Inputs", form.node);
    this.dice = foldOf("dice-fold", "Dice", form.pads);
    this.dice.details.hidden = !form.faceInputs.some((face) => face.pad.closest(".resolver__keypads"));
    for (const fold of [this.inputs, this.dice]) {
      // Opened after a fold (a tap, an error at its field, a default tapped in the headline): the player's, kept open.
      fold.details.addEventListener("toggle", () => {
        if (fold.details.open && fold.folded) fold.mayFold = false;
      });
    }
  }

  /** The nodes to place in the widget, in order. */
  get nodes() {
    return [this.inputs.details, this.dice.details];
  }

  /** A resolution is shown: each fold not opened by the player since closes to its one line. Once no roll is asked
   * next, the roll typed in its turn folds with the dice (widget.css). @param {Values} inputs @param {boolean} final */
  resolved(inputs, final) {
    if (!this.form.faceInputs.length) return; // no dice: the inputs are what the player changes to see the answer
    if (!this.fromDice(inputs)) return; // answered before any die (a galley mode's checklist): the inputs come first
    this.inputs.said.textContent = `: ${this.inputsLine(inputs)}`;
    this.dice.details.toggleAttribute("data-settled", final);
    this.dice.said.textContent = `: ${this.diceLine(inputs)}`;
    for (const fold of [this.inputs, this.dice]) {
      if (fold.mayFold && fold.details.open) close(fold);
    }
  }

  /** Every ship the rule needs is picked from the fleet (fleet-play.js): the inputs fold to their line, so the dice
   * are in the first screen, and the keyboard goes to the first keypad's field. */
  shipsPicked() {
    this.inputs.said.textContent = `: ${this.inputsLine(this.form.values)}`;
    if (this.inputs.mayFold && this.inputs.details.open) close(this.inputs);
    const first = this.form.faceInputs.find((face) => !face.pad.hidden && face.pad.closest(".resolver__keypads"));
    first?.digits.focus();
  }

  /** A new round (the next activation carried in): the form and the dice open for its dice, to fold again once it is
   * resolved. */
  newRound() {
    for (const fold of [this.inputs, this.dice]) {
      Object.assign(fold, { mayFold: true, folded: false }).details.open = true;
      delete fold.details.dataset.folded;
    }
  }

  /** A change left a keypad short: the folded line names the die missing (opening it here would move the input just
   * changed out of view). @param {string} missing missingDice's words */
  diceMissing(missing) {
    if (!this.dice.details.open) this.dice.said.textContent = `: ${missing}`;
  }

  /** Some dice typed, or a seed set to roll them. @param {Values} inputs */
  fromDice(inputs) {
    const seed = this.form.seedInput && getPath(inputs, this.form.seedInput.path);
    return seed != null || this.form.faceInputs.some((face) => (getPath(inputs, face.path) || []).length > 0);
  }

  /** The ships picked from the fleet, then the inputs changed from where they start. @param {Values} inputs */
  inputsLine(inputs) {
    const picked = [...this.form.fleetPicks].map(([key, ship]) => ({ label: this.form.labelAt(key.split(".")), name: ship.name }));
    // A picked ship's numbers are the fleet's: its name says them.
    const changed = changedLines(this.form, inputs).filter((line) => !picked.some(({ label }) => line.startsWith(`${label} · `)));
    const all = [...picked.map(({ label, name }) => `${label} ${name}`), ...changed];
    return all.length ? all.join(", ") : "as they start";
  }

  /** The dice typed on each keypad, the roll asked in turn included ("3 + 5 + 3 + 1 typed"), or what rolled them. @param {Values} inputs */
  diceLine(inputs) {
    const counts = this.form.faceInputs
      .map((face) => (getPath(inputs, face.path) || []).length)
      .filter((count) => count > 0);
    return counts.length ? `${counts.join(" + ")} typed` : "rolled by the site";
  }
}
