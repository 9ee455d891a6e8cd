// "Apply to the fleet": after a resolution whose ships (Capital Ships or Squadrons) were picked from the fleet, one tap
// writes each one's end state (rules_core ship_inputs.end_state, squadron_inputs.squadron_end, in the outcome's "ships") into the fleet kept on this device, with its undo
// and a log entry (fleet-history.js). The form (ship-pick.js) calls `notePick` when a ship is picked (or set back to
// by hand) and widget.js calls `offerApply` once an outcome is drawn; nothing else of the widget is touched.
//
// DOM hooks (stable; tests rely on them):
//   [data-region="apply"]       inside the outcome: button "Apply to the fleet" and p[data-region="apply-note"]
//                               (role=status): what was applied, or why a ship was not
//
// A ship is applied only while it is as picked: its numbers in the form unchanged since the pick (a number changed
// by hand makes the outcome one of another ship), and the fleet's ship unchanged since (a second tap, or the fleet
// changed meanwhile, would apply twice).

import { KINDS, NOW_PARTS, PARTS_OF, fleetShips, fleetText, fleetWord, kindOf, readFleet, storedText } from "./fleet-store.js";
import { changeFleet } from "./fleet-history.js";
import { el } from "./dom.js";
import { resultText } from "./result-text.js";
import { pickedNumber, statesOf } from "./fleet-states.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").InputSpec} InputSpec
 * @typedef {import("./form-state.js").Values} Values
 * @typedef {{id: string, form: Form | null, view: import("./render.js").View | null}} WidgetParts
 */

/** Remember which fleet ship fills the ship input at `path` (null: numbers by hand); the ship as the fleet holds it
 * now (the list was read when the form was drawn: a ship applied to since then is picked with its new numbers).
 * `carried`: the numbers a carried state (a Boarded activation's end) put in the input since, which the outcome
 * starts from instead of the pick's. */
/** @param {{fleetPicks: Map<string, any>}} form the form's ship picks (ship-pick.js) @param {string[]} path @param {any} ship
 * @param {Values} [carried] */
export function notePick(form, path, ship, carried) {
  const now = ship ? fleetShips(kindOf(ship)).find((s) => s.index === ship.index && s.name === ship.name) || ship : null;
  form.fleetPicks.set(path.join("."), now && carried ? { ...now, carried } : now);
  return now;
}

/** What a ship input's part is called in a refusal: the fleet's word, else its label ("Starting Structure").
 * @param {InputSpec} part */
function partWord(part) {
  return fleetWord(part.name, part.label.replace(/( boxes)? left$/, ""));
}

/** Whether a ship was stored without this number (its Skill, kept by the fleet since version 4): not yet its own.
 * @param {any} ship @param {string} name */
const unsetWhenPicked = (ship, name) => (ship.state?.unset || []).includes(name);

/** The first number or state a fleet ship holds otherwise than `then` did: [its name, then, now], or null. A ship's
 * numbers are compared by name, not by the order a reader wrote them in; a state left out is none (fate "", 0 Boarders);
 * a number its stored record did not keep yet (a Skill "unset", which the fleet reads as its default) is no change.
 * @param {any} then @param {any} now @returns {[string, unknown, unknown] | null} */
function firstDifference(then, now) {
  for (const name of new Set([...Object.keys(then.left), ...Object.keys(now.left)])) {
    if (then.left[name] !== now.left[name] && !unsetWhenPicked(then, name)) return [name, then.left[name], now.left[name]];
  }
  const boarders = (/** @type {any} */ ship) => (ship.state && ship.state.boarders) || 0;
  const fate = (/** @type {any} */ ship) => (ship.state && ship.state.fate) || "in play";
  if (boarders(then) !== boarders(now)) return ["boarders", boarders(then), boarders(now)];
  if (fate(then) !== fate(now)) return ["fate", fate(then), fate(now)];
  const states = (/** @type {any} */ ship) => statesOf(ship).join(", ") || "none";
  if (states(then) !== states(now)) return ["states", states(then), states(now)];
  return null;
}

