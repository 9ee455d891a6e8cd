// The fleet's record: the ships of a game, kept on this device. A stored record, a fleet file and a fleet link hold
// the same JSON, read only through `readFleet` (a link or a file is data from anyone):
//
//   {"fleet": 8, "ships": [{"kind": "…", "name": "…", "side": "…", "card": {numbers}, "left": {numbers}, "state": {…}}, …]}
//
//   fleet   the record's version. This build writes version 8 and reads 1 to 8 (version 1 has no "state",
//           versions 1 and 2 no "kind": their ships are Capital Ships; versions 1 to 3 no Capital Ship "skill": ADDED,
//           such a ship's Skill is asked for, see "unset"; versions 1 to 5 one box count for both System Traits:
//           SPLIT; versions 1 to 6 no Capital Ship Armor by arc, and 1 to 7 no Squadron Sensors or Armor: ADDED,
//           asked for as Skill is); a record of another
//           version is refused with a
//           plain note and left as it is (a later build may read it), never overwritten unasked. Each version came
//           with a field: a build that reads only the older ones then says the fleet was made by a newer version,
//           rather than refusing a field it does not know.
//   kind    "Capital Ship" or "Squadron" (KINDS)
//   card    the data card's numbers: the parts rules_core declares for that kind (ship_parts or squadron_parts,
//           embedded in the Fleet page as data-ship and data-squadron), each checked by input-check.js with that
//           declaration's range
//   left    the same numbers now: none above the card's; a Squadron's only Structure and Fuel change (NOW_PARTS),
//           the rest are its card's
//   state   optional, what a resolution applied beyond the numbers (apply-outcome.js): "fate" (one of FATES: Destroyed,
//           Dead, Explodes, Captured, Withdrawn; a Squadron's only Destroyed or Withdrawn), "boarders" (the Boarders
//           aboard a Capital Ship, while Boarded) and "states" (the States it holds, {name: X}: fleet-states.js, version 5);
//           "unset": the card numbers a ship stored before the fleet kept them does not have (its
//           Skill, from a version 1-3 record; its Armor, from a version 1-6 record; a Squadron's Sensors and Armor, from
//           a version 1-7 record): the card holds the default until the player sets them (fleet-editor.js),
//           a pick does not fill them (ship-pick.js) and the ship's box asks for them (fleet-meaning.js)
//
// The parts of each kind are passed in as `PartsByKind`. A resolver's page knows only the kinds its inputs declare:
// it checks the ships of those kinds in full and keeps the others as stored (the Fleet page knows both and checks
// every ship whenever it reads a fleet).
//
// A refused record, file or link changes nothing stored. Names are text: the page sets them with textContent only,
// and refuses a name holding "<" or ">" (markup has no place in a ship's name).

import { checkValue } from "./input-check.js";
import { readJson, sourceOf } from "./json-source.js";
import { checkStates } from "./fleet-states.js";

export const VERSION = 8;
/** The versions this build reads: 1 is 2 without "state", 2 is 3 without "kind" (every ship a Capital Ship), 3 is 4
 * without a Capital Ship's Skill, 4 is 5 without States and the fate Withdrawn, 5 is 6 with one box count for every
 * System Trait and without the States Stealthed, Overdriven and Escorting, 6 is 7 without a Capital Ship's Armor, 7 is
 * 8 without a Squadron's Sensors and Armor and the State Assaulting. */
export const READS = [1, 2, 3, 4, 5, 6, 7, 8];
export const CAPITAL_SHIP = "Capital Ship";
export const SQUADRON = "Squadron";
/** A fleet ship's kind, and the input kind (rules_core inputs.MODEL_KINDS) a resolver declares it by. */
export const KINDS = { [CAPITAL_SHIP]: "ship", [SQUADRON]: "squadron" };
/** The parts a fleet Capital Ship's card and numbers hold: rules_core's ship_parts() (tests/site/test_fleet.py checks it). */
export const FLEET_PARTS = ["defense", "sensors", "thrusters", "marines", "structure", "skill", "traits", "trait_boxes", "trait2_boxes", "weapons", "spinal", "armor_front", "armor_flank", "armor_rear"];
/** The card numbers each kind gained after the first version, by the version that added them: a record of an earlier
 * version has none, and its ships are asked for them ("unset"). */
export const ADDED = { [CAPITAL_SHIP]: { skill: 4, armor_front: 7, armor_flank: 7, armor_rear: 7 }, [SQUADRON]: { sensors: 8, armor: 8 } };
/** The card numbers split off another, by kind: [the number they were split from, the version that split them]. A
 * record of an earlier version has only the one number, which stood for both: until version 6 "trait_boxes" was the
 * boxes left in every System Trait, so a ship read from it has that count in its second one too (exactly as kept). */
