// The fleet page (docs/fleet.md, block from scripts/build/fleet_page.py): add, edit and remove the ships of a game
// (Capital Ships and Squadrons), kept on this device (fleet-store.js), saved and opened as a file or a link.
// This module lays the page out and keeps (or refuses) every change; the ships and the log are drawn by fleet-list.js,
// each ship's meaning asked of the engine by fleet-meaning.js, the ship's form is fleet-editor.js, and the file, the
// link and the offer of a fleet from either are fleet-transfer.js.
//
// DOM hooks (stable; tests rely on them):
//   [data-fleet]                    the block; data-ship: the Capital Ship's parts (names, labels, ranges);
//                                   data-squadron: the Squadron's; data-mounted once drawn
//   [data-region="fleet-message"]   role=alert: what was refused or could not be kept, and that nothing changed
//   [data-region="fleet-note"]      role=status: what was just done ("Valiant added.")
//   ul[data-region="fleet-ships"]   data-sides: how many sides; data-open while a ship's card is open
//                                   li#ship-<n>[data-ship-index][data-kind][data-column] per ship: button.fleet__card
//                                   (aria-expanded) with .fleet__name, .fleet__side, .fleet__state, .fleet__marks; a tap
//                                   opens .fleet__panel: .fleet__numbers, buttons "Edit <name>", "Remove <name>", its
//                                   meaning (below). fleet/#ship-<n> opens with ship n's card open (fleet-play.js)
//   form[data-region="fleet-form"]  one ship: "Name", "Side", a control per card number ("Defense boxes: one more";
//                                   a Squadron's weapon a select, its traits checkboxes), details "Now (…)" with a
//                                   stepper per number now; buttons "Save ship", "Cancel"
//   [data-region="fleet-offer"]     a fleet from a link or a file: "Add these ships", "Replace my fleet", "Ignore"
//   buttons "Add a ship" (a Capital Ship), "Add a Squadron", "Save as a file", "Copy a link"; input[type=file] labelled "Open a fleet file"
//   button "Start a new fleet"      only when the stored fleet cannot be read (it is otherwise left as it is)
//   button[data-region="fleet-undo"] "Undo: <what>" the last change (fleet-history.js), disabled when none
//   ol[data-region="fleet-log"]     li per resolution applied, newest first: time, title, headline, its dice, the
//                                   ships; data-undone once undone
//   .fleet__state                   per ship: Crippled, its fate, the Boarders aboard (what a resolution applied)
//   [data-region="ship-meaning"]    per ship, from the engine (rules_core jovian_wars/ship_now.py; a Squadron's by
//                                   squadron_now, without Crippled and Systems): data-state
//                                   "loading" | "ready" | "error"; .fleet__crippled (what the texts say of Crippled),
//                                   .fleet__systems (Systems at 0, the Catastrophic Damage Table modifier),
//                                   .fleet__may / .fleet__may-not / .fleet__unknown (the Actions, by their checks:
//                                   a[data-play] each, a refused one's reason in details.fleet__why), .fleet__views,
//                                   .fleet__held (the States it holds, each a[data-play] opening its rule's resolver)
//   button[data-region="end-phase"] "End Phase": every ship's States ended or lowered (fleet-states.js), one undo;
//                                   button.fleet__end-state "End <State>" in a ship's panel ends one by hand
//   button[data-region="wake-lock"] "Keep the screen on" (fleet-wake.js)
//
// Every name is set with textContent: a ship's name is never read as HTML.

import { CAPITAL_SHIP, MOST_SHIPS, SQUADRON, checkShip, loadFleet } from "./fleet-store.js";
import { el } from "./dom.js";
import { changeFleet, nextUndo, undoLast } from "./fleet-history.js";
import { drawLog, drawShips } from "./fleet-list.js";
import { shipForm } from "./fleet-editor.js";
import { FleetTransfer } from "./fleet-transfer.js";
import { wakeLockToggle } from "./fleet-wake.js";
import { afterEndPhase, heldStates, withStates } from "./fleet-states.js";

