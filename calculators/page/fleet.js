// The fleet page (docs/fleet.md, block from scripts/build/fleet_page.py): add, edit and remove the ships of a game
// (Capital Ships and Squadrons), kept on this device (fleet-store.js), saved and opened as a file or a link.
//
// DOM hooks (stable; tests rely on them):
//   [data-fleet]                    the block; data-ship: the Capital Ship's parts (names, labels, ranges);
//                                   data-squadron: the Squadron's; data-mounted once drawn
//   [data-region="fleet-message"]   role=alert: what was refused or could not be kept, and that nothing changed
//   [data-region="fleet-note"]      role=status: what was just done ("Valiant added.")
//   ul[data-region="fleet-ships"]   li[data-ship-index][data-kind] per ship: .fleet__name, .fleet__side,
//                                   .fleet__numbers, buttons "Edit <name>", "Remove <name>"
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
//                                   .fleet__may / .fleet__may-not / .fleet__unknown (the Actions, by their checks)
//
// Every name is set with textContent: a ship's name is never read as HTML.

import { CAPITAL_SHIP, KINDS, MOST_BYTES, MOST_NAME, MOST_SHIPS, MOST_SIDE, NOW_PARTS, SQUADRON, cardLabel, checkShip, fleetInLink, fleetLink, fleetText, kindOf, loadFleet, readFleet } from "./fleet-store.js";
import { el } from "./dom.js";
import { getEngine } from "./engine.js";
import { changeFleet, loadHistory, nextUndo, undoLast } from "./fleet-history.js";

let uid = 0;

/** The engine's answers by the ship's inputs, so a re-drawn list shows each known meaning at once: nothing flashes
 * "Working out…" or moves under the player's finger after a change to another ship. */
const meanings = new Map();
const MOST_MEANINGS = 200;

