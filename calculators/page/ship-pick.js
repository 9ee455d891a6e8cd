// The pick of a ship from the fleet: a model input (a Capital Ship or a Squadron) offers the fleet's models of its
// kind kept on this phone (fleet-store.js); a pick fills every number, and the ship is then said in one line. Which
// fleet ship fills each input is noted for "Apply to the fleet" (apply-outcome.js).

import { checkState } from "./input-check.js";
import { KINDS, fleetShips } from "./fleet-store.js";
import { el, nextId, targetOf } from "./dom.js";
import { getPath } from "./paths.js";
import { notePick } from "./apply-outcome.js";
import { overdrivenPart, pickedNumber } from "./fleet-states.js";
import { itOrThem } from "./words.js";

/**
 * @typedef {import("./form-values.js").InputSpec} InputSpec
 * @typedef {import("./form-values.js").FormValues} FormValues
 * @typedef {import("./form-values.js").Values} Values
 * @typedef {{spec: InputSpec, path: string[], picked: HTMLElement, name: string}} PickedLine  a picked ship's line
 */

/** What the fold of a model's rarely changed numbers says it holds, by part ("Skill, System Traits, weapons, Armor"). */
const FOLD_WORDS = { skill: "Skill", traits: "System Traits", trait_boxes: "System Traits", trait2_boxes: "System Traits",
  weapons: "weapons", spinal: "weapons", sensors: "Sensors", armor: "Armor", armor_front: "Armor", armor_flank: "Armor", armor_rear: "Armor" };

export class ShipPicks {
  /** The ship inputs of `form`. @param {FormValues} form */
  constructor(form) {
    this.form = form;
    /** @type {Set<string>} the fleet kinds whose "none in your fleet" was said */
    this.saidNoFleet = new Set();
    /** @type {Map<string, PickedLine>} the ships picked from the fleet */
    this.pickedLines = new Map();
    /** @type {Map<string, any>} which fleet ship fills each ship input (null: by hand), for "Apply to the fleet" */
    this.fleetPicks = new Map();
  }

  /**
   * One model (a Capital Ship or a Squadron): a pick from the fleet's models of its kind kept on this phone (fleet.js)
   * fills every number; the numbers by hand are folded under the pick while the fleet has any, a ship's System Traits
   * and weapons folded again inside.
   * @param {InputSpec} spec @param {string[]} path @param {string} name @param {HTMLElement | null} help
   * @param {(part: InputSpec, path: string[]) => HTMLElement} control draws one of its parts (form-state.js)
   */
  modelFieldset(spec, path, name, help, control) {
    /** @type {[InputSpec, HTMLElement][]} */
    const parts = (spec.parts || []).map((part) => [part, control(part, [...path, part.name])]);
    const folded = parts.filter(([part]) => part.more).map(([part]) => FOLD_WORDS[part.name] || part.label);
    const fold = folded.length ? el("details", { class: "resolver__ship-more" }, el("summary", { text: [...new Set(folded)].join(", ") })) : null;
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
    /** @type {string[]} the numbers this input reads that the fleet ship does not hold yet */
    const unset = [];
    for (const part of spec.parts || []) {
      // The Boarders aboard are the ship's state (fleet-store.js); a fleet that records none leaves the form's own
      // (Board's survivors carried aboard, or typed). A number stored before the fleet kept it (its Skill) is asked.
      if ((ship.state?.unset || []).includes(part.name)) {
        unset.push(part.label);
        continue;
      }
      const value = part.name === "boarders" ? this.boardersOf(ship, path) : pickedNumber(ship, part.name);
      if (value !== undefined) given[part.name] = value;
    }
    const { values, refused } = checkState(spec.parts || [], given);
    /** @type {[string[], any][]} */
    const pairs = Object.entries(values).map(([key, value]) => [[...path, key], value]);
    this.form.fill(pairs);
    const line = { spec, path, picked, name: ship.side ? `${ship.name} (${ship.side})` : ship.name };
    this.pickedLines.set(path.join("."), line);
    this.showPicked(line);
    if (refused.length) {
      picked.append(` Not filled (${refused.join("; ")}): check it by hand.`);
      change.open = byHand.open = true;
    }
    if (unset.length) {
      const them = itOrThem(unset.length);
      picked.append(` ${unset.join(", ")}: not in the fleet yet (stored before the fleet kept ${them}): type ${them} here, and set ${them} on the Fleet page.`);
      change.open = byHand.open = true;
    }
    // An Overdriven Rating behaves as its full value until the End Phase, but its boxes left are what damage marks and
    // what Apply writes back: the pick fills those, and says so where this rule reads the Rating.
    const rating = overdrivenPart(ship);
    if (rating && Object.hasOwn(values, rating) && ship.card[rating] !== ship.left[rating]) {
      picked.append(` Overdriven (${ship.state.states.Overdriven}): it behaves as its full value, ${ship.card[rating]}, until the End Phase; its boxes left, ${ship.left[rating]}, are filled here.`);
    }
  }

  /** The Boarders aboard a picked ship: its state's (fleet-store.js); a fleet that records none has none aboard, unless
   * the form's were carried or typed (Board's survivors carried aboard before Board was applied): those stay.
   * @param {any} ship @param {string[]} path */
  boardersOf(ship, path) {
    if (ship.state && ship.state.boarders !== undefined) return ship.state.boarders;
    return this.form.entered.has([...path, "boarders"].join(".")) ? undefined : 0;
  }

  /** A carried state filled the form (Board's survivors, a Boarded activation's end): each picked ship goes on from the
   * fleet as it stands now (an activation applied is where the next starts) and from the numbers carried, so its
   * outcome can be applied in turn. @param {Values} carried the inputs carried */
  carried(carried) {
    for (const [key, ship] of this.fleetPicks) {
      if (!ship) continue;
      const path = key.split(".");
      const numbers = getPath(carried, path);
      notePick(this, path, ship, numbers && typeof numbers === "object" ? { ...(ship.carried || {}), ...numbers } : ship.carried);
    }
    this.showAll();
  }

  /** A picked ship in one line, from the numbers the form holds now (a pick, or an activation carried on).
   * @param {PickedLine} line */
  showPicked({ spec, path, picked, name }) {
    const values = getPath(this.form.values, path) || {};
    // "Structure 1 of 4": the Structure left and the starting Structure in one phrase.
    const of = (/** @type {string} */ part) => (part === "structure" && Object.hasOwn(values, "start_structure") ? ` of ${values.start_structure}` : "");
    // A part shown only for another's value (a Squadron's Missile AS) is said only then; a trait that is on, by its name.
    const shown = (/** @type {InputSpec} */ part) => !part.when || String(values[part.when[0]]) === part.when[1];
    const numbersNow = (spec.parts || []).filter((part) => !part.more && part.name !== "start_structure" && Object.hasOwn(values, part.name) && shown(part))
      .filter((part) => part.kind !== "bool" || values[part.name] === true)
      .map((part) => (part.kind === "bool" ? part.label : `${part.label.replace(/( boxes)? left$/, "")} ${values[part.name]}${of(part.name)}`));
    picked.replaceChildren(el("strong", { text: `${spec.label}: ` }), `${name}: ${numbersNow.join(", ")}.`);
  }

  /** Each picked ship's line again, from the numbers the form holds now (an activation carried on). */
  showAll() {
    for (const line of this.pickedLines.values()) this.showPicked(line);
  }
}
