// The States a fleet ship keeps (rules_core jovian_wars/kept_states.py: tests/site/test_fleet_states.py holds this
// table to it) and the End Phase, which ends or lowers them. A ship's States are kept in its record's state as
// {"states": {name: X}}: X a whole number for a State with X (Hard Burn:2), the Rating it is held for where it is held
// for one (Overdriven: "Thrusters"), true for the others (Evading).

/** Each kept State: whether it has an X, the Ratings it may be held for (`of`), what the End Phase does ("cancelled";
 * "x-1": X falls by one, and a State at X 0 ends; "kept": nothing, it ends by its own rule), and the resolver of its
 * rule, as rules_core's KEPT.
 * @type {{[name: string]: {x: boolean, of?: string[], endPhase: "cancelled" | "x-1" | "kept", resolver: string}}} */
export const KEPT_STATES = {
  "Evading": { x: false, endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/evading" },
  "Station Keeping": { x: false, endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/station-keeping" },
  "Hard Burn": { x: true, endPhase: "x-1", resolver: "jovian-wars/v1.2.4/hard-burn-x" },
  "Targeted": { x: true, endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/targeted-x" },
  "Suppressed": { x: true, endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/suppressed" },
  "Stealthed": { x: false, endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/stealthed" },
  "Overdriven": { x: false, of: ["Defense", "Sensors", "Thrusters"], endPhase: "cancelled", resolver: "jovian-wars/v1.2.4/overdriven" },
  "Escorting": { x: false, endPhase: "kept", resolver: "jovian-wars/v1.2.4/escorting" },
  "Assaulting": { x: false, endPhase: "kept", resolver: "jovian-wars/v1.2.4/assaulting" },
};
/** The highest X a kept State holds (rules_core kept_states.MOST_X). */
export const MOST_X = 30;
/** A target's input part that is the X of a State it holds (rules_core kept_states.STATE_PARTS). */
export const STATE_PARTS = { targeted: "Targeted", suppressed: "Suppressed" };

/** What a pick of `ship` puts in the part `name` that is a State's X: the X it holds, 0 when not in it; undefined for
 * a part that is no State's. @param {any} ship @param {string} name */
function statePart(ship, name) {
  if (!Object.hasOwn(STATE_PARTS, name)) return undefined;
  const states = (ship.state && ship.state.states) || {};
  const held = STATE_PARTS[/** @type {keyof typeof STATE_PARTS} */ (name)];
  return Object.hasOwn(states, held) ? states[held] : 0;
}

/** What a pick of `ship` fills in a ship input's part `name`: the starting Structure its card's, a State's X now (a
 * target's Targeted:X), else its number now. The one reading of a pick, so what Apply compares is what was filled.
 * @param {any} ship @param {string} name */
export function pickedNumber(ship, name) {
  return name === "start_structure" ? ship.card.structure : statePart(ship, name) ?? ship.left[name];
}

/** The part of the Rating a ship is Overdriven for ("thrusters"), or "": that Rating behaves as its full value until
 * the End Phase. @param {any} ship */
export function overdrivenPart(ship) {
  const rating = ship.state?.states?.Overdriven;
  return typeof rating === "string" ? rating.toLowerCase() : "";
}

/** "Hard Burn:2", "Overdriven (Thrusters)", "Evading". @param {string} name @param {unknown} value */
export const stateWords = (name, value) => (KEPT_STATES[name]?.x ? `${name}:${value}` : KEPT_STATES[name]?.of ? `${name} (${value})` : name);

/** A ship's States in the table's order, each [name, its words]: [["Hard Burn", "Hard Burn:2"]]. @param {any} ship
 * @returns {[string, string][]} */
export function heldStates(ship) {
  const states = (ship.state && ship.state.states) || {};
  return Object.keys(KEPT_STATES).filter((name) => Object.hasOwn(states, name)).map((name) => [name, stateWords(name, states[name])]);
}

/** A ship's States as words, in the table's order: ["Evading", "Hard Burn:2"]. @param {any} ship */
export const statesOf = (ship) => heldStates(ship).map(([, words]) => words);

/** The same ship with its States as the End Phase leaves them (a copy; the ship itself untouched), and what changed
 * in words ("Evading ended", "Hard Burn:2 → Hard Burn:1"). @param {any} ship @returns {{ship: any, changes: string[]}} */
export function afterEndPhase(ship) {
  const states = (ship.state && ship.state.states) || {};
  /** @type {{[name: string]: unknown}} */
  const kept = {};
  const changes = [];
  for (const name of Object.keys(KEPT_STATES).filter((held) => Object.hasOwn(states, held))) { // said in the table's order
    const value = states[name];
    if (KEPT_STATES[name]?.endPhase === "kept") {
      kept[name] = value; // the End Phase leaves it (Escorting ends by a Vector Attack, Assaulting by Disengage)
      continue;
    }
    const lowered = KEPT_STATES[name]?.endPhase === "x-1" && Number(value) > 0;
    if (lowered) kept[name] = Number(value) - 1;
    changes.push(lowered ? `${stateWords(name, value)} → ${stateWords(name, Number(value) - 1)}` : `${stateWords(name, value)} ended`);
  }
  return { ship: withStates(ship, kept), changes };
}

/** The same ship holding `states` (a copy; a ship with none keeps no "states"). @param {any} ship
 * @param {{[name: string]: unknown}} states */
export function withStates(ship, states) {
  const { states: _old, ...rest } = ship.state || {};
  const state = Object.keys(states).length ? { ...rest, states } : rest;
  return Object.keys(state).length ? { ...ship, state } : (({ state: _s, ...bare }) => bare)(ship);
}

/** A stored ship's States checked: { states } (a fresh object) or { error } (why they are refused).
 * @param {unknown} value @returns {{states?: {[name: string]: unknown}, error?: string}} */
export function checkStates(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { error: "its States must be each State by name" };
  /** @type {{[name: string]: unknown}} */
  const out = {};
  for (const [name, x] of Object.entries(value)) {
    const kept = Object.hasOwn(KEPT_STATES, name) ? KEPT_STATES[name] : null;
    if (!kept) return { error: `“${name.slice(0, 24)}” is not a State the fleet keeps (${Object.keys(KEPT_STATES).join(", ")})` };
    if (kept.of) {
      if (typeof x !== "string" || !kept.of.includes(x)) return { error: `${name} is held for one of ${kept.of.join(", ")}, not ${String(x).slice(0, 24)}` };
    } else if (kept.x ? !(Number.isInteger(x) && Number(x) >= 0 && Number(x) <= MOST_X) : x !== true) {
      return { error: kept.x ? `${name}:X must be a whole number from 0 to ${MOST_X}` : `${name} is held or not (true), not ${String(x).slice(0, 24)}` };
    }
    out[name] = x;
  }
  return { states: out };
}
