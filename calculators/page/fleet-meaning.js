// What a fleet ship's state means now, asked of the engine (rules_core jovian_wars/ship_now.py; a Squadron's by
// squadron_now): the box [data-region="ship-meaning"] of each ship of the fleet page's list (fleet-list.js). Each
// Action it may declare, and each damage or boarding view that applies to it, is a link opening its resolver with the
// ship in place (fleet-play.js); an Action it may not declare opens, on a tap, the reason.

import { KINDS, fleetWord, kindOf } from "./fleet-store.js";
import { el } from "./dom.js";
import { getEngine } from "./engine.js";
import { playLink } from "./fleet-play.js";
import { KEPT_STATES, heldStates, overdrivenPart } from "./fleet-states.js";
import { itOrThem } from "./words.js";

/** The fate a resolution left on the ship ("" in play). @param {any} ship @returns {string} */
const fateOf = (ship) => (ship.state && ship.state.fate) || "";

/** The damage and boarding views of each kind, by resolver, with when each applies: a Capital Ship in play, its damage
 * and Critical Hit, and Boarded while Boarders are aboard; once it Explodes, its Explosion (the ship in place as the
 * exploding one, the other side's ships its targets); a Squadron in play, its damage and the Dogfight. */
const VIEWS = {
  ship: [["jovian-wars/v1.2.4/capital-ship-damage", (ship) => !fateOf(ship)], ["jovian-wars/v1.2.4/critical-hit", (ship) => !fateOf(ship)],
    ["jovian-wars/v1.2.4/boarded", (ship) => !fateOf(ship) && Boolean(ship.state && ship.state.boarders)],
    ["jovian-wars/v1.2.4/explosion", (ship) => fateOf(ship) === "Explodes"]],
  squadron: [["jovian-wars/v1.2.4/squadron-damage", (ship) => !fateOf(ship)], ["jovian-wars/v1.2.4/dogfight", (ship) => !fateOf(ship)]],
};

/** The engine's answers by the ship's inputs, so a re-drawn list shows each known meaning at once: nothing flashes
 * "Working out…" or moves under the player's finger after a change to another ship. */
const meanings = new Map();
const MOST_MEANINGS = 200;

/** What the ship's state means now, asked of the engine (its checks are the rules_core resolvers' own); its Actions
 * and views open their resolvers at `places` (fleet_page.py). @param {any} ship @param {number} index
 * @param {Record<string, string[]>} places */
export function meaningBox(ship, index, places = {}) {
  const box = el("div", { class: "fleet__meaning", "data-region": "ship-meaning", "data-state": "loading", text: "Working out what its state means now…" });
  const door = KINDS[kindOf(ship)]; // the engine's "ship" or "squadron" door
  // An Overdriven Rating behaves as its full, undamaged value until the End Phase: so it stands in what the ship may do.
  const rating = door === "ship" ? overdrivenPart(ship) : "";
  const now = rating ? { ...ship.left, [rating]: ship.card[rating] } : ship.left;
  const inputs = { card: ship.card, now, fate: (ship.state && ship.state.fate) || "",
    ...(door === "ship" ? { boarders: (ship.state && ship.state.boarders) || 0, burning: heldStates(ship).some(([name]) => name === "Hard Burn") } : {}) };
  const key = `${door} ${JSON.stringify(inputs)}`;
  const link = (resolverId, title) => {
    const href = playLink(places, resolverId, ship, index);
    return href ? el("a", { class: "fleet__play", href, "data-play": resolverId, text: title }) : el("span", { text: title });
  };
  const show = (result) => {
    box.dataset.state = "ready";
    // What it may do first (in the first screen of an open card), then what its state means; a number it was stored
    // without, asked for, above all.
    box.replaceChildren(...unsetNodes(ship), ...actionNodes(result, link), ...viewNodes(ship, door, places, link),
      ...heldNodes(ship, index, places), ...stateNodes(result));
  };
  if (meanings.has(key)) {
    show(meanings.get(key));
    return box;
  }
  getEngine().request(door, "jovian-wars/v1.2.4", inputs, { channel: `fleet:ship:${index}` }).then((answer) => {
    if (!answer.superseded && !answer.error) {
      meanings.set(key, answer.result);
      if (meanings.size > MOST_MEANINGS) meanings.delete(meanings.keys().next().value);
    }
    if (answer.superseded || !box.isConnected) return;
    if (answer.error) {
      box.dataset.state = "error";
      box.textContent = `What its state means could not be worked out: ${answer.error}`;
      return;
    }
    show(answer.result);
  });
  return box;
}

