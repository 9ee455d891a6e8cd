// A link's (or a stored record's) values checked by their input's kind before any code uses them: the same rules as
// rules_core/inputs.py (Input.check), read from the same declarations (describe's JSON), so a bad value is dropped
// with a note naming the field in the player's words and its allowed range, and the rest of the page still mounts.
// The engine checks again whatever is sent; this mirror only keeps data from a link out of the page's own code.

import { sourceOf } from "./json-source.js";

const SEED_HIGH = 2 ** 31 - 1;

/** The kinds that are one model of the game (rules_core.inputs.MODEL_KINDS), and how a refusal names their value. */
const MODEL_KINDS = { ship: "the ship's numbers: ", squadron: "the Squadron's card numbers: " };
/** Inputs that are one model of the game: a Capital Ship or a Squadron. @param {{kind: string}} spec */
export const isModel = (spec) => Object.hasOwn(MODEL_KINDS, spec.kind);
/** One roll of dice: its keypads and, where the player sets the pool, its base, flex, macro and modifier
 * (rules_core.rolling.roll_input). @param {{kind: string}} spec */
export const isRoll = (spec) => spec.kind === "roll";
/** Inputs whose value is an object of parts: a group, a roll, or a model (rules_core.inputs.GROUP_KINDS). @param {{kind: string}} spec */
export const isGroup = (spec) => spec.kind === "group" || isRoll(spec) || isModel(spec);
/** The groups whose label heads their parts' with a colon, "Target's roll: Macro dice rolled" (rules_core.inputs.NAMED_KINDS). @param {{kind: string}} spec */
export const isNamed = (spec) => isRoll(spec) || isModel(spec);
const WHOLE = /^[+-]?[0-9]{1,12}$/;

/** A short, safe rendering of any value for a message (no markup is ever built from it): as it was written where
 * that is known (`source`: "1e400", not the "null" JSON.stringify writes for the Infinity it was read as).
 * @param {unknown} value @param {string | undefined} source */
function shown(value, source) {
  let text;
  try {
    text = source ?? (typeof value === "string" ? `"${value}"` : JSON.stringify(value) ?? String(typeof value));
  } catch {
    text = typeof value;
  }
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** rules_core.inputs.whole_number: an integer from a number or a short decimal text; null for anything else. */
function wholeNumber(value) {
  if (typeof value === "number") return Number.isInteger(value) ? value : null; // Infinity (1e400) and NaN are not
  if (typeof value === "string" && WHOLE.test(value.trim())) return Number(value.trim());
  return null;
}

function allowed(spec) {
  if (spec.kind === "int" || spec.kind === "seed") {
    const low = spec.low ?? (spec.kind === "seed" ? 0 : null);
    const high = spec.high ?? (spec.kind === "seed" ? SEED_HIGH : null);
    return `a whole number from ${low} to ${high}`;
  }
  if (spec.kind === "faces") return `${spec.low || 0} to ${spec.high} dice, each 1 to 6`;
  if (spec.kind === "choice") return `one of ${(spec.choices || []).join(", ")}`;
  if (spec.kind === "bool") return "on or off";
  const what = isRoll(spec) ? "the roll's dice by name: " : MODEL_KINDS[spec.kind] ?? "a group of ";
  return what + (spec.parts || []).map((part) => part.label).join(", ");
}

/** One value checked by its declaration: { value } (canonical) or { error } (the player's words, `label` naming it:
 * a roll's or a ship's part is named after it, "Target's roll: Macro dice rolled"; `source` the value as written).
 * @param {any} spec @param {any} value @param {string} [label] @param {string} [source] */
export function checkValue(spec, value, label = spec.label, source = undefined) {
  const refuse = () => ({ error: `${label}: ${allowed(spec)}, not ${shown(value, source)}` });
  if (value === null || value === undefined) return { value: spec.default ?? null };
  switch (spec.kind) {
    case "int":
    case "seed": {
      const number = wholeNumber(value);
      const low = spec.low ?? (spec.kind === "seed" ? 0 : -Infinity);
      const high = spec.high ?? (spec.kind === "seed" ? SEED_HIGH : Infinity);
      return number === null || number < low || number > high ? refuse() : { value: number };
    }
    case "bool":
      if (typeof value === "boolean") return { value };
      if (value === "true" || value === "1" || value === 1) return { value: true };
      if (value === "false" || value === "0" || value === 0) return { value: false };
      return refuse();
    case "choice":
      return typeof value === "string" && (spec.choices || []).includes(value) ? { value } : refuse();
    case "faces": {
      const list = typeof value === "string" ? value.replace(/,/g, " ").split(/\s+/).filter(Boolean) : value;
      if (!Array.isArray(list) || list.length < (spec.low || 0) || list.length > (spec.high ?? 0)) return refuse();
      const faces = list.map(wholeNumber);
      return faces.every((face) => face !== null && face >= 1 && face <= 6) ? { value: faces } : refuse();
    }
    default:
      return refuse(); // a group, a roll or a ship is checked part by part by checkState
  }
}

/** The declared inputs a link's state holds, each checked: { values, entered, refused, ignored }. `values` holds only
 * accepted values (by name, groups nested); `entered` their dotted paths; `refused` one message per bad value;
 * `ignored` the names that are not inputs here. `heading` names the roll or ship the specs are parts of ("Target: "). */
export function checkState(specs, state, prefix = "", heading = "") {
  /** @type {{values: Record<string, any>, entered: string[], refused: string[], ignored: string[]}} */
  const out = { values: {}, entered: [], refused: [], ignored: [] };
  if (!state || typeof state !== "object" || Array.isArray(state)) return out;
  for (const key of Object.keys(state)) if (!specs.some((spec) => spec.name === key)) out.ignored.push(prefix + key);
  for (const spec of specs) {
    if (!Object.hasOwn(state, spec.name)) continue;
    const value = state[spec.name];
    if (isGroup(spec)) {
      const inner = checkState(spec.parts || [], value, `${prefix}${spec.name}.`, isNamed(spec) ? `${heading}${spec.label}: ` : heading);
      if (!value || typeof value !== "object" || Array.isArray(value)) inner.refused.push(checkValue(spec, value, heading + spec.label, sourceOf(state, spec.name)).error);
      out.values[spec.name] = inner.values;
      for (const list of ["entered", "refused", "ignored"]) out[list].push(...inner[list]);
      continue;
    }
    const checked = checkValue(spec, value, heading + spec.label, sourceOf(state, spec.name));
    if (checked.error) out.refused.push(checked.error);
    else if (checked.value !== null) {
      out.values[spec.name] = checked.value;
      out.entered.push(prefix + spec.name);
    }
  }
  return out;
}
