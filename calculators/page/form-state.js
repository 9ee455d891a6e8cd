// The widget's form (calculators/page/widget.js wires it to requests.js and render.js): its controls, drawn from the
// resolver's describe() declaration, and where each is laid out. Each control writes its value into `values` and
// marks its path `entered` (form-values.js, the form's state); `setMany` then calls the widget's `changed`, which
// asks the engine. The simple controls are drawn by form-fields.js, the keypads and the rolls asked in turn by
// keypads.js, a ship picked from the fleet by ship-pick.js. The DOM hooks of the controls are listed at the top of
// widget.js.

import { checkState, isGroup, isModel, isRoll } from "./input-check.js";
import { el, nextId } from "./dom.js";
import { getPath } from "./paths.js";
import { FormValues } from "./form-values.js";
import { choiceField, seedField, stepperField, toggleField } from "./form-fields.js";
import { Keypads, rollHasSteppers } from "./keypads.js";
import { reflowTypedAhead } from "./dice-digits.js";
import { ShipPicks } from "./ship-pick.js";

export { startingValues } from "./form-values.js";

/**
 * @typedef {import("./form-values.js").InputSpec} InputSpec
 * @typedef {import("./form-values.js").Declaration} Declaration
 * @typedef {import("./form-values.js").Values} Values
 * @typedef {import("./form-values.js").FormHooks} FormHooks
 * @typedef {import("./keypads.js").NextRoll} NextRoll
 * @typedef {import("./keypads.js").FaceInput} FaceInput
 */

/** More optional keypads than this are folded (the keypads asked in turn are not among them): the optional rolls and
 * keypads of their own (a roll's "set aside" keypad stays in its roll). */
const MANY_OPTIONAL_PADS = 4;


/** Help sentences that more than one input of a declaration carries (groups included). @param {InputSpec[]} specs */
function sharedHelpTexts(specs) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  /** @param {InputSpec[]} list */
  const walk = (list) => {
    for (const spec of list) {
      if (spec.help) counts.set(spec.help, (counts.get(spec.help) || 0) + 1);
      if (isGroup(spec)) walk(spec.parts || []);
    }
  };
  walk(specs);
  return new Set([...counts].filter(([, n]) => n > 1).map(([text]) => text));
}

export class Form extends FormValues {
  /**
   * Draw the controls of `declaration` for `values` (already checked), `entered` the paths the player (or a link) set.
   * @param {Declaration} declaration @param {Values} values @param {Set<string>} entered @param {FormHooks} hooks
   */
  constructor(declaration, values, entered, hooks) {
    super(declaration, values, entered, hooks);
    this.keypads = new Keypads(this, declaration.in_turn || []);
    this.ships = new ShipPicks(this);
    // A help sentence several inputs share is said once, at the top of the form (it was repeated under each).
    this.sharedHelp = sharedHelpTexts(declaration.inputs);
    // Said once and folded under "More": the sentences are read once, the widget is used every turn.
    const helpAll = this.sharedHelp.size
      ? el("details", { class: "resolver__help-all" }, el("summary", { text: "How to fill this in" }), [...this.sharedHelp].map((text) => el("p", { class: "resolver__help", text })))
      : null;
    this.pads = el("div", { class: "resolver__keypads" });
    this.more = el("details", { class: "resolver__more" }, el("summary", { text: "More" }));
    // Many keypads the player may leave empty are folded; those asked in turn have a place of their own (nextRoll).
    const padsOf = (/** @type {InputSpec} */ spec) => (isRoll(spec) ? (spec.parts || []).filter((part) => part.kind === "faces").map((part) => ({ spec: part, name: `${spec.name}.${part.name}` })) : spec.kind === "faces" ? [{ spec, name: spec.name }] : []);
    const foldOptional = declaration.inputs.flatMap(padsOf).filter((pad) => pad.spec.optional && !this.inTurn.has(pad.name)).length > MANY_OPTIONAL_PADS;
    this.optionalPads = el("details", { class: "resolver__dice-more" }, el("summary", { text: "Dice you may leave empty" }));
    for (const spec of declaration.inputs) {
      const node = this.control(spec, [spec.name]);
      const pads = padsOf(spec);
      if (pads.length && pads.every((pad) => this.inTurn.has(pad.name))) this.nextRoll.append(node);
      else if (pads.length) (spec.optional && foldOptional ? this.optionalPads : this.pads).append(node);
      else if (spec.more || spec.kind === "seed") this.more.append(node);
      else this.node.append(node);
    }
    if (this.optionalPads.childElementCount > 1) this.pads.append(this.optionalPads);
    this.nextRoll.append(this.keypads.nextRollButton);
    if (helpAll) this.more.append(helpAll);
    this.showDependents();
    this.askRoll(null);
  }

  /** "More", when it holds anything. */
  moreIfAny() {
    return this.more.childElementCount > 1 ? this.more : null;
  }

  // -- the keypads and the ship picks, as the widget, requests.js, render.js and apply-outcome.js read them --

