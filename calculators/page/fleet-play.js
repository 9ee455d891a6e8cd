// Play from the ship: a fleet ship's Actions and views (fleet-meaning.js) open their resolvers with the ship in place.
//
// The link, made on the Fleet page: the resolver's page, its fragment naming the resolver (so the widget opens there
// and the page lands on it, fragment.js and landing.js) with an empty state in the earlier JSON form ("{}", which
// needs no declaration check; a Squadron's Ram also says "rammer": "Squadron", its Evade "model": "Squadron"),
// "ship=<resolver id>:<n>", the ship's place in the stored fleet (fleet-store.js) for that resolver alone (a widget
// the player goes on to, Board's Boarded, picks its own), and "ship-name=<name>", the ship's name then:
//
//   ../jovian-wars/v1.2.4/actions/#jovian-wars/v1.2.4/ram=%7B%7D&ship=jovian-wars/v1.2.4/ram:0&ship-name=Valiant
//
// The widget, once drawn (widget.js), picks that ship in its first pick of the ship's kind that is not a target's
// ("target", the Ram's "target_ship"), offers the ships of the other side as one-tap buttons in its other picks (in
// its target's alone where it has no pick of the declaring ship: Combined Attack, Suppressing Fire; a State's rule
// with no pick opens at the ship's X; a rule that asks the model's kind as a flag has it set), and a "Back to the fleet" link to fleet/#ship-<n>, where the
// Fleet page opens that ship's card (fleet.js). A place no longer holding a ship of that name (the fleet changed since
// the link was made: a step back through history, another tab) is never taken for it: the one ship of that name is
// picked wherever it now is, or nothing is, and the widget says so. A page opened any other way (search, a shared
// link) has no "ship=" and its picks are as they were.
//
// DOM hooks (stable; tests rely on them):
//   a[data-play]                    on the Fleet page: an Action or a view opening its resolver (data-play: its id)
//   [data-region="fleet-targets"]   in a widget's other picks: a button per ship of the other side, aria-pressed
//   a[data-region="back-to-fleet"]  in a widget opened from the fleet: "Back to the fleet"

import { CAPITAL_SHIP, MOST_NAME, SQUADRON, fleetShips, kindOf } from "./fleet-store.js";
import { el } from "./dom.js";
import { KEPT_STATES } from "./fleet-states.js";

/** The site's root and the Fleet page, from this module's place (assets/calculators/page/). */
const SITE_ROOT = new URL("../../../", import.meta.url);
const FLEET_PAGE = new URL("fleet/", SITE_ROOT);
const SHIP_KEY = "ship";
const NAME_KEY = "ship-name";

/** The link opening `resolverId` with the fleet's ship `index` (of this ship's kind) in place, or null where the
 * resolver has no place in the site. @param {Record<string, string[]>} places from the fleet block (fleet_page.py)
 * @param {string} resolverId @param {any} ship @param {number} index */
export function playLink(places, resolverId, ship, index) {
  const place = Object.hasOwn(places, resolverId) ? places[resolverId] : null;
  if (!place) return null;
  // The kind of model is a choice (the Ram's "rammer", an Action's "model": place[3]): a Squadron plays as a Squadron
  // (rules_core ship_now's squadron checks say so too).
  const state = place[3] && kindOf(ship) === SQUADRON ? { [place[3]]: SQUADRON } : {};
  const fragment = `${resolverId}=${encodeURIComponent(JSON.stringify(state))}&${SHIP_KEY}=${resolverId}:${index}`
    + `&${NAME_KEY}=${encodeURIComponent(ship.name)}`;
  return new URL(`${place[0]}#${fragment}`, SITE_ROOT).href;
}

/** The fleet ship a link names for this resolver ("ship=<resolver id>:<n>", "ship-name=<name>": null for a link of
 * an earlier build, which had none), or null. @param {string} resolverId @returns {{index: number, name: string | null} | null} */
