// A resolution as plain text for a chat ("Copy as text"; apply-outcome.js takes its dice line for the fleet's log): where,
// the headline, the dice, the inputs that differ from where they start, and the link.

import { getPath } from "./paths.js";
import { isNamed } from "./input-check.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 * @typedef {import("./form-state.js").InputSpec} InputSpec
 */

/** The value an input starts from: a picked fleet ship's card ("Defense boxes left" starts at its card's Defense, the
 * starting Structure at its card's Structure), else the resolver's default. @param {Form} form @param {string[]} path @param {InputSpec} spec */
function startOf(form, path, spec) {
  const ship = path.length > 1 ? form.fleetPicks.get(path.slice(0, -1).join(".")) : null;
  const card = ship && ship.card ? (spec.name === "start_structure" ? ship.card.structure : ship.card[spec.name]) : undefined;
  return card ?? spec.default;
}

/** The inputs sent that differ from where they start (startOf), one line each in the declaration's order, a ship's or
 * a roll's part after it: "Ramming ship · Defense boxes left: 4". The dice and the seed are not among them.
 * @param {Form} form @param {Values} inputs */
export function changedLines(form, inputs) {
  /** @type {string[]} */
  const lines = [];
  const walk = (/** @type {InputSpec[]} */ specs, /** @type {string[]} */ at, /** @type {string} */ heading) => {
    for (const spec of specs) {
      const path = [...at, spec.name];
      if (spec.when && String(getPath(form.values, [...at, spec.when[0]])) !== spec.when[1]) continue; // does not apply
      if (spec.parts) walk(spec.parts, path, isNamed(spec) ? `${heading}${spec.label} · ` : heading);
      const value = getPath(inputs, path);
      if (spec.parts || spec.kind === "faces" || spec.kind === "seed" || value === undefined || value === startOf(form, path, spec)) continue;
      lines.push(`${heading}${spec.label}: ${spec.kind === "bool" ? (value ? "on" : "off") : value}`);
    }
  };
  walk(form.declaration.inputs, [], "");
  return lines;
}

/**
 * The resolution as plain text for a chat: where, the headline, the dice (those the site rolled marked), the inputs
 * that differ from where they start (changedLines), one per line, and the link (`url`).
 * @param {string} id the resolver's id @param {Form} form @param {Values} inputs @param {string | null} headline @param {string} url
 */
export function resultText(id, form, inputs, headline, url) {
  const [game, version] = id.split("/");
  const where = game === "jovian-wars" ? `Jovian Wars ${version}` : game === "war-galley" ? "War Galley" : "Dice";
  const lines = [`${form.declaration.title} (${where})`, headline || "Not resolved yet: no dice entered."];
  const dice = form.faceInputs
    .filter((f) => !f.pad.hidden)
    .map((f) => {
      const typed = getPath(inputs, f.path) || [];
      const shown = typed.length ? typed.join(" ") : (f.needed.textContent || "").endsWith("rolled") ? `${f.typed.textContent} (rolled by the site)` : "";
      return shown && `${form.labelAt(f.path)}: ${shown}`;
    })
    .filter(Boolean);
  if (dice.length) lines.push(`Dice: ${dice.join("; ")}`);
  lines.push(...changedLines(form, inputs), url);
  return lines.join("\n");
}