/** The ship a link back from a resolver names: fleet/#ship-<n> (fleet-play.js), or null. */
const shipInHash = () => (/^#ship-(\d{1,3})$/.exec(location.hash) || [])[1];

/** The fleet and its changes: the page's layout, what it says, and every change kept (or refused) in one place. */
class FleetPage {
  constructor(root) {
    this.root = root;
    this.parts = { [CAPITAL_SHIP]: JSON.parse(root.dataset.ship), [SQUADRON]: JSON.parse(root.dataset.squadron) };
    this.places = JSON.parse(root.dataset.places || "{}");
    const back = shipInHash();
    /** @type {number | null} the ship whose card is open */
    this.open = back === undefined ? null : Number(back);
    const stored = loadFleet(this.parts);
    this.ships = stored.ships;
    this.locked = Boolean(stored.error); // an unreadable stored fleet is never written over unasked
    this.message = el("p", { class: "fleet__message", role: "alert", "data-region": "fleet-message" });
    this.note = el("p", { class: "fleet__note", role: "status", "data-region": "fleet-note" });
    this.transfer = new FleetTransfer(this);
    this.list = el("ul", { class: "fleet__ships", "data-region": "fleet-ships" });
    this.formHolder = el("div", { class: "fleet__form-holder" });
    this.addButton = el("button", { type: "button", text: "Add a ship", onclick: () => this.edit(null, CAPITAL_SHIP) });
    this.addSquadron = el("button", { type: "button", text: "Add a Squadron", onclick: () => this.edit(null, SQUADRON) });
    this.restart = el("button", { type: "button", text: "Start a new fleet", hidden: true, onclick: () => this.startAgain() });
    this.undoButton = el("button", { type: "button", "data-region": "fleet-undo", onclick: () => this.undo() });
    this.endPhaseButton = el("button", { type: "button", "data-region": "end-phase", text: "End Phase", onclick: () => this.endPhase() });
    this.log = el("ol", { class: "fleet__log", "data-region": "fleet-log" });
    const tools = el("div", { class: "fleet__tools" }, this.addButton, this.addSquadron, this.transfer.tools);
    const history = el("details", { class: "fleet__history" }, el("summary", { text: "Applied resolutions" }), this.log);
    // Undo sits beside the note that says what it undoes, above the list, so nothing drawn later (a ship's meaning)
    // moves it.
    // Ships first: what a player looks at mid-game; the tools and the log below them.
    root.replaceChildren(this.message, this.restart, this.note, el("div", { class: "fleet__turn" }, this.undoButton, this.endPhaseButton), this.transfer.offer, this.list, this.formHolder, wakeLockToggle(), tools, history);
    // A tap on a ship's Action leaves for its resolver: the page's own entry in the history becomes fleet/#ship-<n>,
    // so "back" comes to that ship's card.
    this.list.addEventListener("click", (event) => {
      const play = event.target instanceof Element && event.target.closest("a[data-play]");
      const ship = play && play.closest("[data-ship-index]");
      if (ship) window.history.replaceState(window.history.state, "", `${location.pathname}${location.search}#ship-${ship.getAttribute("data-ship-index")}`);
    });
    if (stored.error) this.refused(`${stored.error[0].toUpperCase()}${stored.error.slice(1)}. It is kept as it is; “Start a new fleet” replaces it.`);
    this.restart.hidden = !this.locked;
    this.render();
    this.transfer.fromLink();
    if (this.open !== null) this.list.querySelector(`#ship-${this.open}`)?.scrollIntoView({ block: "start" });
    root.dataset.mounted = "";
  }

  refused(text) {
    this.message.textContent = text;
    this.note.textContent = "";
  }

  done(text) {
    this.message.textContent = "";
    this.note.textContent = text;
  }

  /** Keep the fleet; on failure say so and put the previous ships back. */
  commit(ships, text) {
    if (this.locked) {
      this.refused("The fleet stored on this phone could not be read, so nothing is saved over it: “Start a new fleet” first.");
      return false;
    }
    const kept = changeFleet(ships, text.replace(/\.$/, ""));
    if (kept.error) {
      this.refused(`Not saved: ${kept.error}. Your fleet is unchanged.`);
      return false;
    }
    this.ships = ships;
    this.render();
    this.done(kept.note ? `${text} Note: ${kept.note}.` : text);
    return true;
  }

  undo() {
    if (this.locked) return this.refused("The fleet stored on this phone could not be read, so nothing is saved over it: “Start a new fleet” first.");
    const undone = undoLast(this.parts);
    if (undone.error) return this.refused(`Nothing undone: ${undone.error}. Your fleet is unchanged.`);
    this.ships = undone.ships;
    this.render();
    this.done(`Undone: ${undone.what}.`);
  }

  startAgain() {
    this.locked = false;
    this.restart.hidden = true;
    this.commit([], "A new, empty fleet is started.");
  }

  render() {
    drawShips(this.list, this.ships, this.parts, { edit: (index) => this.edit(index), remove: (index) => this.remove(index),
      toggle: (index) => this.toggle(index), endState: (index, name) => this.endState(index, name), open: this.open, places: this.places });
    // The End Phase ends or lowers the States the ships hold (fleet-states.js); with none held it has nothing to do.
    this.endPhaseButton.disabled = !this.ships.some((ship) => afterEndPhase(ship).changes.length); // nothing it would change
    this.addButton.disabled = this.addSquadron.disabled = this.ships.length >= MOST_SHIPS;
    const what = nextUndo();
    this.undoButton.textContent = what ? `Undo: ${what}` : "Undo";
    this.undoButton.disabled = !what;
    drawLog(this.log);
  }

  /** Open a ship's card (closing the one open), or close it; the card stays under the finger. */
  toggle(index) {
    this.open = this.open === index ? null : index;
    this.render();
    if (this.open !== null) this.list.querySelector(`#ship-${index}`)?.scrollIntoView({ block: "start" });
  }

  /** The End Phase: each ship's States ended or lowered as the texts say, in one change (one undo). */
  endPhase() {
    const done = this.ships.map(afterEndPhase);
    const said = done.flatMap(({ changes }, i) => (changes.length ? [`${this.ships[i].name}: ${changes.join(", ")}`] : []));
    if (said.length) this.commit(done.map(({ ship }) => ship), `End Phase: ${said.join("; ")}.`);
  }

  /** One State ended by hand (a cancellation other than the End Phase's, or one applied by mistake). */
  endState(index, name) {
    const ship = this.ships[index];
    const [, words] = heldStates(ship).find(([held]) => held === name) || [name, name];
    const { [name]: _ended, ...rest } = ship.state.states;
    this.commit(this.ships.map((old, i) => (i === index ? withStates(old, rest) : old)), `${ship.name}: ${words} ended.`);
  }

  remove(index) {
    const ships = this.ships.filter((_, i) => i !== index);
    this.open = null;
    this.commit(ships, `${this.ships[index].name} removed.`);
  }

  /** The form for one ship (index null: a new ship of `kind`). */
  edit(index, kind = CAPITAL_SHIP) {
    const ship = index === null ? null : this.ships[index];
    const { form, name } = shipForm(ship, kind, this.parts, (entered) => this.saveShip(index, entered), () => this.formHolder.replaceChildren());
    this.formHolder.replaceChildren(form);
    name.focus();
  }

  saveShip(index, entered) {
    let ship;
    try {
      ship = checkShip(entered, this.parts, "The ship");
    } catch (error) {
      this.refused(`${error instanceof Error ? error.message : error}. Nothing was saved.`);
      return;
    }
    const ships = index === null ? [...this.ships, ship] : this.ships.map((old, i) => (i === index ? ship : old));
    if (this.commit(ships, index === null ? `${ship.name} added.` : `${ship.name} saved.`)) this.formHolder.replaceChildren();
  }
}

/** Draw the fleet on this page, if it has the block (after every instant navigation too). */
export function mountFleet() {
  for (const root of document.querySelectorAll("[data-fleet]:not([data-mounted])")) {
    try {
      new FleetPage(root);
    } catch (error) {
      root.textContent = "The fleet could not be drawn here; reloading the page may help.";
      console.warn("fleet:", error);
    }
  }
}

// A link to the fleet opened while the page is shown (the hash changes, the page does not reload).
addEventListener("hashchange", () => {
  if (!location.hash.startsWith("#fleet=")) return;
  for (const root of document.querySelectorAll("[data-fleet][data-mounted]")) root.removeAttribute("data-mounted");
  mountFleet();
});