function shipInLink(resolverId) {
  const hash = location.hash.slice(1);
  if (!hash.includes("=")) return null;
  const params = new URLSearchParams(hash);
  const value = params.get(SHIP_KEY) || "";
  const at = value.lastIndexOf(":");
  if (value.slice(0, at) !== resolverId || !/^\d{1,3}$/.test(value.slice(at + 1))) return null;
  const name = params.get(NAME_KEY);
  return { index: Number(value.slice(at + 1)), name: name === null ? null : name.slice(0, MOST_NAME) }; // as the fleet's names are
}

/** The ship picks of a widget: its selects of fleet ships, those of its inputs shown now. @param {HTMLElement} root */
function picksOf(root) {
  return [.../** @type {NodeListOf<HTMLSelectElement>} */ (root.querySelectorAll("select[data-pick]"))]
    .filter((select) => !select.closest("[hidden]"))
    .map((select) => {
      const fieldset = /** @type {HTMLElement} */ (select.closest("fieldset[data-model]"));
      return { select, fieldset, ships: fleetShips(fieldset.dataset.model || CAPITAL_SHIP) };
    });
}

/** Choose the fleet ship at `at` (its place among the ships of its kind) in a pick, as the player's choice would.
 * @param {HTMLSelectElement} select @param {number} at */