/** The card numbers the ship was stored without (its Skill, kept by the fleet since version 4; its Armor, since 7), asked for: a
 * resolver does not take them from the fleet until they are set. */
function unsetNodes(ship) {
  const unset = (ship.state && Array.isArray(ship.state.unset)) ? ship.state.unset : [];
  if (!unset.length) return [];
  const names = unset.map(fleetWord).join(", ");
  const them = itOrThem(unset.length);
  return [el("p", { class: "fleet__unset", "data-region": "ship-unset", text: `${names}: not set yet (this ship was stored before the fleet kept ${them}). Edit the ship to set ${them} from its data card; until then a resolver asks for ${them}.` })];
}

/** Items joined as a sentence ("A, B."), the joins hidden where the items stand as buttons. */
function listed(items, join) {
  return items.flatMap((item, i) => (i ? [el("span", { class: "fleet__join", text: join }), item] : [item]));
}

/** The damage and boarding views that apply to the ship, as links. */
function viewNodes(ship, door, places, link) {
  const views = VIEWS[door].filter(([resolverId, applies]) => applies(ship) && Object.hasOwn(places, resolverId));
  if (!views.length) return [];
  return [el("p", { class: "fleet__views" }, "Damage and boarding: ", ...listed(views.map(([id]) => link(id, places[id][2])), ", "), el("span", { class: "fleet__join", text: "." }))];
}

/** The States the ship holds, each a link to its rule's resolver (Hard Burn:X opened at its X), with the ship in place
 * where that resolver picks one. @param {any} ship @param {number} index @param {Record<string, string[]>} places */
function heldNodes(ship, index, places) {
  if (ship.state && ship.state.fate) return [];
  const links = heldStates(ship).map(([name, words]) => {
    const kept = KEPT_STATES[name];
    const href = playLink(places, kept.resolver, ship, index); // its X filled where the rule opens (fleet-play.js)
    return href ? el("a", { class: "fleet__play", href, "data-play": kept.resolver, text: words }) : el("span", { text: words });
  });
  return links.length ? [el("p", { class: "fleet__held" }, "Its States: ", ...listed(links, ", "), el("span", { class: "fleet__join", text: "." }))] : [];
}

/** The engine's answer on the state in words: Crippled and the texts, Systems at 0. */
function stateNodes(now) {
  const nodes = [];
  if (now.crippled) { // a Squadron's answer (squadron_now) has no Crippled and no Systems
    nodes.push(el("p", { class: "fleet__crippled" }, el("strong", { text: "Crippled" }), ` (Structure 0). The texts: ${now.crippled_says.map(([page, said]) => `${page}: “${said}”`).join(" ")}`));
  }
  const zero = now.systems_at_zero;
  if (zero) {
    nodes.push(el("p", { class: "fleet__systems", text: zero.length
      ? `Systems at 0: ${zero.join(", ")}: +${now.table_modifier} on the Catastrophic Damage Table.`
      : "No System at 0: +0 on the Catastrophic Damage Table." }));
  }
  return nodes;
}

/** The engine's answer on the Actions: those it may, may perhaps, may not declare (each a link to its resolver; a
 * refused one's reason behind a tap). */
function actionNodes(now, link) {
  if (now.fate) return [el("p", { class: "fleet__unknown", text: `${now.fate}: its Actions are not checked.` })];
  const nodes = [];
  const by = (verdict) => now.actions.filter((action) => action.verdict === verdict);
  const failing = (action) => action.checks.filter((check) => !check.ok && check.entered !== false).map((check) => `${check.label}: ${check.detail}`).join("; ");
  const may = by("may"), mayNot = by("may not"), unknown = by("unknown");
  const end = () => el("span", { class: "fleet__join", text: "." });
  if (may.length) nodes.push(el("p", { class: "fleet__may" }, "May declare now: ", ...listed(may.map((a) => link(a.resolver, a.title)), ", "), end()));
  if (unknown.length) nodes.push(el("p", { class: "fleet__unknown" }, "Depends on more than the card (a Trait, a target, Fuel…): ", ...listed(unknown.map((a) => link(a.resolver, a.title)), ", "), end()));
  if (mayNot.length) {
    const why = (a) => el("details", { class: "fleet__why" }, el("summary", { text: a.title }), el("span", { text: ` (${failing(a)})` }));
    nodes.push(el("div", { class: "fleet__may-not" }, "May not: ", ...listed(mayNot.map(why), "; "), end()));
  }
  return nodes;
}