/** The number a pick (or the state carried since) put in a ship input's part: what an outcome of this ship was sent.
 * @param {any} ship @param {string} name */
function filledBy(ship, name) {
  if (ship.carried && ship.carried[name] !== undefined) return ship.carried[name];
  return pickedNumber(ship, name);
}

/** The first of a ship's numbers sent otherwise than its pick (or the state carried since) filled it: [part, filled,
 * sent], or null. The Boarders aboard are not the ship's card: typed by hand, they are the state the outcome starts
 * from. @param {InputSpec} spec @param {Values | undefined} sent @param {any} ship @returns {[InputSpec, unknown, unknown] | null} */
function changedByHand(spec, sent, ship) {
  for (const part of spec.parts || []) {
    const filled = filledBy(ship, part.name);
    // A number the fleet does not hold yet (unset) is the form's, typed or its default: a pick does not fill it.
    if (part.name !== "boarders" && filled !== undefined && !unsetWhenPicked(ship, part.name) && (!sent || sent[part.name] !== filled)) return [part, filled, sent && sent[part.name]];
  }
  return null;
}

/** The ship inputs this outcome can apply: [{ name, spec, ship, end }] and the reasons the others cannot.
 * @param {Form} form @param {any} result @param {Values} inputs */
function applicable(form, result, inputs) {
  const ends = (result.outcome && result.outcome.ships) || {};
  /** @type {{name: string, spec: InputSpec, ship: any, end: any}[]} */
  const found = [];
  /** @type {string[]} */
  const skipped = [];
  for (const [name, ship] of form.fleetPicks) {
    const end = ends[name];
    const spec = form.declaration.inputs.find((s) => s.name === name);
    if (!ship || !end || !spec) continue;
    const byHand = changedByHand(spec, inputs[name], ship);
    if (byHand) skipped.push(`${spec.label}: ${partWord(byHand[0])} changed by hand (${byHand[1]} → ${byHand[2]}) after ${ship.name} was picked`);
    else found.push({ name, spec, ship, end });
  }
  return { found, skipped };
}

/** The parts of each fleet kind this widget declares (a ship input's and a squadron input's, as far as the fleet
 * keeps them): the fleet's ships of those kinds are checked by them. @param {Form} form */
function partsByKind(form) {
  /** @type {{[kind: string]: InputSpec[]}} */
  const out = {};
  for (const [kind, inputKind] of Object.entries(KINDS)) {
    // The model input that holds every number of the fleet's card (an input of a few of them, such as Squadron
    // Damage's ship firing Point Defense, is not the one applied; checked by it, the other numbers would be refused).
    const spec = form.declaration.inputs.find((s) => s.kind === inputKind && PARTS_OF[kind].every((name) => (s.parts || []).some((part) => part.name === name)));
    if (spec) out[kind] = (spec.parts || []).filter((part) => PARTS_OF[kind].includes(part.name));
  }
  return out;
}

/** The fleet with each end state written in; { ships, names } or { error }.
 * @param {{ship: any, end: any}[]} found @param {{[kind: string]: InputSpec[]}} parts @returns {{ships?: any[], names?: string[], error?: string}} */
