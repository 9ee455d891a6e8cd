// The widget's form and the values it holds (calculators/page/widget.js wires it to requests.js and render.js).
//
// The form is drawn from the resolver's describe() declaration; each control writes its value into `values` and
// marks its path `entered`; `setMany` then calls the widget's `changed`, which asks the engine. Which inputs apply
// (`when`), a ship picked from the fleet, and the faces typed on a keypad are all kept here. A keypad is named by its
// path, one spelling with rules_core ("ram.dice": the dice keypad of the roll input "ram"; "random_dice" alone). The DOM hooks of the
// controls are listed at the top of widget.js.

import { readState } from "./fragment.js";
import { checkState, isGroup, isModel, isNamed, isRoll } from "./input-check.js";
import { KINDS, fleetShips } from "./fleet-store.js";
import { el, nextId } from "./dom.js";
import { getPath, setPath } from "./paths.js";
import { digitsField } from "./dice-digits.js";
import { notePick } from "./apply-outcome.js";

/** More optional keypads than this are folded (the keypads asked in turn are not among them): the optional rolls and
 * keypads of their own (a roll's "set aside" keypad stays in its roll). */
const MANY_OPTIONAL_PADS = 4;

/**
 * One declared input, as describe() sends it (rules_core/inputs.py).
 * @typedef {{name: string, kind: string, label: string, help?: string, default?: any, low?: number, high?: number,
 *   choices?: string[], parts?: InputSpec[], when?: [string, string], more?: boolean, optional?: boolean}} InputSpec
 * @typedef {{title: string, inputs: InputSpec[], has_odds?: boolean, in_turn?: string[]}} Declaration
 * @typedef {{keypads: Record<string, number>, dice: number, for: string, number: number, text: string}} NextRoll
 *   a roll no keypad holds yet, as a resolution from typed dice names it (rules_core/turns.py)
 * @typedef {Record<string, any>} Values
 * @typedef {{name: string, path: string[], typed: HTMLElement, needed: HTMLElement, note: HTMLElement, pad: HTMLElement,
 *   roll: string, key: string, optional: boolean, digits: HTMLInputElement}} FaceInput  a keypad: the faces typed for one
 *   `faces` input, `name` its path joined ("ram.dice"); `roll` the roll input it belongs to and `key` its part there
 *   ("ram", "dice"), or its own name and "dice" for a keypad of its own (render.js finds the dice rolled for it by them)
 * @typedef {{changed: () => void, follow: () => void}} FormHooks  what the widget does when a value changes
 */


/** @param {InputSpec[]} specs @returns {Values} */
function defaultsOf(specs) {
  /** @type {Values} */
  const values = {};
  for (const spec of specs) {
    if (isGroup(spec)) values[spec.name] = defaultsOf(spec.parts || []);
    else if (spec.kind === "faces") values[spec.name] = [];
    else if (spec.default !== null && spec.default !== undefined) values[spec.name] = spec.default;
  }
  return values;
}

/** Copy checked values (groups nested) onto `values`. @param {Values} values @param {Values} checked */
function mergeInto(values, checked) {
  for (const [key, value] of Object.entries(checked)) {
    if (value && typeof value === "object" && !Array.isArray(value)) mergeInto(values[key], value);
    else values[key] = value;
  }
}

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

/**
 * The starting values: the defaults, with a shared link's values over them. A link's values are data from anyone:
 * each is checked by its input's kind before the form or anything else uses it; a bad one is dropped (the default
 * stands) with a note, and the other values and widgets go on.
 * @param {string} id the resolver's id @param {InputSpec[]} specs
 * @returns {{values: Values, entered: Set<string>, fromLink: boolean, notes: string[]}}
 */
export function startingValues(id, specs) {
  const read = readState(id, specs);
  const state = read && read.state;
  const values = defaultsOf(specs);
  const checked = checkState(specs, state);
  mergeInto(values, checked.values);
  const { refused, ignored } = checked;
  const notes = [];
  if (read && read.refused) notes.push(`This link's inputs for this resolver could not be read (${read.refused}), so it shows the defaults.`);
  if (refused.length) notes.push(`This link's ${refused.slice(0, 3).join("; ")}${refused.length > 3 ? "; and more" : ""}: the default is used instead.`);
  if (ignored.length) {
    const names = ignored.slice(0, 3).map((/** @type {string} */ name) => `“${name.slice(0, 40)}”`).join(", ");
    notes.push(`This link carries ${names}${ignored.length > 3 ? " and more" : ""}, which ${ignored.length === 1 ? "is not an input" : "are not inputs"} of this resolver: ignored.`);
  }
  return { values, entered: new Set(checked.entered), fromLink: Boolean(state), notes };
}