export const SPLIT = { [CAPITAL_SHIP]: { trait2_boxes: ["trait_boxes", 6] }, [SQUADRON]: {} };
/** The parts a fleet Squadron's card holds: rules_core's squadron_parts() (tests/site/test_fleet.py checks it). */
export const SQUADRON_PARTS = ["structure", "skill", "fuel", "weapon", "as_rating", "macro", "missile", "missile_as", "missile_macro", "evasive", "sensors", "armor"];
/** The parts of each kind. */
export const PARTS_OF = { [CAPITAL_SHIP]: FLEET_PARTS, [SQUADRON]: SQUADRON_PARTS };
/** The numbers a resolution or a game changes ("now"), by kind: a Capital Ship's boxes, Structure, System Traits and
 * weapons (its Skill and Armor are its card's: no rule of the texts changes them); a Squadron's Structure and Fuel
 * (its Skill, weapons, Evasive, Sensors and Armor are its card's). */
export const NOW_PARTS = { [CAPITAL_SHIP]: FLEET_PARTS.filter((part) => part !== "skill" && !part.startsWith("armor_")), [SQUADRON]: ["structure", "fuel"] };
/** What the fleet calls each number a ship holds, and its state (a resolver's label may say more: "Defending Marines
 * (current)"). */
const FLEET_WORDS = { defense: "Defense", sensors: "Sensors", thrusters: "Thrusters", marines: "Marines", structure: "Structure",
  traits: "System Traits", trait_boxes: "boxes in System Trait 1", trait2_boxes: "boxes in System Trait 2", weapons: "weapons", spinal: "Spinal weapons", fuel: "Fuel",
  boarders: "Boarders aboard", fate: "fate", skill: "Skill", states: "States",
  armor_front: "Front Armor", armor_flank: "Side (flank) Armor", armor_rear: "Rear Armor",
  // a Squadron's card (rules_core squadron_parts' labels)
  weapon: "Non-Missile weapon", as_rating: "Weapon AS", macro: "Weapon Macro", missile: "Missile weapon", missile_as: "Missile AS",
  missile_macro: "Missile Macro", evasive: "Evasive trait", armor: "Armor" };

/** What the fleet calls a number or state a ship holds, else `otherwise` (its name). @param {string} name
 * @param {string} [otherwise] */
export function fleetWord(name, otherwise = name) {
  return Object.hasOwn(FLEET_WORDS, name) ? FLEET_WORDS[/** @type {keyof typeof FLEET_WORDS} */ (name)] : otherwise;
}
/** A ship's fate as a resolution reports it (rules_core ship_inputs.end_state, squadron_inputs.squadron_end), "" in play. */
export const FATES = ["Destroyed", "Dead", "Explodes", "Captured", "Withdrawn"];
/** A Squadron's fates: it is never Captured, and its Destroyed has no Dead or Explodes. */
const SQUADRON_FATES = ["Destroyed", "Withdrawn"];
export const MOST_BOARDERS = 30;
export const STORAGE_KEY = "jovian-wars-fleet";
export const MOST_SHIPS = 40;
export const MOST_BYTES = 64 * 1024;
export const MOST_NAME = 40;
const MOST_DEPTH = 8; // a record nests four deep: record, ships, ship, card
export const MOST_SIDE = 24;
const SHIP_KEYS = ["kind", "name", "side", "card", "left", "state"];

/**
 * @typedef {{[kind: string]: any[] | undefined}} PartsByKind the declared parts of each kind this page knows
 */
const STATE_KEYS = ["fate", "boarders", "unset", "states"];
const RECORD_KEYS = ["fleet", "ships"];

/** A part's label for the card: "Defense boxes left" -> "Defense boxes". */
export const cardLabel = (part) => part.label.replace(/ left\b/, "");

class Refusal extends Error {}
const refuse = (why) => {
  throw new Refusal(why);
};
const quoted = (text) => `“${String(text).slice(0, 24)}${String(text).length > 24 ? "…" : ""}”`;
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function onlyKeys(object, allowed, where) {
  for (const key of Object.keys(object)) if (!allowed.includes(key)) refuse(`${where} has a field ${quoted(key)} that a fleet does not have`);
}