class FleetPage {
  constructor(root) {
    this.root = root;
    this.parts = { [CAPITAL_SHIP]: JSON.parse(root.dataset.ship), [SQUADRON]: JSON.parse(root.dataset.squadron) };
    const stored = loadFleet(this.parts);
    this.ships = stored.ships;
    this.locked = Boolean(stored.error); // an unreadable stored fleet is never written over unasked
    this.message = el("p", { class: "fleet__message", role: "alert", "data-region": "fleet-message" });
    this.note = el("p", { class: "fleet__note", role: "status", "data-region": "fleet-note" });
    this.offer = el("div", { class: "fleet__offer", "data-region": "fleet-offer", hidden: true });
    this.list = el("ul", { class: "fleet__ships", "data-region": "fleet-ships" });
    this.formHolder = el("div", { class: "fleet__form-holder" });
    this.addButton = el("button", { type: "button", text: "Add a ship", onclick: () => this.edit(null, CAPITAL_SHIP) });
    this.addSquadron = el("button", { type: "button", text: "Add a Squadron", onclick: () => this.edit(null, SQUADRON) });
    const fileInput = el("input", { type: "file", accept: ".json,application/json", id: `fleet-file-${++uid}`, onchange: (e) => this.openFile(e.target) });
    this.linkOut = el("input", { type: "text", readonly: true, "aria-label": "Fleet link", class: "fleet__link", hidden: true });
    this.restart = el("button", { type: "button", text: "Start a new fleet", hidden: true, onclick: () => this.startAgain() });
    this.undoButton = el("button", { type: "button", "data-region": "fleet-undo", onclick: () => this.undo() });
    this.log = el("ol", { class: "fleet__log", "data-region": "fleet-log" });
    const tools = el("div", { class: "fleet__tools" },
      this.addButton, this.addSquadron,
      el("button", { type: "button", text: "Save as a file", onclick: () => this.saveFile() }),
      el("button", { type: "button", text: "Copy a link", onclick: () => this.copyLink() }),
      el("label", { for: fileInput.id, class: "fleet__open", text: "Open a fleet file" }), fileInput,
      this.linkOut);
    const history = el("details", { class: "fleet__history" }, el("summary", { text: "Applied resolutions" }), this.log);
    // Undo sits beside the note that says what it undoes, above the list, so nothing drawn later (a ship's meaning)
    // moves it.
    root.replaceChildren(this.message, this.restart, this.note, this.undoButton, this.offer, this.list, this.formHolder, tools, history);
    if (stored.error) this.refused(`${stored.error[0].toUpperCase()}${stored.error.slice(1)}. It is kept as it is; “Start a new fleet” replaces it.`);
    this.restart.hidden = !this.locked;
    this.render();
    this.fromLink();
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

  /** "Defense 3/4, …": a number now over its card's; a Squadron's card numbers that do not change as they are (its
   * weapon by name, a trait by its name when it has it, its Missile's numbers only when it has one). */
  numbersText(ship) {
    const kind = kindOf(ship);
    const shown = (part) => !part.when || String(ship.card[part.when[0]]) === part.when[1];
    return this.parts[kind].filter(shown).filter((part) => part.kind !== "bool" || ship.card[part.name]).map((part) => {
      const label = cardLabel(part).replace(/ boxes$/, "");
      if (part.kind === "bool") return label;
      if (part.kind === "choice") return ship.card[part.name];
      return NOW_PARTS[kind].includes(part.name) ? `${label} ${ship.left[part.name]}/${ship.card[part.name]}` : `${label} ${ship.card[part.name]}`;
    }).join(", ");
  }

  /** What a resolution left on the ship beyond its numbers: Crippled (Structure 0; a Capital Ship's), its fate, the
   * Boarders aboard. */
  stateText(ship) {
    const fate = ship.state && ship.state.fate;
    const words = [
      fate ? { Destroyed: "Destroyed", Dead: "Dead (Destroyed)", Explodes: "Explodes (Destroyed)", Captured: "Captured" }[fate] : "",
      kindOf(ship) === CAPITAL_SHIP && ship.left.structure === 0 && fate !== "Destroyed" && fate !== "Dead" && fate !== "Explodes" ? "Crippled" : "",
      ship.state && ship.state.boarders ? `Boarded: ${ship.state.boarders} Boarder${ship.state.boarders === 1 ? "" : "s"} aboard` : "",
    ].filter(Boolean);
    return words.join(" · ");
  }

  /** What the ship's state means now, asked of the engine (its checks are the rules_core resolvers' own). */
  meaning(ship, index) {
    const box = el("div", { class: "fleet__meaning", "data-region": "ship-meaning", "data-state": "loading", text: "Working out what its state means now…" });
    const door = KINDS[kindOf(ship)]; // the engine's "ship" or "squadron" door
    const inputs = { card: ship.card, now: ship.left, fate: (ship.state && ship.state.fate) || "",
      ...(door === "ship" ? { boarders: (ship.state && ship.state.boarders) || 0 } : {}) };
    const key = `${door} ${JSON.stringify(inputs)}`;
    const show = (result) => {
      box.dataset.state = "ready";
      box.replaceChildren(...meaningNodes(result));
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

  render() {
    this.list.replaceChildren(...this.ships.map((ship, index) => el("li", { "data-ship-index": index, "data-kind": kindOf(ship), class: "fleet__ship" },
      el("span", { class: "fleet__name", text: ship.name }),
      kindOf(ship) === SQUADRON ? el("span", { class: "fleet__kind", text: " · Squadron" }) : null,
      ship.side ? el("span", { class: "fleet__side", text: ` · ${ship.side}` }) : null,
      this.stateText(ship) ? el("p", { class: "fleet__state", text: this.stateText(ship) }) : null,
      el("p", { class: "fleet__numbers", text: this.numbersText(ship) }),
      // Its buttons above its meaning, which the engine may draw later: they do not move under the finger.
      el("button", { type: "button", "aria-label": `Edit ${ship.name}`, text: "Edit", onclick: () => this.edit(index) }),
      el("button", { type: "button", "aria-label": `Remove ${ship.name}`, text: "Remove", onclick: () => this.remove(index) }),
      this.meaning(ship, index))));
    if (!this.ships.length) this.list.append(el("li", { class: "fleet__empty", text: "No ships yet: “Add a ship” and type its data card's numbers." }));
    this.addButton.disabled = this.addSquadron.disabled = this.ships.length >= MOST_SHIPS;
    const what = nextUndo();
    this.undoButton.textContent = what ? `Undo: ${what}` : "Undo";
    this.undoButton.disabled = !what;
    const log = loadHistory().log.slice().reverse();
    this.log.replaceChildren(...log.map((entry) => el("li", { class: "fleet__entry", "data-undone": entry.undone ? "true" : null },
      el("p", { text: `${timeText(entry.at)} ${String(entry.title)}${entry.undone ? " (undone)" : ""}: ${String(entry.headline)}` }),
      entry.dice ? el("p", { class: "fleet__dice", text: String(entry.dice) }) : null,
      el("p", { text: `Applied to ${(Array.isArray(entry.ships) ? entry.ships : []).map(String).join(", ")}.` }))));
    if (!log.length) this.log.append(el("li", { class: "fleet__empty", text: "No resolution applied yet: after a resolution whose ships you picked from the fleet, “Apply to the fleet” puts it here." }));
  }

  remove(index) {
    const ships = this.ships.filter((_, i) => i !== index);
    this.commit(ships, `${this.ships[index].name} removed.`);
  }

  /** A card's control by its part's kind: a stepper, a checkbox (a trait) or a select (a weapon). */
  control(part, label, value, onChange) {
    if (part.kind === "int") return this.stepper(part, label, value, onChange);
    const id = `fleet-${++uid}-${part.name}`;
    if (part.kind === "bool") {
      const box = el("input", { type: "checkbox", id, "data-name": part.name, onchange: (e) => onChange(e.target.checked) });
      box.checked = value === true;
      return el("div", { class: "resolver__field resolver__toggle" }, box, el("label", { for: id, text: label }));
    }
    const select = el("select", { id, "data-name": part.name, onchange: (e) => onChange(e.target.value) }, (part.choices || []).map((c) => el("option", { value: c, text: c })));
    select.value = value;
    return el("div", { class: "resolver__field" }, el("label", { for: id, text: label }), select);
  }

  stepper(part, label, value, onChange) {
    const id = `fleet-${++uid}-${part.name}`;
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

  /** The form for one ship (index null: a new ship of `kind`). */
  edit(index, kind = CAPITAL_SHIP) {
    const ship = index === null ? null : this.ships[index];
    if (ship) kind = kindOf(ship);
    const parts = this.parts[kind];
    const nowParts = parts.filter((part) => NOW_PARTS[kind].includes(part.name));
    const card = {}, left = {};
    for (const part of parts) {
      card[part.name] = ship ? ship.card[part.name] : part.default;
      left[part.name] = ship ? ship.left[part.name] : part.default;
    }
    const nameId = `fleet-name-${++uid}`, sideId = `fleet-side-${uid}`;
    const name = el("input", { type: "text", id: nameId, maxlength: MOST_NAME, autocomplete: "off", required: true });
    const side = el("input", { type: "text", id: sideId, maxlength: MOST_SIDE, autocomplete: "off" });
    name.value = ship ? ship.name : "";
    side.value = ship ? ship.side : "";
    const nowSteppers = el("div", { class: "fleet__now-steppers" });
    const drawNow = () => nowSteppers.replaceChildren(...nowParts.map((part) => this.stepper(part, `Now: ${part.label}`, left[part.name], (n) => { left[part.name] = n; })));
    drawNow();
    const cardSteppers = parts.map((part) => this.control(part, cardLabel(part), card[part.name], (n) => {
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
        el("button", { type: "button", text: "Save ship", onclick: () => this.saveShip(index, { kind, name: name.value, side: side.value, card, left, ...(ship && ship.state ? { state: ship.state } : {}) }) }),
        el("button", { type: "button", text: "Cancel", onclick: () => this.formHolder.replaceChildren() })));
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

  /** Offer a fleet read from a link or a file: add its ships, or replace the fleet with them. */
  offerShips(read, where) {
    if (read.error) {
      this.offer.hidden = true;
      this.refused(`This ${where} could not be opened: ${read.error}. Your fleet is unchanged.`);
      return;
    }
    const names = read.ships.map((ship) => ship.name).join(", ");
    const count = `${read.ships.length} ship${read.ships.length === 1 ? "" : "s"}`;
    const close = () => {
      this.offer.hidden = true;
      this.offer.replaceChildren();
      if (location.hash.startsWith("#fleet=")) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
    };
    const add = () => {
      if (this.ships.length + read.ships.length > MOST_SHIPS) return this.refused(`Adding ${count} would make more than ${MOST_SHIPS} ships. Your fleet is unchanged.`);
      if (this.commit([...this.ships, ...read.ships], `${count} added.`)) close();
    };
    this.message.textContent = "";
    this.offer.replaceChildren(
      el("p", { text: `This ${where} holds ${count}: ${names || "none"}.` }),
      el("button", { type: "button", text: "Add these ships", onclick: add }),
      el("button", { type: "button", text: "Replace my fleet", onclick: () => this.commit(read.ships, `Fleet replaced: ${count}.`) && close() }),
      el("button", { type: "button", text: "Ignore", onclick: close }));
    this.offer.hidden = false;
  }

  fromLink() {
    const read = fleetInLink(this.parts);
    if (read) this.offerShips(read, "link");
  }

  async openFile(input) {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MOST_BYTES) return this.offerShips({ error: `it is larger than a fleet can be (${Math.ceil(file.size / 1024)} kB; at most ${MOST_BYTES / 1024} kB)` }, "file");
    let text;
    try {
      text = await file.text();
    } catch {
      return this.offerShips({ error: "it could not be read" }, "file");
    }
    this.offerShips(readFleet(text, this.parts), "file");
  }

  saveFile() {
    const url = URL.createObjectURL(new Blob([fleetText(this.ships)], { type: "application/json" }));
    const link = el("a", { href: url, download: "fleet.json", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.done(`Fleet saved as fleet.json (${this.ships.length} ship${this.ships.length === 1 ? "" : "s"}).`);
  }

  async copyLink() {
    const link = fleetLink(this.ships);
    this.linkOut.value = link;
    this.linkOut.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      this.done("Link copied: open it on the other phone to add these ships there.");
    } catch {
      this.linkOut.select();
      this.done("The link is below: copy it, then open it on the other phone.");
    }
  }
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

/** "14:05" (today) or "25 Nov 14:05": when a resolution was applied, in the phone's time. */
function timeText(at) {
  const when = new Date(String(at));
  if (Number.isNaN(when.getTime())) return "";
  const clock = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return when.toDateString() === new Date().toDateString() ? clock : `${when.toLocaleDateString([], { day: "numeric", month: "short" })} ${clock}`;
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
