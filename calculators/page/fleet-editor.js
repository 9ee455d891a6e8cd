// The fleet page's form for one ship (form[data-region="fleet-form"]): "Name", "Side", a control per card number
// (a stepper, a trait's checkbox, a weapon's select), details "Now (…)" with a stepper per number now, "Save ship" and
// "Cancel". The ship it makes is checked by the page (fleet.js) through checkShip when saved.

import { CAPITAL_SHIP, MOST_NAME, MOST_SIDE, NOW_PARTS, SQUADRON, cardLabel, kindOf } from "./fleet-store.js";
import { el } from "./dom.js";

let uid = 0;
/** The next number of the fleet page's element ids (its forms' controls, its file input): one count for them all. */
export const fleetUid = () => ++uid;

/** The form for `ship` (null: a new ship of `kind`), and its name input (to focus once the form is shown). `save` is
 * given the ship as entered, `cancel` is called by "Cancel".
 * @param {any} ship @param {string} kind @param {any} partsByKind
 * @param {(entered: any) => void} save @param {() => void} cancel @returns {{form: HTMLElement, name: HTMLInputElement}} */
export function shipForm(ship, kind, partsByKind, save, cancel) {
  if (ship) kind = kindOf(ship);
  const parts = partsByKind[kind];
  const nowParts = parts.filter((part) => NOW_PARTS[kind].includes(part.name));
  const card = {}, left = {};
  for (const part of parts) {
    card[part.name] = ship ? ship.card[part.name] : part.default;
    left[part.name] = ship ? ship.left[part.name] : part.default;
  }
  const nameId = `fleet-name-${fleetUid()}`, sideId = `fleet-side-${uid}`;
  const name = el("input", { type: "text", id: nameId, maxlength: MOST_NAME, autocomplete: "off", required: true });
  const side = el("input", { type: "text", id: sideId, maxlength: MOST_SIDE, autocomplete: "off" });
  name.value = ship ? ship.name : "";
  side.value = ship ? ship.side : "";
  const nowSteppers = el("div", { class: "fleet__now-steppers" });
  const drawNow = () => nowSteppers.replaceChildren(...nowParts.map((part) => stepper(part, `Now: ${part.label}`, left[part.name], (n) => { left[part.name] = n; })));
  drawNow();
  // A number the ship was stored without (its Skill, before the fleet kept it) is said to be not set yet; saving the
  // form sets it (the player has seen it), so the ship no longer asks for it.
  const unset = (ship && ship.state && ship.state.unset) || [];
  const labelOf = (part) => (unset.includes(part.name) ? `${cardLabel(part)} (not set yet: from its data card)` : cardLabel(part));
  const { unset: _asked, ...kept } = (ship && ship.state) || {};
  const cardSteppers = parts.map((part) => control(part, labelOf(part), card[part.name], (n) => {
    // A number not yet damaged follows its card; one above the card comes down to it; one that does not change
    // in play (a Squadron's Skill, weapon, traits) is its card's.
    if (left[part.name] === card[part.name] || left[part.name] > n || !NOW_PARTS[kind].includes(part.name)) left[part.name] = n;
    card[part.name] = n;
    drawNow();
  }));
  const form = el("form", { class: "fleet__form", "data-region": "fleet-form", "aria-label": ship ? `Edit ${ship.name}` : kind === SQUADRON ? "New Squadron" : "New ship", onsubmit: (e) => e.preventDefault() },
    el("div", { class: "resolver__field" }, el("label", { for: nameId, text: "Name" }), name),
    el("div", { class: "resolver__field" }, el("label", { for: sideId, text: "Side" }), side),
    el("fieldset", { class: "resolver__group" }, el("legend", { text: "Data card" }), cardSteppers),
    el("details", { class: "fleet__now" }, el("summary", { text: kind === SQUADRON ? "Now (Structure left, Fuel remaining)" : "Now (boxes left, Structure left, undamaged weapons)" }), nowSteppers),
    el("div", { class: "fleet__form-actions" },
      el("button", { type: "button", text: "Save ship", onclick: () => save({ kind, name: name.value, side: side.value, card, left, ...(Object.keys(kept).length ? { state: kept } : {}) }) }),
      el("button", { type: "button", text: "Cancel", onclick: () => cancel() })));
  return { form, name };
}

/** A card's control by its part's kind: a stepper, a checkbox (a trait) or a select (a weapon). */
function control(part, label, value, onChange) {
  if (part.kind === "int") return stepper(part, label, value, onChange);
  const id = `fleet-${fleetUid()}-${part.name}`;
  if (part.kind === "bool") {
    const box = el("input", { type: "checkbox", id, "data-name": part.name, onchange: (e) => onChange(e.target.checked) });
    box.checked = value === true;
    return el("div", { class: "resolver__field resolver__toggle" }, box, el("label", { for: id, text: label }));
  }
  const select = el("select", { id, "data-name": part.name, onchange: (e) => onChange(e.target.value) }, (part.choices || []).map((c) => el("option", { value: c, text: c })));
  select.value = value;
  return el("div", { class: "resolver__field" }, el("label", { for: id, text: label }), select);
}

function stepper(part, label, value, onChange) {
  const id = `fleet-${fleetUid()}-${part.name}`;
  const input = el("input", { type: "number", inputmode: "numeric", id, "data-name": part.name, min: part.low, max: part.high });
  input.value = value;
  const clamp = (n) => Math.min(part.high ?? Infinity, Math.max(part.low ?? -Infinity, Number.isFinite(n) ? Math.round(n) : part.default ?? 0));
  const set = (n) => {
    input.value = clamp(n);
    onChange(Number(input.value));
  };
  input.addEventListener("change", () => set(Number(input.value)));
  return el("div", { class: "resolver__field resolver__stepper" },
    el("label", { for: id, text: label }),
    el("button", { type: "button", "aria-label": `${label}: one less`, text: "−", onclick: () => set(Number(input.value) - 1) }),
    input,
    el("button", { type: "button", "aria-label": `${label}: one more`, text: "+", onclick: () => set(Number(input.value) + 1) }));
}