/** A name or a side: short text, no markup, no control characters. */
export function checkText(value, what, most, required) {
  if (typeof value !== "string") refuse(`${what} must be text, not ${value === null ? "null" : typeof value}`);
  const text = value.trim();
  if (required && !text) refuse(`${what} is empty: a ship needs a name`);
  if (text.length > most) refuse(`${what} is longer than ${most} characters`);
  if (/[<>]/.test(text)) refuse(`${what} holds “<” or “>”: a name is plain text, not markup`);
  if (/[\u0000-\u001f\u007f]/.test(text)) refuse(`${what} holds a control character`);
  return text;
}

/** The numbers `value` holds of `parts`, checked (a Refusal naming the first wrong one); a number it lacks that a
 * record of its version kept under another name (`split`) is read from that one. */
function checkNumbers(value, parts, where, label, split = {}) {
  if (!isObject(value)) refuse(`${where} must be its numbers by name`);
  onlyKeys(value, parts.map((part) => part.name), where);
  const out = {};
  for (const part of parts) {
    const name = storedName(value, part.name, split);
    const checked = checkValue({ ...part, label: `${where}: ${label(part)}` }, value[name], undefined, sourceOf(value, name));
    if (checked.error) refuse(checked.error);
    out[part.name] = checked.value;
  }
  return out;
}

/** A fleet ship's kind: its "kind", or a Capital Ship for a record made before Squadrons (versions 1 and 2). */
export const kindOf = (ship) => (isObject(ship) && Object.hasOwn(ship, "kind") ? ship.kind : CAPITAL_SHIP);

/** The same ship, a fresh copy of what JSON can hold (a kind this page does not know the parts of, kept as stored). */
const copied = (value) => JSON.parse(JSON.stringify(value));

/** The card numbers `ship` (of a record of `version`) was stored without because the fleet did not keep them yet:
 * [] for a ship of this version. @param {any} ship @param {string} kind @param {number} version */
function notYetKept(ship, kind, version) {
  const added = ADDED[kind] || {};
  return Object.keys(added).filter((name) => version < added[name] && isObject(ship.card) && !Object.hasOwn(ship.card, name));
}

/** The numbers a ship of a record of `version` holds under another name: {number: the one it was split from} (SPLIT).
 * @param {string} kind @param {number} version @returns {{[name: string]: string}} */
function splitFrom(kind, version) {
  return Object.fromEntries(Object.entries(SPLIT[kind] || {}).filter(([, [, since]]) => version < since).map(([name, [from]]) => [name, from]));
}

/** The name under which `numbers` hold the number `name`: its own, or, where its record's version kept it under
 * another (`split`), that one. @param {any} numbers @param {string} name @param {{[name: string]: string}} split */
function storedName(numbers, name, split) {
  return !Object.hasOwn(numbers, name) && Object.hasOwn(split, name) ? split[name] : name;
}

/** A ship's numbers as stored, with each number its record's version kept under another name read from that one (a
 * copy where one is added): what a pick reads, as `checkShip` reads them. @param {any} numbers
 * @param {{[name: string]: string}} split */
function withSplit(numbers, split) {
  const added = Object.keys(split).filter((name) => storedName(numbers, name, split) !== name && Object.hasOwn(numbers, split[name]));
  return added.length ? { ...numbers, ...Object.fromEntries(added.map((name) => [name, numbers[split[name]]])) } : numbers;
}

/** One ship checked: a fresh plain object (never the object read), or a Refusal naming the ship and the field.
 * @param {any} ship @param {PartsByKind} partsByKind @param {string} where @param {number} version its record's */
export function checkShip(ship, partsByKind, where = "The ship", version = VERSION) {
  if (!isObject(ship)) refuse(`${where} must be a ship (kind, name, side, card, left)`);
  onlyKeys(ship, SHIP_KEYS, where);
  const kind = kindOf(ship);
  if (!Object.hasOwn(KINDS, kind)) refuse(`${where}'s kind must be ${Object.keys(KINDS).join(" or ")}, not ${quoted(kind)}`);
  const name = checkText(ship.name, `${where}'s name`, MOST_NAME, true);
  const named = `${where} (${quoted(name)})`;
  const side = checkText(ship.side ?? "", `${named}'s side`, MOST_SIDE, false);
  const parts = partsByKind[kind];
  const split = splitFrom(kind, version);
  if (!parts) { // kept as stored, in this version's names, and the numbers it was stored without still asked for (as
    // a pick reads it: fleetShips), so a ship written back at this version never reads as having them
    if (!isObject(ship.card) || !isObject(ship.left)) refuse(`${named} must have its card's numbers and its numbers now`);
    const kept = { kind, name, side, card: withSplit(copied(ship.card), split), left: withSplit(copied(ship.left), split) };
    const state = ship.state === undefined || isObject(ship.state) ? stateAsked(ship, kind, version).state : ship.state;
    return state === undefined ? kept : { ...kept, state: copied(state) };
  }
  const unset = notYetKept(ship, kind, version);
  const card = checkNumbers(ship.card, parts, `${named}, card`, cardLabel, split);
  const left = ship.left === undefined ? { ...card } : checkNumbers(ship.left, parts, `${named}, now`, (part) => part.label, split);
  for (const name of unset) left[name] = card[name]; // the default stands on both until the player sets it
  for (const part of parts) {
    if (!NOW_PARTS[kind].includes(part.name)) {
      if (left[part.name] !== card[part.name]) refuse(`${named}: ${part.label} now (${left[part.name]}) is not its card's ${card[part.name]}`);
    } else if (left[part.name] > card[part.name]) refuse(`${named}: ${part.label} (${left[part.name]}) is more than its card's ${card[part.name]}`);
  }
  const read = ship.state === undefined ? undefined : checkState(ship.state, named, kind, parts);
  const asked = [...new Set([...(read?.unset || []), ...unset])].filter((name) => parts.some((part) => part.name === name));
  const state = asked.length ? { ...read, unset: asked } : read && withoutUnset(read);
  return state ? { kind, name, side, card, left, state } : { kind, name, side, card, left };
}