  /** @returns {FaceInput[]} */
  get faceInputs() { return this.keypads.faceInputs; }
  /** @returns {Record<string, number>} dice each keypad needs, as the engine's describe() last said */
  get diceNeeded() { return this.keypads.diceNeeded; }
  /** describe()'s counts for the values of `key`. @param {Record<string, number>} needed @param {string} key */
  setDiceNeeded(needed, key) { this.keypads.setDiceNeeded(needed, key); }
  /** @returns {boolean} whether digits typed ahead of their count were handed on (dice-digits.js) */
  reflowTypedAhead() { return reflowTypedAhead(this.keypads); }
  /** @returns {Record<string, number>} the keypads of the roll asked now, with the dice each takes once it is typed */
  get asking() { return this.keypads.asking; }
  /** @returns {Set<string>} the keypads asked in turn */
  get inTurn() { return this.keypads.inTurn; }
  /** @returns {HTMLElement} the keypads asked in turn, with their prompt */
  get nextRoll() { return this.keypads.nextRoll; }
  /** @returns {Map<string, any>} which fleet ship fills each ship input (null: by hand), for "Apply to the fleet" */
  get fleetPicks() { return this.ships.fleetPicks; }
  /** @param {string} name */
  mostDice(name) { return this.keypads.mostDice(name); }
  showRolls() { this.keypads.showRolls(); }
  /** @param {NextRoll | null} roll */
  askRoll(roll) { this.keypads.askRoll(roll); }

  // -- the controls --

  /** @param {InputSpec} spec @param {string[]} path @returns {HTMLElement} */
  control(spec, path) {
    const node = this.field(spec, path);
    if (spec.when) this.dependents.push({ node, path: [...path.slice(0, -1), spec.when[0]], value: spec.when[1] });
    return node;
  }

  /** @param {InputSpec} spec @param {string[]} path @returns {HTMLElement} */
  field(spec, path) {
    const name = path.join(".");
    const id = nextId(name);
    const help = spec.help && !this.sharedHelp.has(spec.help) ? el("small", { class: "resolver__help", text: spec.help }) : null;
    const value = getPath(this.values, path);
    const spoken = this.labelAt(path);
    if (isModel(spec)) return this.ships.modelFieldset(spec, path, name, help, (part, at) => this.control(part, at));
    if (isRoll(spec)) {
      // One roll: its steppers (a pool the player sets) and its keypads, under the roll's name. A roll of keypads alone
      // (its pool comes from a ship or a Skill) says its name in each keypad's legend instead, as compact as one keypad.
      const steppers = rollHasSteppers(spec);
      const parts = (spec.parts || []).map((part) => this.control(part, [...path, part.name]));
      const node = el("fieldset", { class: "resolver__group resolver__roll-input", "data-name": name, "data-roll": name, "data-steppers": steppers ? "" : null }, el("legend", { text: spec.label }), help, parts);
      this.keypads.rolls.push({ node, steppers });
      return node;
    }
    if (spec.kind === "group") {
      return el("fieldset", { class: "resolver__group", "data-name": name }, el("legend", { text: spec.label }), (spec.parts || []).map((part) => this.control(part, [...path, part.name])), help);
    }
    if (spec.kind === "faces") return this.keypads.keypad(spec, path, name);
    const field = { spec, id, name, value, help, spoken, set: (/** @type {any} */ given) => this.set(path, given) };
    if (spec.kind === "bool") return toggleField(field);
    if (spec.kind === "choice") return choiceField(field);
    if (spec.kind === "seed") {
      const { node, input } = seedField(field);
      this.seedInput = { input, path };
      return node;
    }
    return stepperField(field);
  }

  /** Start from a carried state (Board's survivors aboard; a Boarded activation's end): its inputs set (checked as a
   * link's are), the dice cleared, the keyboard on the first keypad's field (the tap that carried is the player's
   * gesture, so a phone shows it). @param {Values} inputs */
  takeCarry(inputs) {
    const { values } = checkState(this.declaration.inputs, inputs);
    /** @type {[string[], any][]} */
    const pairs = [];
    const flatten = (/** @type {Values} */ object, /** @type {string[]} */ path) => {
      for (const [key, value] of Object.entries(object)) {
        if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, [...path, key]);
        else pairs.push([[...path, key], value]);
      }
    };
    flatten(values, []);
    this.keypads.clearTyped();
    if (this.seedInput) this.setQuiet(this.seedInput.path, null);
    this.hooks.follow();
    this.fill(pairs);
    this.ships.carried(values);
    const first = this.faceInputs.find((f) => !f.optional && !f.pad.hidden);
    if (first) first.digits.focus();
  }

  /** "Roll for me": a random seed; the faces typed are cleared (the engine's roll shows on the keypads). */
  rollForMe() {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
    this.keypads.clearTyped();
    this.hooks.follow();
    if (this.seedInput) {
      this.seedInput.input.value = String(seed);
      this.set(this.seedInput.path, seed);
    }
  }
}
