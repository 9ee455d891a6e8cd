// What a fleet ship's state means now, asked of the engine (rules_core jovian_wars/ship_now.py; a Squadron's by
// squadron_now): the box [data-region="ship-meaning"] of each ship of the fleet page's list (fleet-list.js).

import { KINDS, kindOf } from "./fleet-store.js";
import { el } from "./dom.js";
import { getEngine } from "./engine.js";

/** The engine's answers by the ship's inputs, so a re-drawn list shows each known meaning at once: nothing flashes
 * "Working out…" or moves under the player's finger after a change to another ship. */
const meanings = new Map();
const MOST_MEANINGS = 200;

/** What the ship's state means now, asked of the engine (its checks are the rules_core resolvers' own). */
export function meaningBox(ship, index) {
  const box = el("div", { class: "fleet__meaning", "data-region": "ship-meaning", "data-state": "loading", text: "Working out what its state means now…" });
  const door = KINDS[kindOf(ship)]; // the engine's "ship" or "squadron" door
  const inputs = { card: ship.card, now: ship.left, fate: (ship.state && ship.state.fate) || "",
    ...(door === "ship" ? { boarders: (ship.state && ship.state.boarders) || 0 } : {}) };
  const key = `${door} ${JSON.stringify(inputs)}`;
  const show = (result) => {
    box.dataset.state = "ready";
    box.replaceChildren(...unsetNodes(ship), ...meaningNodes(result));
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

/** The card numbers the ship was stored without (its Skill, kept by the fleet since version 4), asked for: a
 * resolver does not take them from the fleet until they are set. */
function unsetNodes(ship) {
  const unset = (ship.state && Array.isArray(ship.state.unset)) ? ship.state.unset : [];
  if (!unset.length) return [];
  const names = unset.map((name) => name.charAt(0).toUpperCase() + name.slice(1)).join(", ");
  return [el("p", { class: "fleet__unset", "data-region": "ship-unset", text: `${names}: not set yet (this ship was stored before the fleet kept ${unset.length > 1 ? "them" : "it"}). Edit the ship to set ${unset.length > 1 ? "them" : "it"} from its data card; until then a resolver asks for ${unset.length > 1 ? "them" : "it"}.` })];
}

/** The engine's answer in words: Crippled and the texts, Systems at 0, the Actions it may, may not, may perhaps declare. */
function meaningNodes(now) {
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
  if (now.fate) {
    nodes.push(el("p", { class: "fleet__unknown", text: `${now.fate}: its Actions are not checked.` }));
    return nodes;
  }
  const by = (verdict) => now.actions.filter((action) => action.verdict === verdict);
  const failing = (action) => action.checks.filter((check) => !check.ok && check.entered !== false).map((check) => `${check.label}: ${check.detail}`).join("; ");
  const may = by("may"), mayNot = by("may not"), unknown = by("unknown");
  if (may.length) nodes.push(el("p", { class: "fleet__may", text: `May declare now: ${may.map((a) => a.title).join(", ")}.` }));
  if (mayNot.length) nodes.push(el("p", { class: "fleet__may-not", text: `May not: ${mayNot.map((a) => `${a.title} (${failing(a)})`).join("; ")}.` }));
  if (unknown.length) nodes.push(el("p", { class: "fleet__unknown", text: `Depends on more than the card (a Trait, a target, Fuel…): ${unknown.map((a) => a.title).join(", ")}.` }));
  return nodes;
}