export class Form {
  /**
   * Draw the controls of `declaration` for `values` (already checked), `entered` the paths the player (or a link) set.
   * @param {Declaration} declaration @param {Values} values @param {Set<string>} entered @param {FormHooks} hooks
   */
  constructor(declaration, values, entered, hooks) {
    this.declaration = declaration;
    this.values = values;
    this.entered = entered;
    this.hooks = hooks;
    /** @type {Record<string, number>} dice each keypad needs, as the engine's describe() last said */
    this.diceNeeded = {};
    /** @type {FaceInput[]} */
    this.faceInputs = [];
    /** @type {{input: HTMLInputElement, path: string[]} | null} */
    this.seedInput = null;
    /** @type {{node: HTMLElement, path: string[], value: string}[]} inputs shown only for one value of another */
    this.dependents = [];
    /** @type {Set<string>} the fleet kinds whose "none in your fleet" was said */
    this.saidNoFleet = new Set();
    /** Keypads of the dice after the first roll: shown when a resolution asks for them (askRoll), or once they hold faces. */
    this.inTurn = new Set(declaration.in_turn || []);
    /** @type {Record<string, number>} the keypads of the roll asked now, with the dice each takes once it is typed */
    this.asking = {};
    this.nextRollPrompt = el("p", { class: "resolver__next-roll-prompt", "data-region": "next-roll-prompt" });
    this.nextRollButton = el("button", { type: "button", class: "resolver__roll", text: "Roll for me", onclick: () => this.rollAsked() });
    this.nextRoll = el("div", { class: "resolver__next-roll", "data-region": "next-roll", hidden: true }, this.nextRollPrompt);
    // A help sentence several inputs share is said once, at the top of the form (it was repeated under each).
    this.sharedHelp = sharedHelpTexts(declaration.inputs);
    // Said once and folded under "More": the sentences are read once, the widget is used every turn.
    const helpAll = this.sharedHelp.size
      ? el("details", { class: "resolver__help-all" }, el("summary", { text: "How to fill this in" }), [...this.sharedHelp].map((text) => el("p", { class: "resolver__help", text })))
      : null;
    this.node = el("form", { class: "resolver__form", "aria-label": declaration.title, onsubmit: (/** @type {Event} */ e) => e.preventDefault() });
    this.pads = el("div", { class: "resolver__keypads" });
    this.more = el("details", { class: "resolver__more" }, el("summary", { text: "More" }));
    // Many keypads the player may leave empty are folded; those asked in turn have a place of their own (nextRoll).
    const keypads = (/** @type {InputSpec} */ spec) => (isRoll(spec) ? (spec.parts || []).filter((part) => part.kind === "faces").map((part) => ({ spec: part, name: `${spec.name}.${part.name}` })) : spec.kind === "faces" ? [{ spec, name: spec.name }] : []);
    const foldOptional = declaration.inputs.flatMap(keypads).filter((pad) => pad.spec.optional && !this.inTurn.has(pad.name)).length > MANY_OPTIONAL_PADS;
    this.optionalPads = el("details", { class: "resolver__dice-more" }, el("summary", { text: "Dice you may leave empty" }));
    /** @type {{node: HTMLElement, steppers: boolean}[]} the roll inputs' fieldsets */
    this.rolls = [];
    for (const spec of declaration.inputs) {
      const node = this.control(spec, [spec.name]);
      const pads = keypads(spec);
      if (pads.length && pads.every((pad) => this.inTurn.has(pad.name))) this.nextRoll.append(node);
      else if (pads.length) (spec.optional && foldOptional ? this.optionalPads : this.pads).append(node);
      else if (spec.more || spec.kind === "seed") this.more.append(node);
      else this.node.append(node);
    }
    if (this.optionalPads.childElementCount > 1) this.pads.append(this.optionalPads);
    this.nextRoll.append(this.nextRollButton);
    if (helpAll) this.more.append(helpAll);
    /** @type {Map<string, {spec: InputSpec, path: string[], picked: HTMLElement, name: string}>} the ships picked from the fleet */
    this.pickedLines = new Map();
    /** @type {Map<string, any>} which fleet ship fills each ship input (null: by hand), for "Apply to the fleet" */
    this.fleetPicks = new Map();
    this.showDependents();
    this.askRoll(null);
  }