function choose(select, at) {
  select.value = String(at);
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

/** A widget opened from the fleet: its ship picked, the other side one tap away, the way back; returns what the
 * widget says of a ship the fleet no longer holds where the link said (nothing for a widget opened any other way).
 * @param {{root: HTMLElement, id: string, form: any, folds?: import("./input-folds.js").InputFolds | null}} widget
 * @returns {string[]} */
export function playFromFleet(widget) {
  const named = shipInLink(widget.id);
  if (named === null || !widget.form) return [];
  const picks = picksOf(widget.root);
  const folded = (/** @type {typeof picks} */ others) => () => others.every(({ select }) => select.value !== "") && widget.folds?.shipsPicked();
  if (!picks.some((pick) => !isTarget(pick))) {
    // No pick of the declaring ship: a State's rule (Hard Burn:X, at the ship's X), or an Action on a target alone
    // (Combined Attack, declared by a Squadron or a Sensor Array ship): the other side one tap away, the way back.
    const played = fleetShipAt(named);
    if (played) {
      for (const target of picks) offerTargets(target, played, folded(picks));
      fillHeld(widget, played);
      fillKind(widget, played);
    }
    backToFleet(widget, named.index, named.name);
    return [];
  }
  const found = shipNamed(picks.filter((pick) => !isTarget(pick)), named);
  if (typeof found === "string") return [found];
  const { own, played } = found;
  choose(own.select, own.ships.indexOf(played));
  fillHeld(widget, played); // Suppressed's rule picks the ship, and opens at its X too
  fillKind(widget, played);
  const others = picks.filter((pick) => pick !== own);
  for (const other of others) offerTargets(other, played, folded(others));
  backToFleet(widget, played.index, played.name);
  return [];
}

/** A pick of the target ("target", the Ram's "target_ship"): never the ship the link plays, the other side's.
 * @param {{fieldset: HTMLElement}} pick */
const isTarget = ({ fieldset }) => (fieldset.dataset.name || "").startsWith("target");

/** The fleet ship a link names, of any kind: at its place if it still has the name (null: none).
 * @param {{index: number, name: string | null}} named */
function fleetShipAt(named) {
  return [...fleetShips(CAPITAL_SHIP), ...fleetShips(SQUADRON)]
    .find((s) => s.index === named.index && (named.name === null || s.name === named.name)) || null;
}

/** The rule of a State the ship holds opens at the ship's own: a State with an X (Hard Burn:X) at its X (the input
 * "x"), one held for a Rating (Overdriven) at that Rating (the input "chosen"); filled as a pick fills a number (a
 * value in the link's JSON would put quotes in the fragment, which Zensical's theme reads as a CSS selector).
 * @param {{id: string, form: any}} widget @param {any} ship */
function fillHeld(widget, ship) {
  const held = Object.entries(KEPT_STATES).find(([, kept]) => kept.resolver === widget.id && (kept.x || kept.of));
  const value = held && ship.state && ship.state.states ? ship.state.states[held[0]] : undefined;
  if (held && held[1].x && Number.isInteger(value)) widget.form.fill([[["x"], value]]);
  else if (held && held[1].of?.includes(value)) widget.form.fill([[["chosen"], value]]);
}

/** The flags of a rule that asks the declaring model's kind (Combined Attack's "Squadron"; rules_core ship_now reads
 * them so too): set from the fleet ship's kind, as entered, so the answer does not name them as defaults.
 * @param {{form: any}} widget @param {any} ship */
function fillKind(widget, ship) {
  const kinds = { squadron: kindOf(ship) === SQUADRON, capital_ship: kindOf(ship) === CAPITAL_SHIP };
  const flags = widget.form.declaration.inputs.filter((/** @type {any} */ spec) => spec.kind === "bool" && Object.hasOwn(kinds, spec.name));
  if (flags.length) widget.form.fill(flags.map((/** @type {any} */ spec) => [[spec.name], kinds[/** @type {keyof typeof kinds} */ (spec.name)]]));
}

/** "Back to the fleet (<name>)", to the ship's card, in view when the inputs fold.
 * @param {{form: any, folds?: import("./input-folds.js").InputFolds | null}} widget @param {number} index
 * @param {string | null} name */
function backToFleet(widget, index, name) {
  const back = el("a", { class: "resolver__back-to-fleet", "data-region": "back-to-fleet", href: `${FLEET_PAGE.href}#ship-${index}`, text: name ? `Back to the fleet (${name})` : "Back to the fleet" });
  (widget.folds ? widget.folds.inputs.details : widget.form.node).before(back);
}

/** The pick and the fleet ship a link names: the ship at its place if it still has the name, else the one ship of that
 * name wherever it now is; or why neither is picked, in the player's words. @param {ReturnType<typeof picksOf>} picks
 * @param {{index: number, name: string | null}} named @returns {{own: ReturnType<typeof picksOf>[number], played: any} | string} */
function shipNamed(picks, named) {
  for (const own of picks) {
    const played = own.ships.find((ship) => ship.index === named.index);
    if (played && (named.name === null || played.name === named.name)) return { own, played };
  }
  if (named.name === null) return "The fleet ship this link opened with is no longer in the fleet: pick a ship here.";
  const own = picks.find(({ ships }) => ships.some((ship) => ship.name === named.name));
  const same = own ? own.ships.filter((ship) => ship.name === named.name) : [];
  if (own && same.length === 1) return { own, played: same[0] };
  return same.length > 1
    ? `This link opened with ${named.name}, and the fleet now has ${same.length} ships of that name: pick one here.`
    : `This link opened with ${named.name}, which is no longer in the fleet: pick a ship here.`;
}

/** The ships of the other side (every other ship where the played one has no side) as one-tap buttons over a pick.
 * @param {{select: HTMLSelectElement, fieldset: HTMLElement, ships: any[]}} pick @param {any} played
 * @param {() => void} then after a tap (the widget folds its inputs once every ship is picked) */
function offerTargets({ select, fieldset, ships }, played, then) {
  const others = ships.filter((ship) => ship.index !== played.index && (!played.side || ship.side !== played.side));
  if (!others.length) return;
  const legend = fieldset.querySelector("legend");
  const label = legend ? legend.textContent : "Ship";
  const buttons = others.map((ship) => el("button", {
    type: "button", class: "resolver__target", "aria-pressed": "false", "aria-label": `${label}: ${ship.name}`,
    text: ship.side ? `${ship.name} (${ship.side})` : ship.name,
    onclick: (/** @type {Event} */ event) => {
      choose(select, ships.indexOf(ship));
      for (const button of buttons) button.setAttribute("aria-pressed", String(button === event.currentTarget));
      then();
    },
  }));
  const row = el("div", { class: "resolver__targets", "data-region": "fleet-targets" }, ...buttons);
  if (legend) legend.after(row);
  else fieldset.prepend(row);
}
