// The form's state: the values it holds, which paths the player (or a link) entered, and writing them. The defaults,
// with a shared link's values over them, start it (startingValues); form-state.js draws the controls that write here.

import { readState } from "./fragment.js";
import { checkState, isGroup, isNamed } from "./input-check.js";
import { el } from "./dom.js";
import { getPath, setPath } from "./paths.js";
import { forCount } from "./words.js";

/**
 * One declared input, as describe() sends it (rules_core/inputs.py).
 * @typedef {{name: string, kind: string, label: string, help?: string, default?: any, low?: number, high?: number,
 *   choices?: string[], parts?: InputSpec[], when?: [string, string], more?: boolean, optional?: boolean}} InputSpec
 * @typedef {{title: string, inputs: InputSpec[], has_odds?: boolean, in_turn?: string[]}} Declaration
 * @typedef {Record<string, any>} Values
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
    notes.push(`This link carries ${names}${ignored.length > 3 ? " and more" : ""}, which ${forCount(ignored.length, "is not an input", "are not inputs")} of this resolver: ignored.`);
  }
  return { values, entered: new Set(checked.entered), fromLink: Boolean(state), notes };
}

export class FormValues {
  /**
   * The form's `values` (already checked), `entered` the paths the player (or a link) set.
   * @param {Declaration} declaration @param {Values} values @param {Set<string>} entered @param {FormHooks} hooks
   */
  constructor(declaration, values, entered, hooks) {
    this.declaration = declaration;
    this.values = values;
    this.entered = entered;
    this.hooks = hooks;
    /** @type {{input: HTMLInputElement, path: string[]} | null} */
    this.seedInput = null;
    /** @type {{node: HTMLElement, path: string[], value: string}[]} inputs shown only for one value of another */
    this.dependents = [];
    // The controls' form: `fill` finds an input's control in it by its path.
    this.node = el("form", { class: "resolver__form", "aria-label": declaration.title, onsubmit: (/** @type {Event} */ e) => e.preventDefault() });
  }

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
      if (input && input.type === "checkbox") input.checked = value === true;
      else if (input) input.value = value;
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