/** A state without "unset" (undefined when nothing else is set). */
function withoutUnset(state) {
  const { unset, ...rest } = state;
  return Object.keys(rest).length ? rest : undefined;
}

/** A ship's state beyond its numbers: a fresh object with only what is set, or undefined when nothing is. */
function checkState(value, named, kind, parts) {
  if (!isObject(value)) refuse(`${named}'s state must be its fate and Boarders by name`);
  onlyKeys(value, kind === SQUADRON ? ["fate", "unset", "states"] : STATE_KEYS, `${named}'s state`);
  const state = {};
  const fates = kind === SQUADRON ? SQUADRON_FATES : FATES;
  if (value.fate !== undefined && value.fate !== "") {
    if (!fates.includes(value.fate)) refuse(`${named}'s fate must be ${fates.length > 1 ? "one of " : ""}${fates.join(", ")}, not ${quoted(value.fate)}`);
    state.fate = value.fate;
  }
  if (value.boarders !== undefined && value.boarders !== 0) {
    if (!Number.isInteger(value.boarders) || value.boarders < 0 || value.boarders > MOST_BOARDERS) refuse(`${named}'s Boarders aboard must be a whole number from 0 to ${MOST_BOARDERS}`);
    state.boarders = value.boarders;
  }
  if (value.unset !== undefined) {
    const names = Object.keys(ADDED[kind] || {});
    if (!Array.isArray(value.unset) || value.unset.some((name) => !names.includes(name))) refuse(`${named}'s numbers not set must be a list of ${names.join(", ") || "nothing"}`);
    if (value.unset.length) state.unset = value.unset.filter((name) => parts.some((part) => part.name === name));
  }
  if (value.states !== undefined) {
    const read = checkStates(value.states);
    if (read.error) refuse(`${named}: ${read.error}`);
    if (read.states && Object.keys(read.states).length) state.states = read.states;
  }
  return Object.keys(state).length ? state : undefined;
}

/** A fleet's JSON text (stored, a file, a link) read: { ships } or { error } saying what is wrong, in words.
 * @param {any} text @param {PartsByKind} partsByKind */
export function readFleet(text, partsByKind) {
  try {
    if (typeof text !== "string") refuse("it is not text");
    if (text.length > MOST_BYTES) refuse(`it is larger than a fleet can be (${Math.ceil(text.length / 1024)} kB; at most ${MOST_BYTES / 1024} kB)`);
    let record;
    try {
      record = readJson(text, MOST_DEPTH); // keeps each value's text, to echo it as written
    } catch {
      refuse("it is not a fleet (its text is not valid JSON)");
    }
    if (!isObject(record)) refuse("it is not a fleet (no version and ships)");
    if (!Object.hasOwn(record, "fleet")) refuse("it is not a fleet (it has no fleet version)");
    if (!READS.includes(record.fleet)) {
      refuse(Number.isInteger(record.fleet) && record.fleet > VERSION
        ? `it was made by a newer version of the site (fleet version ${record.fleet}; this one reads version ${VERSION}): reload to update the site`
        : `its fleet version ${quoted(sourceOf(record, "fleet"))} is not one this site reads (versions ${READS[0]} to ${READS[READS.length - 1]})`);
    }
    onlyKeys(record, RECORD_KEYS, "The fleet");
    if (!Array.isArray(record.ships)) refuse("its ships are not a list");
    if (record.ships.length > MOST_SHIPS) refuse(`it holds ${record.ships.length} ships; a fleet holds at most ${MOST_SHIPS}`);
    if (record.fleet < 3 && record.ships.some((ship) => isObject(ship) && Object.hasOwn(ship, "kind"))) refuse(`its ships have a kind, which a fleet of version ${record.fleet} does not have`);
    return { ships: record.ships.map((ship, i) => checkShip(ship, partsByKind, `Ship ${i + 1}`, record.fleet)) };
  } catch (error) {
    if (error instanceof Refusal) return { error: error.message };
    return { error: "it could not be read" };
  }
}

