// The fleet page's lists: each ship as a card (its name, side, numbers, state, its "Edit" and "Remove" buttons and
// what the engine says its state means, fleet-meaning.js) and the log of applied resolutions (fleet-history.js).
// Every name is set with textContent: a ship's name is never read as HTML.

import { CAPITAL_SHIP, NOW_PARTS, SQUADRON, cardLabel, kindOf } from "./fleet-store.js";
import { el } from "./dom.js";
import { loadHistory } from "./fleet-history.js";
import { meaningBox } from "./fleet-meaning.js";
import { heldStates, statesOf } from "./fleet-states.js";
import { counted } from "./words.js";

/** Draw the ships in `list`, each a compact card (its name, side, state and boxes as marks) that opens, on a tap, its
 * numbers, its "Edit" and "Remove" buttons and what it may do now (fleet-meaning.js). With two sides at the table, the
 * closed cards stand in two columns, one a side.
 * @param {HTMLElement} list @param {any[]} ships @param {any} partsByKind
 * @param {{edit: (index: number) => void, remove: (index: number) => void, toggle: (index: number) => void,
 *   endState: (index: number, name: string) => void, open: number | null, places: Record<string, string[]>}} actions */
export function drawShips(list, ships, partsByKind, actions) {
  const sides = [...new Set(ships.map((ship) => ship.side || ""))];
  list.toggleAttribute("data-open", actions.open !== null && actions.open < ships.length);
  list.dataset.sides = String(sides.length);
  list.replaceChildren(...ships.map((ship, index) => {
    const open = index === actions.open;
    const panelId = `fleet-ship-panel-${index}`;
    return el("li", { id: `ship-${index}`, "data-ship-index": index, "data-kind": kindOf(ship), "data-column": sides.indexOf(ship.side || "") + 1, "data-open": open ? "" : null, class: "fleet__ship" },
      el("button", { type: "button", class: "fleet__card", "aria-expanded": String(open), "aria-controls": panelId, onclick: () => actions.toggle(index) },
        el("span", { class: "fleet__name", text: ship.name }),
        kindOf(ship) === SQUADRON ? el("span", { class: "fleet__kind", text: " · Squadron" }) : null,
        ship.side ? el("span", { class: "fleet__side", text: ` · ${ship.side}` }) : null,
        stateText(ship) ? el("span", { class: "fleet__state", text: stateText(ship) }) : null,
        marks(ship, partsByKind)),
      el("div", { class: "fleet__panel", id: panelId, hidden: !open },
        // Its buttons above its meaning, which the engine may draw later: they do not move under the finger. Its
        // Actions next, in the first screen; its numbers in full last.
        el("button", { type: "button", "aria-label": `Edit ${ship.name}`, text: "Edit", onclick: () => actions.edit(index) }),
        el("button", { type: "button", "aria-label": `Remove ${ship.name}`, text: "Remove", onclick: () => actions.remove(index) }),
        // A State ended otherwise than by the End Phase (the text's other cancellations, a mistake) ends by hand.
        ...heldStates(ship).map(([name, words]) => el("button", { type: "button", class: "fleet__end-state",
          "aria-label": `End ${words} on ${ship.name}`, text: `End ${words}`, onclick: () => actions.endState(index, name) })),
        meaningBox(ship, index, actions.places),
        el("p", { class: "fleet__numbers", text: numbersText(ship, partsByKind) })));
  }));
  if (!ships.length) list.append(el("li", { class: "fleet__empty", text: "No ships yet: “Add a ship” and type its data card's numbers." }));
}

/** A card number's name beside its marks, short for a column half a phone wide. */
const MARK_LABELS = { structure: "Structure", weapons: "Weapons", spinal: "Spinal", fuel: "Fuel" };

/** The boxes left in each System Trait, by its number (rules_core ship_inputs.TRAIT_PARTS). */
const TRAIT_BOXES = ["trait_boxes", "trait2_boxes"];

/** The boxes of each number that changes, as marks: "Defense ●●●○" (3 left of 4), each said in words to a screen
 * reader ("Defense 3 of 4"); the System Traits in one row, a group of marks per Trait ("System Traits 1 of 2, 3 of 3"). */