  /** "More", when it holds anything. */
  moreIfAny() {
    return this.more.childElementCount > 1 ? this.more : null;
  }

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
    if (isModel(spec)) return this.modelFieldset(spec, path, name, help);
    if (isRoll(spec)) {
      // One roll: its steppers (a pool the player sets) and its keypads, under the roll's name. A roll of keypads alone
      // (its pool comes from a ship or a Skill) says its name in each keypad's legend instead, as compact as one keypad.
      const steppers = rollHasSteppers(spec);
      const parts = (spec.parts || []).map((part) => this.control(part, [...path, part.name]));
      const node = el("fieldset", { class: "resolver__group resolver__roll-input", "data-name": name, "data-roll": name, "data-steppers": steppers ? "" : null }, el("legend", { text: spec.label }), help, parts);
      this.rolls.push({ node, steppers });
      return node;
    }
    if (spec.kind === "group") {
      return el("fieldset", { class: "resolver__group", "data-name": name }, el("legend", { text: spec.label }), (spec.parts || []).map((part) => this.control(part, [...path, part.name])), help);
    }
    if (spec.kind === "bool") {
      const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", role: "switch", id, "data-name": name, onchange: (/** @type {Event} */ e) => this.set(path, targetOf(e).checked) }));
      box.checked = value === true || value === "true";
      return el("div", { class: "resolver__field resolver__toggle" }, box, el("label", { for: id, text: spec.label }), help);
    }
    if (spec.kind === "choice") {
      const select = /** @type {HTMLSelectElement} */ (el("select", { id, "data-name": name, onchange: (/** @type {Event} */ e) => this.set(path, targetOf(e).value) }, (spec.choices || []).map((c) => el("option", { value: c, text: c }))));
      select.value = typeof value === "string" ? value : "";
      return el("div", { class: "resolver__field" }, el("label", { for: id, text: spec.label }), select, help);
    }
    if (spec.kind === "faces") return this.keypad(spec, path, name);
    if (spec.kind === "seed") {
      const input = /** @type {HTMLInputElement} */ (el("input", { type: "number", inputmode: "numeric", id, "data-name": name, min: 0, placeholder: "none", onchange: (/** @type {Event} */ e) => this.set(path, targetOf(e).value === "" ? null : Number(targetOf(e).value)) }));
      input.value = typeof value === "number" ? String(value) : "";
      this.seedInput = { input, path };
      return el("div", { class: "resolver__field resolver__seed" }, el("label", { for: id, text: spec.label }), input, help);
    }
    // int: a stepper clamped to low/high; typed values are clamped too
    const clamp = (/** @type {number} */ n) => Math.min(spec.high ?? Infinity, Math.max(spec.low ?? -Infinity, n));
    const input = /** @type {HTMLInputElement} */ (el("input", { type: "number", inputmode: "numeric", id, "data-name": name, "aria-label": spoken === spec.label ? null : spoken, min: spec.low, max: spec.high, onchange: (/** @type {Event} */ e) => commit(Number(targetOf(e).value)) }));
    input.value = typeof value === "number" || typeof value === "string" ? String(value) : "";
    const commit = (/** @type {number} */ n) => {
      if (!Number.isFinite(n)) n = spec.default ?? spec.low ?? 0;
      input.value = String(clamp(Math.round(n)));
      this.set(path, Number(input.value));
    };
    const current = () => (input.value !== "" && Number.isFinite(Number(input.value)) ? Number(input.value) : spec.default ?? 0);
    return el(
      "div",
      { class: "resolver__field resolver__stepper" },
      el("label", { for: id, text: spec.label }),
      el("button", { type: "button", "aria-label": `${spoken}: one less`, text: "−", onclick: () => commit(current() - 1) }),
      input,
      el("button", { type: "button", "aria-label": `${spoken}: one more`, text: "+", onclick: () => commit(current() + 1) }),
      help,
    );
  }

  /**
   * One model (a Capital Ship or a Squadron): a pick from the fleet's models of its kind kept on this phone (fleet.js)
   * fills every number; the numbers by hand are folded under the pick while the fleet has any, a ship's System Traits
   * and weapons folded again inside.
   * @param {InputSpec} spec @param {string[]} path @param {string} name @param {HTMLElement | null} help
   */
  modelFieldset(spec, path, name, help) {
    /** @type {[InputSpec, HTMLElement][]} */
    const parts = (spec.parts || []).map((part) => [part, this.control(part, [...path, part.name])]);
    const fold = parts.some(([part]) => part.more) ? el("details", { class: "resolver__ship-more" }, el("summary", { text: "System Traits, weapons" })) : null;
    for (const [part, node] of parts) if (part.more && fold) fold.append(node);
    const numbers = [help, ...parts.filter(([part]) => !part.more).map(([, node]) => node), fold];
    const kind = Object.keys(KINDS).find((k) => KINDS[k] === spec.kind) || "";
    const ships = fleetShips(kind);
    const fleetPage = new URL("../../../fleet/", import.meta.url).href;
    if (!ships.length) {
      // Said once per widget and kind, in its first model of that kind (a help sentence is never repeated).
      const said = this.saidNoFleet.has(kind);
      // The link is "your fleet", not "fleet": a word of 26 px is under the 44 px a finger needs.
      const none = said ? null : el("p", { class: "resolver__help resolver__fleet-none" }, `No ${kind === "Squadron" ? "Squadrons" : "ships"} in `, el("a", { href: fleetPage, text: "your fleet" }), " yet: type the numbers.");
      this.saidNoFleet.add(kind);
      return el("fieldset", { class: "resolver__group resolver__ship", "data-name": name, "data-model": kind }, el("legend", { text: spec.label }), none, numbers);
    }
    // Picked, the ship is one line (its name, side and numbers now); the pick and the numbers by hand fold under "Change".
    const id = nextId(`${name}-pick`);
    const picked = el("p", { class: "resolver__picked", "data-region": "picked" });
    const byHand = /** @type {HTMLDetailsElement} */ (el("details", { class: "resolver__by-hand" }, el("summary", { text: "Numbers by hand" }), numbers));
    const change = /** @type {HTMLDetailsElement} */ (el("details", { class: "resolver__change", open: true }, el("summary", { text: "Change" })));
    const select = el("select", { id, "data-pick": name, onchange: (/** @type {Event} */ e) => {
      const value = targetOf(e).value; // "" is "— by hand —" (Number("") would be the first ship)
      this.pickShip(spec, path, value === "" ? null : ships[Number(value)], picked, byHand, change);
    } },
      el("option", { value: "", text: "— by hand —" }),
      ships.map((ship, i) => el("option", { value: i, text: ship.side ? `${ship.name} (${ship.side})` : ship.name })));
    change.append(el("div", { class: "resolver__field" }, el("label", { for: id, text: `${spec.label}: from your fleet` }), select), byHand);
    return el("fieldset", { class: "resolver__group resolver__ship", "data-name": name, "data-model": kind }, el("legend", { text: spec.label }), picked, change);
  }

  /**
   * Fill a ship input from a fleet ship: its numbers now, its card's Structure as the starting Structure, the Boarders
   * aboard its state records. Values
   * are checked as a link's are (input-check.js); a number the resolver cannot take is left as it was, and said.
   * @param {InputSpec} spec @param {string[]} path @param {any} ship a fleet ship (fleet-store.js), none for "by hand"
   * @param {HTMLElement} picked @param {HTMLDetailsElement} byHand @param {HTMLDetailsElement} change
   */
  pickShip(spec, path, ship, picked, byHand, change) {
    picked.textContent = "";
    ship = notePick(this, path, ship);
    if (!ship) {
      this.pickedLines.delete(path.join("."));
      byHand.open = true;
      return;
    }
    change.open = false;
    /** @type {Values} */
    const given = {};
    for (const part of spec.parts || []) {
      // The Boarders aboard are the ship's state (fleet-store.js); a fleet that records none leaves the form's own
      // (Board's survivors carried aboard, or typed).
      const value = part.name === "start_structure" ? ship.card.structure : part.name === "boarders" ? ship.state?.boarders : ship.left[part.name];
      if (value !== undefined) given[part.name] = value;
    }
    const { values, refused } = checkState(spec.parts || [], given);
    /** @type {[string[], any][]} */
    const pairs = Object.entries(values).map(([key, value]) => [[...path, key], value]);
    this.fill(pairs);
    const line = { spec, path, picked, name: ship.side ? `${ship.name} (${ship.side})` : ship.name };
    this.pickedLines.set(path.join("."), line);
    this.showPicked(line);
    if (refused.length) {
      picked.append(` Not filled (${refused.join("; ")}): check it by hand.`);
      change.open = byHand.open = true;
    }
  }

  /** A picked ship in one line, from the numbers the form holds now (a pick, or an activation carried on).
   * @param {{spec: InputSpec, path: string[], picked: HTMLElement, name: string}} line */
  showPicked({ spec, path, picked, name }) {
    const values = getPath(this.values, path) || {};
    // "Structure 1 of 4": the Structure left and the starting Structure in one phrase.
    const of = (/** @type {string} */ part) => (part === "structure" && Object.hasOwn(values, "start_structure") ? ` of ${values.start_structure}` : "");
    // A part shown only for another's value (a Squadron's Missile AS) is said only then; a trait that is on, by its name.
    const shown = (/** @type {InputSpec} */ part) => !part.when || String(values[part.when[0]]) === part.when[1];
    const numbersNow = (spec.parts || []).filter((part) => !part.more && part.name !== "start_structure" && Object.hasOwn(values, part.name) && shown(part))
      .filter((part) => part.kind !== "bool" || values[part.name] === true)
      .map((part) => (part.kind === "bool" ? part.label : `${part.label.replace(/( boxes)? left$/, "")} ${values[part.name]}${of(part.name)}`));
    picked.replaceChildren(el("strong", { text: `${spec.label}: ` }), `${name}: ${numbersNow.join(", ")}.`);
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
    for (const f of this.faceInputs) {
      setPath(this.values, f.path, []);
      f.note.textContent = "";
    }
    this.asking = {};
    if (this.seedInput) this.setQuiet(this.seedInput.path, null);
    this.hooks.follow();
    this.fill(pairs);
    for (const line of this.pickedLines.values()) this.showPicked(line);
    const first = this.faceInputs.find((f) => !f.optional && !f.pad.hidden);
    if (first) first.digits.focus();
  }

  /** A keypad: the faces rolled at the table, typed die by die. @param {InputSpec} spec @param {string[]} path @param {string} name */
  keypad(spec, path, name) {
    const typed = el("output", { class: "resolver__typed", "data-region": "typed" });
    const needed = el("span", { class: "resolver__needed", "data-region": "needed", "aria-live": "polite" });
    const note = el("p", { class: "resolver__keypad-note", role: "status", "data-region": "keypad-note" });
    /** @returns {number[]} */
    const faces = () => (Array.isArray(getPath(this.values, path)) ? [...getPath(this.values, path)] : []);
    const update = (/** @type {number[]} */ list) => {
      note.textContent = "";
      if (this.seedInput) this.setQuiet(this.seedInput.path, null);
      if (!this.inTurn.has(name)) this.clearLaterRolls(); // they followed from the dice before: asked again in turn
      this.hooks.follow(); // the last die brings the outcome into view
      this.set(path, list);
    };
    const spoken = this.labelAt(path); // a roll's keypad names the roll: "Target's roll: Macro dice rolled"
    const owner = path.length > 1 ? this.specAt(path.slice(0, -1)) : null;
    const digits = /** @type {HTMLInputElement} */ (digitsField({
      label: spoken, id: nextId(`${name}-digits`), most: () => this.mostDice(name) ?? spec.high ?? Infinity,
      write: (/** @type {number[]} */ list) => update(list),
      say: (/** @type {string} */ text) => (note.textContent = text),
      next: (/** @type {HTMLInputElement} */ from) => this.focusNextDigits(from),
    }));
    const add = (/** @type {number} */ face) => {
      const list = faces();
      const most = this.mostDice(name) ?? spec.high ?? Infinity;
      if (list.length >= most) {
        note.textContent = `${spoken}: ${most === 1 ? "the 1 die is" : `all ${most} dice are`} typed already. Press ⌫ or Clear to change one.`;
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
    const next = this.faceInputs.slice(at + 1).find((f) => (!f.optional || Object.hasOwn(this.asking, f.name)) && !f.pad.hidden
      && (getPath(this.values, f.path) || []).length < (this.mostDice(f.name) ?? 1));
    if (next) next.digits.focus();
    else from.blur();
  }

  /** The dice a keypad takes now: the roll asked of it, else what describe() said (undefined: not known). @param {string} name */
  mostDice(name) {
    return Object.hasOwn(this.asking, name) ? this.asking[name] : this.diceNeeded[name];
  }

  /** The dice typed after the first roll are cleared (quietly: the change that clears them asks the engine). */
  clearLaterRolls() {
    this.asking = {};
    for (const f of this.faceInputs) if (this.inTurn.has(f.name)) setPath(this.values, f.path, []);
  }

  /**
   * A resolution's next roll (null once the fate is reached): its keypads alone are shown, with the prompt
   * "Next roll (4 of ?): Target: Catastrophic Damage Table, 1 die", the keyboard on the first one's field. The
   * keypads of the rolls typed before stay shown (to correct a die), the others hidden.
   * @param {NextRoll | null} roll
   */
  askRoll(roll) {
    this.asking = {};
    const held = (/** @type {FaceInput} */ f) => (getPath(this.values, f.path) || []).length;
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
      const faces = getPath(this.values, f.path) || [];
      const more = Math.max(0, this.asking[f.name] - faces.length);
      const rolled = Array.from({ length: more }, fairDie);
      f.note.textContent = `Rolled by the site: ${rolled.join(" ")}.`;
      pairs.push([f.path, [...faces, ...rolled]]);
    }
    if (!pairs.length) return;
    this.hooks.follow();
    this.setMany(pairs);
  }

  /** "Roll for me": a random seed; the faces typed are cleared (the engine's roll shows on the keypads). */
  rollForMe() {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
    for (const f of this.faceInputs) {
      setPath(this.values, f.path, []);
      f.note.textContent = "";
    }
    this.asking = {};
    this.hooks.follow();
    if (this.seedInput) {
      this.seedInput.input.value = String(seed);
      this.set(this.seedInput.path, seed);
    }
  }

  // -- the values --

  /** @param {string[]} path @param {any} value */
  setQuiet(path, value) {
    setPath(this.values, path, value);
    if (this.seedInput && path.join(".") === this.seedInput.path.join(".")) this.seedInput.input.value = value ?? "";
  }

  /** @param {string[]} path @param {any} value */
  set(path, value) {
    this.setMany([[path, value]]);
  }

  /** Several inputs changed at once (a ship picked from the fleet): one link update, one request. @param {[string[], any][]} pairs */
  setMany(pairs) {
    for (const [path, value] of pairs) {
      setPath(this.values, path, value);
      this.entered.add(path.join("."));
    }
    this.showDependents();
    this.hooks.changed();
  }

  /** Inputs set from outside the form (a fleet pick, a carried state): their controls show the values, then one update.
   * @param {[string[], any][]} pairs */
  fill(pairs) {
    for (const [where, value] of pairs) {
      const input = /** @type {HTMLInputElement | null} */ (this.node.querySelector(`[data-name="${CSS.escape(where.join("."))}"]`));
      if (input) input.value = value;
    }
    this.setMany(pairs);
  }

  /** Hide the inputs that do not apply to the current choice (e.g. Squadron-only ones while a Capital Ship rams). */
  showDependents() {
    for (const d of this.dependents) d.node.hidden = String(getPath(this.values, d.path)) !== d.value;
  }

  /** The declared input at a path (groups' parts included). @param {string[]} path @returns {InputSpec | null} */
  specAt(path) {
    /** @type {InputSpec[] | undefined} */
    let specs = this.declaration.inputs;
    /** @type {InputSpec | null} */
    let spec = null;
    for (const name of path) {
      spec = (specs || []).find((candidate) => candidate.name === name) || null;
      specs = spec ? spec.parts : undefined;
    }
    return spec;
  }

  /** The label a player hears for the input at a path: a ship's number names the ship ("Target: Structure left"), a
   * roll's keypad the roll ("Ramming ship's roll: Dice rolled (base and flex)"). @param {string[]} path */
  labelAt(path) {
    const spec = this.specAt(path);
    const owner = path.length > 1 ? this.specAt(path.slice(0, -1)) : null;
    const label = spec ? spec.label : path.join(".");
    return owner && isNamed(owner) ? `${owner.label}: ${label}` : label;
  }
}

/** Whether a roll input has steppers (its pool set by the player) besides its keypads. @param {InputSpec} spec */
const rollHasSteppers = (spec) => (spec.parts || []).some((part) => part.kind !== "faces");

/** One d6 from the browser's generator, every face equally likely (draws past the last multiple of 6 are drawn again). */
function fairDie() {
  const limit = 2 ** 32 - (2 ** 32 % 6);
  for (;;) {
    const n = crypto.getRandomValues(new Uint32Array(1))[0];
    if (n < limit) return 1 + (n % 6);
  }
}

/** The control an event came from. @param {Event} event */
const targetOf = (event) => /** @type {HTMLInputElement} */ (event.target);
