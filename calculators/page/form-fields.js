// The form's simple controls, one input each: a switch, a choice, the seed, a stepper. form-state.js draws them among
// the form's groups, rolls, keypads (keypads.js) and ships (ship-pick.js); each writes its value through `set`.

import { el, targetOf } from "./dom.js";

/**
 * What a control is drawn from: its input, its element id and path joined (`name`), the value the form holds, its help
 * line (none when said once for the form), the label a player hears, and how it writes a value.
 * @typedef {{spec: import("./form-values.js").InputSpec, id: string, name: string, value: any, help: HTMLElement | null,
 *   spoken: string, set: (value: any) => void}} Field
 */

/** A yes/no input: a switch. @param {Field} field @returns {HTMLElement} */
export function toggleField({ spec, id, name, value, help, set }) {
  const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", role: "switch", id, "data-name": name, onchange: (/** @type {Event} */ e) => set(targetOf(e).checked) }));
  box.checked = value === true || value === "true";
  return el("div", { class: "resolver__field resolver__toggle" }, box, el("label", { for: id, text: spec.label }), help);
}

/** One of a list: a select. @param {Field} field @returns {HTMLElement} */
export function choiceField({ spec, id, name, value, help, set }) {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id, "data-name": name, onchange: (/** @type {Event} */ e) => set(targetOf(e).value) }, (spec.choices || []).map((c) => el("option", { value: c, text: c }))));
  select.value = typeof value === "string" ? value : "";
  return el("div", { class: "resolver__field" }, el("label", { for: id, text: spec.label }), select, help);
}

/** The seed of the engine's roll ("none": the dice typed). @param {Field} field
 * @returns {{node: HTMLElement, input: HTMLInputElement}} */
export function seedField({ spec, id, name, value, help, set }) {
  const input = /** @type {HTMLInputElement} */ (el("input", { type: "number", inputmode: "numeric", id, "data-name": name, min: 0, placeholder: "none", onchange: (/** @type {Event} */ e) => set(targetOf(e).value === "" ? null : Number(targetOf(e).value)) }));
  input.value = typeof value === "number" ? String(value) : "";
  return { node: el("div", { class: "resolver__field resolver__seed" }, el("label", { for: id, text: spec.label }), input, help), input };
}

/** A number: a stepper clamped to low/high; typed values are clamped too. @param {Field} field @returns {HTMLElement} */
export function stepperField({ spec, id, name, value, help, spoken, set }) {
  const clamp = (/** @type {number} */ n) => Math.min(spec.high ?? Infinity, Math.max(spec.low ?? -Infinity, n));
  const input = /** @type {HTMLInputElement} */ (el("input", { type: "number", inputmode: "numeric", id, "data-name": name, "aria-label": spoken === spec.label ? null : spoken, min: spec.low, max: spec.high, onchange: (/** @type {Event} */ e) => commit(Number(targetOf(e).value)) }));
  input.value = typeof value === "number" || typeof value === "string" ? String(value) : "";
  const commit = (/** @type {number} */ n) => {
    if (!Number.isFinite(n)) n = spec.default ?? spec.low ?? 0;
    input.value = String(clamp(Math.round(n)));
    set(Number(input.value));
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