function marks(ship, partsByKind) {
  const kind = kindOf(ship);
  const boxes = (name) => [Math.min(ship.left[name], ship.card[name]), ship.card[name]];
  const row = (label, groups) => el("span", { class: "fleet__mark", role: "img", "aria-label": `${label} ${groups.map(([left, card]) => `${left} of ${card}`).join(", ")}` },
    el("span", { class: "fleet__mark-label", text: `${label} ` }), groups.map(([left, card]) => `${"●".repeat(left)}${"○".repeat(Math.max(card - left, 0))}`).join(" "));
  const traits = TRAIT_BOXES.slice(0, Math.min(ship.left.traits ?? ship.card.traits, ship.card.traits)).filter((name) => ship.card[name] > 0);
  const rows = partsByKind[kind].filter((part) => part.kind === "int" && NOW_PARTS[kind].includes(part.name) && part.name !== "traits" && !TRAIT_BOXES.slice(1).includes(part.name))
    .map((part) => {
      if (part.name === TRAIT_BOXES[0]) return traits.length ? row("System Traits", traits.map(boxes)) : null;
      return ship.card[part.name] > 0 ? row(MARK_LABELS[part.name] || cardLabel(part).replace(/ boxes$/, ""), [boxes(part.name)]) : null;
    });
  return el("span", { class: "fleet__marks" }, ...rows);
}

/** Draw the stored log of applied resolutions in `log`, newest first. @param {HTMLElement} log */
export function drawLog(log) {
  const entries = loadHistory().log.slice().reverse();
  log.replaceChildren(...entries.map((entry) => el("li", { class: "fleet__entry", "data-undone": entry.undone ? "true" : null },
    el("p", { text: `${timeText(entry.at)} ${String(entry.title)}${entry.undone ? " (undone)" : ""}: ${String(entry.headline)}` }),
    entry.dice ? el("p", { class: "fleet__dice", text: String(entry.dice) }) : null,
    el("p", { text: `Applied to ${(Array.isArray(entry.ships) ? entry.ships : []).map(String).join(", ")}.` }))));
  if (!entries.length) log.append(el("li", { class: "fleet__empty", text: "No resolution applied yet: after a resolution whose ships you picked from the fleet, “Apply to the fleet” puts it here." }));
}

/** "Defense 3/4, …": a number now over its card's; a Squadron's card numbers that do not change as they are (its
 * weapon by name, a trait by its name when it has it, its Missile's numbers only when it has one). */
function numbersText(ship, partsByKind) {
  const kind = kindOf(ship);
  const shown = (part) => !part.when || String(ship.card[part.when[0]]) === part.when[1];
  return partsByKind[kind].filter(shown).filter((part) => part.kind !== "bool" || ship.card[part.name]).map((part) => {
    const label = cardLabel(part).replace(/ boxes$/, "");
    if (part.kind === "bool") return label;
    if (part.kind === "choice") return ship.card[part.name];
    return NOW_PARTS[kind].includes(part.name) ? `${label} ${ship.left[part.name]}/${ship.card[part.name]}` : `${label} ${ship.card[part.name]}`;
  }).join(", ");
}

/** What a resolution left on the ship beyond its numbers: Crippled (Structure 0; a Capital Ship's), its fate, the
 * Boarders aboard, its States. */
function stateText(ship) {
  const fate = ship.state && ship.state.fate;
  const words = [
    fate ? { Destroyed: "Destroyed", Dead: "Dead (Destroyed)", Explodes: "Explodes (Destroyed)", Captured: "Captured", Withdrawn: "Withdrawn (worth 0.5x points)" }[fate] : "",
    kindOf(ship) === CAPITAL_SHIP && ship.left.structure === 0 && fate !== "Destroyed" && fate !== "Dead" && fate !== "Explodes" ? "Crippled" : "",
    ship.state && ship.state.boarders ? `Boarded: ${counted(ship.state.boarders, "Boarder")} aboard` : "",
    ...(fate ? [] : statesOf(ship)),
  ].filter(Boolean);
  return words.join(" · ");
}

/** "14:05" (today) or "25 Nov 14:05": when a resolution was applied, in the phone's time. */
function timeText(at) {
  const when = new Date(String(at));
  if (Number.isNaN(when.getTime())) return "";
  const clock = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return when.toDateString() === new Date().toDateString() ? clock : `${when.toLocaleDateString([], { day: "numeric", month: "short" })} ${clock}`;
}