function appliedFleet(found, parts) {
  const read = readFleet(storedText() ?? "", parts);
  if (read.error) return { error: `the fleet stored on this phone could not be read (${read.error})` };
  const ships = read.ships;
  /** @type {string[]} */
  const names = [];
  const twice = found.find((f, i) => found.findIndex((g) => g.ship.index === f.ship.index) !== i);
  if (twice) return { error: `${twice.ship.name} was picked for two ships` };
  for (const { ship, end } of found) {
    const now = ships[ship.index];
    if (!now || now.name !== ship.name) return { error: `${ship.name} is no longer in the fleet where it was picked: pick it again` };
    const differs = firstDifference(ship, now);
    if (differs) {
      const [part, then, is] = differs;
      return { error: `${ship.name} has changed in the fleet since it was picked (${fleetWord(part)} ${then} → ${is}: applied already?): pick it again` };
    }
    // Nothing differs, yet an outcome of this pick was applied: one that changed nothing the fleet holds (a firefight
    // that left Marines and Boarders as they were), so another outcome of the same pick would be a second one.
    if (ship.spent) return { error: `an outcome of ${ship.name} as picked was applied already: pick it again to apply another` };
    const left = { ...now.left };
    for (const part of NOW_PARTS[kindOf(now)]) if (end.numbers[part] !== undefined) left[part] = end.numbers[part];
    const state = { ...(now.state || {}) };
    if (end.fate) state.fate = end.fate;
    if (end.numbers.boarders !== undefined) state.boarders = end.numbers.boarders;
    if (end.states) state.states = { ...(state.states || {}), ...end.states }; // a State entered (kept_states.py)
    const { state: _before, ...rest } = now;
    ships[ship.index] = Object.keys(state).length ? { ...rest, left, state } : { ...rest, left }; // no empty state kept
    names.push(now.name);
  }
  const checked = readFleet(fleetText(ships), parts); // the one reader: what is stored is what any fleet must be
  return checked.error ? { error: `the result does not fit the fleet (${checked.error})` } : { ships: checked.ships, names };
}

/** Offer "Apply to the fleet" under the outcome just drawn (nothing when no ship of it was picked from the fleet).
 * @param {WidgetParts} widget @param {any} result @param {Values} inputs */
export function offerApply(widget, result, inputs) {
  const { form, view } = widget;
  if (!form || !view) return;
  const { found, skipped } = applicable(form, result, inputs);
  if (!found.length && !skipped.length) return;
  const note = el("p", { class: "resolver__apply-note", role: "status", "data-region": "apply-note" });
  const region = el("div", { class: "resolver__apply", "data-region": "apply" });
  const fleetPage = new URL("../../../fleet/", import.meta.url).href;
  const notApplied = skipped.length ? ` Not applied: ${skipped.join("; ")}.` : "";
  if (!found.length) {
    note.textContent = notApplied.trim();
    region.append(note);
    view.placeUnderAnswer(region);
    return;
  }
  const button = el("button", { type: "button", class: "resolver__apply-button", text: "Apply to the fleet" });
  button.addEventListener("click", () => {
    const next = appliedFleet(found, partsByKind(form));
    if (next.error || !next.ships || !next.names) {
      note.textContent = `Nothing applied: ${next.error}. Your fleet is unchanged.`;
      return;
    }
    const title = form.declaration.title;
    const headline = (result.outcome && result.outcome.headline) || "";
    const dice = resultText(widget.id, form, inputs, headline, "").split("\n").find((line) => line.startsWith("Dice: ")) || "";
    const entry = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, at: new Date().toISOString(), title, headline, dice, ships: next.names };
    const kept = changeFleet(next.ships, `${title} applied to ${next.names.join(", ")}`, entry);
    if (kept.error) {
      note.textContent = `Nothing applied: ${kept.error}. Your fleet is unchanged.`;
      return;
    }
    for (const { name } of found) {
      const pick = form.fleetPicks.get(name);
      if (pick) pick.spent = true; // another outcome of this pick would apply twice (a carried state picks anew)
    }
    button.disabled = true;
    button.textContent = "Applied to the fleet";
    note.replaceChildren(`Applied to ${next.names.join(" and ")}${kept.note ? ` (${kept.note})` : ""}: undo it or see the log on the `,
      el("a", { href: fleetPage, text: "Fleet page" }), `.${notApplied}`);
  });
  note.textContent = notApplied.trim();
  region.append(button, note);
  view.placeUnderAnswer(region);
}