/** The JSON text of a fleet (what is stored, saved as a file, put in a link). */
export function fleetText(ships) {
  return JSON.stringify({ fleet: VERSION, ships: ships.map((ship) => {
    const { name, side, card, left, state } = ship;
    const kind = kindOf(ship);
    return state ? { kind, name, side, card, left, state } : { kind, name, side, card, left };
  }) });
}

/** The stored fleet: { ships } ({ ships: [] } when none is stored), or { error, ships: [] } when the stored record
 * cannot be read (kept as it is until the player chooses to start again). */
export function loadFleet(partsByKind) {
  let text = null;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return { ships: [], error: "this browser does not let the page keep data (private browsing?), so the fleet cannot be kept" };
  }
  if (text === null) return { ships: [] };
  const read = readFleet(text, partsByKind);
  return read.error ? { ships: [], error: `the fleet stored on this phone could not be read: ${read.error}` } : read;
}

/** The stored fleet's text as it is (null: none, or the browser keeps nothing): what undo keeps before a change. */
export function storedText() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Store the fleet; { ok } or { error } (storage full or refused). */
export function saveFleet(ships) {
  try {
    localStorage.setItem(STORAGE_KEY, fleetText(ships));
    return { ok: true };
  } catch {
    return { error: "the fleet could not be stored (the browser refused or its storage is full)" };
  }
}

// ---- Links: "#fleet=<base64url of the JSON text>" ----------------------------------------------

const LINK_KEY = "fleet";

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(code) {
  if (!/^[A-Za-z0-9_-]*$/.test(code)) return null;
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A link to this page that carries the fleet. */
export function fleetLink(ships) {
  return `${location.origin}${location.pathname}#${LINK_KEY}=${toBase64Url(fleetText(ships))}`;
}

/** The fleet a link carries: null when the page's fragment holds none, else readFleet's answer. */
export function fleetInLink(partsByKind) {
  const hash = location.hash.slice(1);
  if (!hash.startsWith(`${LINK_KEY}=`)) return null;
  const code = hash.slice(LINK_KEY.length + 1);
  if (code.length > (MOST_BYTES * 4) / 3 + 4) return { error: "it is larger than a fleet can be" };
  const text = fromBase64Url(code);
  return text === null ? { error: "it is not a fleet link (it was cut short or changed)" } : readFleet(text, partsByKind);
}

/** The stored fleet's ships of one kind as a resolver offers them to pick: name, side, numbers and state as stored
 * (the fleet page checked them when it stored them; the widget checks what it fills by the resolver's own
 * declaration). [] when there is no fleet or it cannot be read here (the fleet page says why). @param {string} kind */
export function fleetShips(kind = CAPITAL_SHIP) {
  let record;
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (text === null || text.length > MOST_BYTES) return [];
    record = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isObject(record) || !READS.includes(record.fleet) || !Array.isArray(record.ships)) return [];
  const split = splitFrom(kind, record.fleet);
  return record.ships.slice(0, MOST_SHIPS).map((ship, index) => ({ ship, index }))
    .filter(({ ship }) => isObject(ship) && kindOf(ship) === kind && typeof ship.name === "string" && isObject(ship.card) && isObject(ship.left))
    .map(({ ship, index }) => ({ index, kind, name: ship.name.slice(0, MOST_NAME), side: typeof ship.side === "string" ? ship.side.slice(0, MOST_SIDE) : "",
      card: withSplit(ship.card, split), left: withSplit(ship.left, split),
      ...stateAsked(ship, kind, record.fleet) })); // its state as stored: a pick checks what it reads
}

/** A stored ship's state as a pick reads it, with the card numbers its record's version did not keep as "unset".
 * @param {any} ship @param {string} kind @param {number} version */
function stateAsked(ship, kind, version) {
  const state = isObject(ship.state) ? ship.state : undefined;
  const unset = notYetKept(ship, kind, version);
  if (!unset.length) return state ? { state } : {};
  return { state: { ...state, unset: [...new Set([...(Array.isArray(state?.unset) ? state.unset : []), ...unset])] } };
}
