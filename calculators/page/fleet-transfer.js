// The fleet carried to and from this device: "Save as a file", "Copy a link", "Open a fleet file", and the offer of a
// fleet read from a link or a file ([data-region="fleet-offer"]: "Add these ships", "Replace my fleet", "Ignore").
// Every change it makes goes through the page's commit (fleet.js), so it is kept, undoable and said like any other.

import { MOST_BYTES, MOST_SHIPS, fleetInLink, fleetLink, fleetText, readFleet } from "./fleet-store.js";
import { el } from "./dom.js";
import { fleetUid } from "./fleet-editor.js";
import { counted } from "./words.js";

/**
 * What of the fleet page the transfers use: its ships and parts, its message line, and how it keeps a change and says
 * what was done or refused.
 * @typedef {{ships: any[], parts: any, message: HTMLElement, commit: (ships: any[], text: string) => boolean,
 *   refused: (text: string) => void, done: (text: string) => void}} FleetHost
 */

export class FleetTransfer {
  /** @param {FleetHost} page */
  constructor(page) {
    this.page = page;
    this.offer = el("div", { class: "fleet__offer", "data-region": "fleet-offer", hidden: true });
    const fileInput = el("input", { type: "file", accept: ".json,application/json", id: `fleet-file-${fleetUid()}`, onchange: (e) => this.openFile(e.target) });
    this.linkOut = el("input", { type: "text", readonly: true, "aria-label": "Fleet link", class: "fleet__link", hidden: true });
    /** Its buttons, the file input and its label, and the link shown when it cannot be copied: for the page's tools. */
    this.tools = [
      el("button", { type: "button", text: "Save as a file", onclick: () => this.saveFile() }),
      el("button", { type: "button", text: "Copy a link", onclick: () => this.copyLink() }),
      el("label", { for: fileInput.id, class: "fleet__open", text: "Open a fleet file" }), fileInput,
      this.linkOut];
  }

  /** Offer a fleet read from a link or a file: add its ships, or replace the fleet with them. */
  offerShips(read, where) {
    const page = this.page;
    if (read.error) {
      this.offer.hidden = true;
      page.refused(`This ${where} could not be opened: ${read.error}. Your fleet is unchanged.`);
      return;
    }
    const names = read.ships.map((ship) => ship.name).join(", ");
    const count = counted(read.ships.length, "ship");
    const close = () => {
      this.offer.hidden = true;
      this.offer.replaceChildren();
      if (location.hash.startsWith("#fleet=")) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
    };
    const add = () => {
      if (page.ships.length + read.ships.length > MOST_SHIPS) return page.refused(`Adding ${count} would make more than ${MOST_SHIPS} ships. Your fleet is unchanged.`);
      if (page.commit([...page.ships, ...read.ships], `${count} added.`)) close();
    };
    page.message.textContent = "";
    this.offer.replaceChildren(
      el("p", { text: `This ${where} holds ${count}: ${names || "none"}.` }),
      el("button", { type: "button", text: "Add these ships", onclick: add }),
      el("button", { type: "button", text: "Replace my fleet", onclick: () => page.commit(read.ships, `Fleet replaced: ${count}.`) && close() }),
      el("button", { type: "button", text: "Ignore", onclick: close }));
    this.offer.hidden = false;
  }

  /** Offer the fleet in the page's link (#fleet=…), if it has one. */
  fromLink() {
    const read = fleetInLink(this.page.parts);
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
    this.offerShips(readFleet(text, this.page.parts), "file");
  }

  saveFile() {
    const ships = this.page.ships;
    const url = URL.createObjectURL(new Blob([fleetText(ships)], { type: "application/json" }));
    const link = el("a", { href: url, download: "fleet.json", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    this.page.done(`Fleet saved as fleet.json (${counted(ships.length, "ship")}).`);
  }

  async copyLink() {
    const link = fleetLink(this.page.ships);
    this.linkOut.value = link;
    this.linkOut.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      this.page.done("Link copied: open it on the other phone to add these ships there.");
    } catch {
      this.linkOut.select();
      this.page.done("The link is below: copy it, then open it on the other phone.");
    }
  }
}
