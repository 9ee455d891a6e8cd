// The one generic widget: draws any resolver from its describe() declaration.
//
// DOM hooks (stable; tests and other pages rely on them):
//   html[data-resolvers="listening"] a Resolve tapped from now on is heard (hearOpens, often before the
//                                    page has parsed; scripts/bench_browser.py taps from then on)
//   [data-resolver="<id>"]           the widget root (the build hook writes it with static odds)
//     data-engine                    "static" (no script) | "loading" | "ready" | "error"
//     data-describe                  the describe() JSON, written at build time
//     data-mounted                   present once this script has taken the block over
//   [data-region="glance"]           the headline odds (first chart) or outcome, in view while collapsed
//   [data-region="now"]              inside the open body, sticky: the outcome once resolved, else the odds at a
//                                    glance; it stays in view while the inputs below it change
//   details.resolver__body           collapsed by default; its summary is the "Resolve" control.
//                                    The form is drawn when the block is opened or scrolled near.
//   form.resolver__form              the controls; every control is reachable by its label text
//                                    (Playwright: get_by_label("<Input.label>", exact=True))
//     int      <input type=number data-name="pool.base"> with buttons "<label>: one less" / "one more"
//     bool     <input type=checkbox role=switch data-name=...>
//     choice   <select data-name=...>
//     group    <fieldset data-name=...><legend>label</legend>...parts...</fieldset>
//     ship     fieldset.resolver__ship: one Capital Ship, its label the legend, its help said once, a stepper per
//              number (accessible name "<ship label>: <part label>", e.g. "Target: Sensors boxes left"), the
//              rarely changed numbers (System Traits, weapons) folded in details.resolver__ship-more
//     when     a control whose input does not apply to the current choice is hidden
//     more     rarely changed inputs and the seed sit in details.resolver__more ("More")
//     seed     <input type=number data-name=seed> labelled with the seed input's label
//   [data-region="odds"]    table.resolver__chart per chart, tr[data-p="p/q"] per row that can happen,
//                           td.resolver__percent first, th = label with its bar; the fractions show
//                           after the "Exact fractions" button; data-live="true" once the engine drew it
//   fieldset.resolver__keypad[data-faces=<name>]: buttons "Die 1".."Die 6", "Backspace", "Clear";
//                           [data-region="typed"] the faces typed (or rolled), [data-region="needed"]
//                           "2 of 3", [data-region="keypad-note"] why a die was refused
//   button "Roll for me"    picks a random seed (under "More"), the rolled faces show on the keypads
//   button[data-region="share"]  the phone's share sheet, else copies the link ([data-region="shared"] says so)
//   button[data-region="copy-text"] copies the resolution as plain text: headline, dice, what was entered, the link
//   [data-region="error"]   role=alert: the engine's message, placed at the input it names
//   [data-region="outcome"] role=status: .resolver__headline, ol.resolver__steps, ul.resolver__checks
//                           (li[data-ok=true|false]); data-resolved="<JSON of the inputs resolved>"
//   [data-region="status"]  "Loading the rules engine…", "took longer than 2 s…", the engine's failure with its
//                           reason and a button[data-region="retry"] "Try again", or empty
//
// Watch, then mount: the form writes `values`, then `refresh()` asks the engine and renders.

import { getEngine } from "./engine.js";
import { hasState, readState, shareUrl, writeState } from "./fragment.js";
import { checkState } from "./input-check.js";
import { fleetShips } from "./fleet-store.js";
import { el } from "./dom.js";
import { notePick, offerApply } from "./apply-outcome.js";

// ---- Helpers -------------------------------------------------------------------------------

let uid = 0;
const nextId = (name) => `resolver-${++uid}-${name.replace(/[^\w-]/g, "-")}`;

function getPath(object, path) {
  return path.reduce((node, key) => (node && typeof node === "object" && Object.hasOwn(node, key) ? node[key] : undefined), object);
}

function setPath(object, path, value) {
  let node = object;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object" || Array.isArray(node[key])) node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}

/** Inputs whose value is an object of parts: a group, or a ship (rules_core.inputs.GROUP_KINDS). */
const isGroup = (spec) => spec.kind === "group" || spec.kind === "ship";

function defaultsOf(specs) {
  const values = {};
  for (const spec of specs) {
    if (isGroup(spec)) values[spec.name] = defaultsOf(spec.parts || []);
    else if (spec.kind === "faces") values[spec.name] = [];
    else if (spec.default !== null && spec.default !== undefined) values[spec.name] = spec.default;
  }
  return values;
}

/** Copy checked values (groups nested) onto `values`. */
function mergeInto(values, checked) {
  for (const [key, value] of Object.entries(checked)) {
    if (value && typeof value === "object" && !Array.isArray(value)) mergeInto(values[key], value);
    else values[key] = value;
  }
}

/** Help sentences that more than one input of a declaration carries (groups included). */
function sharedHelpTexts(specs) {
  const counts = new Map();
  const walk = (list) => {
    for (const spec of list) {
      if (spec.help) counts.set(spec.help, (counts.get(spec.help) || 0) + 1);
      if (isGroup(spec)) walk(spec.parts || []);
    }
  };
  walk(specs);
  return new Set([...counts].filter(([, n]) => n > 1).map(([text]) => text));
}

/** A reduced "p/q" as a percentage with one decimal, as the build prints it. */
export function percent(p) {
  const [num, den] = p.split("/").map(BigInt);
  const tenths = (num * 2000n + den) / (2n * den); // round half up, in exact integers
  return `${tenths / 10n}.${tenths % 10n}%`;
}

const canHappen = (row) => !/^0\//.test(row.p);

// ---- Rendering of answers (scripts/hooks/resolver_html.py writes the same markup) ------------

/** Why there are no odds: the requirement's failing checks (the engine sends no charts for an action not taken). */
export function noOddsText(checks) {
  const failing = (checks || []).filter((c) => !c.ok);
  return failing.length ? `No odds: the requirement is not met (${failing.map((c) => `${c.label}: ${c.detail}`).join("; ")}).` : "";
}

export function renderCharts(charts, checks) {
  const refused = charts.length ? "" : noOddsText(checks);
  const tables = charts.map((chart) =>
    el(
      "table",
      { class: "resolver__chart" },
      el("caption", { text: chart.title }),
      el(
        "tbody",
        {},
        chart.rows.filter(canHappen).map((row) => {
          const [num, den] = row.p.split("/").map(Number);
          return el(
            "tr",
            { "data-p": row.p },
            el("td", { class: "resolver__percent", text: percent(row.p) }),
            el("th", { scope: "row" }, el("span", { class: "resolver__label", text: row.label }),
              el("span", { class: "resolver__bar" }, el("span", { style: `width:${((100 * num) / den).toFixed(2)}%` }))),
            el("td", { class: "resolver__fraction", text: row.p }),
          );
        }),
      ),
    ),
  );
  return [...(refused ? [el("p", { class: "resolver__no-odds", text: refused })] : []), ...tables, fractionsButton()];
}

// The fractions are one tap away; the click is handled by the odds region (the build's button too).
function fractionsButton() {
  return el("button", { type: "button", class: "resolver__fractions", "aria-pressed": "false", text: "Exact fractions" });
}

function toggleFractions(event) {
  const button = event.target.closest(".resolver__fractions");
  if (!button) return;
  const shown = event.currentTarget.classList.toggle("resolver__odds--exact");
  for (const b of event.currentTarget.querySelectorAll(".resolver__fractions")) b.setAttribute("aria-pressed", String(shown));
}

/** The glance: the first chart's rows that can happen, percentage first. */
function renderGlance(chart) {
  const rows = chart.rows.filter(canHappen).slice(0, 3);
  return [el("span", { class: "resolver__glance-title", text: `${chart.title}: ` }),
    ...rows.map((row, i) => el("span", { class: "resolver__glance-row" }, i ? "; " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`))];
}

/** The odds in one line: each model's fate where the resolver charts fates ("Target: fate"), else the first chart. */
function renderNow(charts) {
  const fates = charts.filter((chart) => /: fate$/.test(chart.title));
  if (!fates.length) return renderGlance(charts[0]);
  return fates.map((chart, i) => {
    const rows = chart.rows.filter(canHappen).slice(0, 2);
    return el("span", { class: "resolver__now-fate" }, i ? " · " : "", `${chart.title.replace(/: fate$/, "")}: `,
      ...rows.map((row, j) => el("span", {}, j ? ", " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`)));
  });
}

/** ✔ holds, ✘ fails, ? judged on a default the player has not entered yet (the detail says so). */
function checkMark(check) {
  return check.entered === false ? "?" : check.ok ? "✔" : "✘";
}

function renderOutcome(answer) {
  const checks = answer.checks || [];
  return [
    el("p", { class: "resolver__headline", text: (answer.outcome && answer.outcome.headline) || "" }),
    checks.length
      ? el(
          "ul",
          { class: "resolver__checks" },
          checks.map((c) => el("li", { "data-ok": String(Boolean(c.ok)), "data-entered": String(c.entered !== false), text: `${checkMark(c)} ${c.label}${c.detail ? ": " + c.detail : ""}` })),
        )
      : null,
    (answer.steps || []).length ? el("ol", { class: "resolver__steps" }, answer.steps.map((s) => el("li", { text: s }))) : null,
  ].filter(Boolean);
}

/** Each resolved roll of an answer, by the keypad prefix it answers ("" for a single roll). */
function rollsByPrefix(roll, prefixes) {
  if (!roll || typeof roll !== "object") return {};
  if (Array.isArray(roll.dice) && prefixes.length === 1) return { [prefixes[0]]: roll };
  // a roll at the top answers the unprefixed keypads; rolls under its keys answer theirs (Point Defense's pd_)
  const found = Array.isArray(roll.dice) && prefixes.includes("") ? { "": roll } : {};
  for (const [key, value] of Object.entries(roll)) {
    const initials = key.split("_").map((word) => word[0]).join(""); // point_defense answers the pd_ keypads
    const prefix = prefixes.find((p) => p === `${key}_` || p === `${initials}_`);
    if (prefix !== undefined && value && Array.isArray(value.dice)) found[prefix] = value;
  }
  return found;
}

// The benchmark (scripts/bench_browser.py) reads this mark: the first live answer of a document.
function markFirstAnswer() {
  if (!performance.getEntriesByName("rules:first-answer").length) performance.mark("rules:first-answer");
}

// ---- The widget ----------------------------------------------------------------------------

class Widget {
  constructor(root) {
    this.root = root;
    this.id = root.dataset.resolver;
    this.uid = ++uid;
    this.engine = getEngine();
    this.body = root.querySelector("details.resolver__body");
    this.glance = root.querySelector('[data-region="glance"]');
    this.prepared = false;
    this.live = false;
    this.values = {};
    this.diceNeeded = {};
    this.generation = 0; // answers from an older refresh are dropped
  }

  /** Draw the form inside the (still collapsed) body: no engine request yet. */
  prepare() {
    if (this.prepared) return;
    this.prepared = true;
    this.root.dataset.mounted = "";
    this.declaration = JSON.parse(this.root.dataset.describe);
    const read = readState(this.id, this.declaration.inputs);
    const state = read && read.state;
    this.fromLink = Boolean(state);
    this.values = defaultsOf(this.declaration.inputs);
    // A link's values are data from anyone: each is checked by its input's kind before the form or anything else
    // uses it; a bad one is dropped (the default stands) with a note, and the other values and widgets go on.
    const { values, entered, refused, ignored } = checkState(this.declaration.inputs, state);
    mergeInto(this.values, values);
    this.entered = new Set(entered);
    this.draw();
    const notes = [];
    if (read && read.refused) notes.push(`This link's inputs for this resolver could not be read (${read.refused}), so it shows the defaults.`);
    if (refused.length) notes.push(`This link's ${refused.slice(0, 3).join("; ")}${refused.length > 3 ? "; and more" : ""}: the default is used instead.`);
    if (ignored.length) {
      const names = ignored.slice(0, 3).map((name) => `“${name.slice(0, 40)}”`).join(", ");
      notes.push(`This link carries ${names}${ignored.length > 3 ? " and more" : ""}, which ${ignored.length === 1 ? "is not an input" : "are not inputs"} of this resolver: ignored.`);
    }
    this.linkNote.textContent = notes.join(" ");
    this.showNow(this.outcomeRegion.querySelector(".resolver__headline")?.textContent || null);
    this.oddsKey = JSON.stringify({}); // the build's odds are for nothing entered: every default
    this.showDependents();
    this.unwatch = this.engine.watch((state, error) => this.showEngine(state, error));
  }

  /** The body is open: ask the engine. */
  open() {
    this.prepare();
    if (this.live) return;
    this.live = true;
    this.followOutcome = this.fromLink; // a shared link opens at its outcome
    this.refresh();
  }

  showEngine(state, error) {
    // An engine that failed and then started on retry (engine.js): ask again with the current inputs.
    if (state === "error") this.engineFailed = true;
    else if (state === "ready" && this.engineFailed && this.declaration) (this.engineFailed = false), this.refresh();
    this.root.dataset.engine = state;
    if (state === "loading") this.status.textContent = "Loading the rules engine… the odds below are for the default inputs, computed when the site was built.";
    else if (state === "error") {
      // Every waiting widget says why and offers the retry (the engine also retries by itself, bounded).
      this.status.textContent = `The live resolver is unavailable: ${error}. The odds below are for the default inputs, computed when the site was built. `;
      this.status.append(el("button", { type: "button", "data-region": "retry", text: "Try again", onclick: () => this.engine.retry() }));
    }
    else if (!this.status.dataset.sticky) this.status.textContent = "";
  }

  // -- the body, drawn from the declaration --

  draw() {
    const old = this.body.querySelector(".resolver__static");
    const staticOdds = old && old.querySelector('[data-region="odds"]');
    const staticOutcome = old && old.querySelector('[data-region="outcome"]');
    this.oddsRegion = staticOdds || el("div", { class: "resolver__odds", "data-region": "odds" });
    this.oddsRegion.addEventListener("click", toggleFractions);
    this.outcomeRegion = el("div", { class: "resolver__outcome", role: "status", "aria-live": "polite", "data-region": "outcome" });
    if (staticOutcome) this.outcomeRegion.append(...staticOutcome.childNodes);
    this.status = el("p", { class: "resolver__status", "data-region": "status" });
    this.linkNote = el("p", { class: "resolver__link-note", role: "status", "data-region": "link-note" });
    this.errorRegion = el("p", { class: "resolver__error", role: "alert", "data-region": "error", id: nextId("error") });
    this.topErrorSlot = el("div", { class: "resolver__error-slot" }, this.errorRegion);

    this.faceInputs = [];
    this.dependents = []; // {node, path, when}
    // A help sentence several inputs share is said once, at the top of the form (it was repeated under each).
    this.sharedHelp = sharedHelpTexts(this.declaration.inputs);
    this.more = el("details", { class: "resolver__more" }, el("summary", { text: "More" }));
    this.form = el("form", { class: "resolver__form", "aria-label": this.declaration.title, onsubmit: (e) => e.preventDefault() },
      [...this.sharedHelp].map((text) => el("p", { class: "resolver__help", text })));
    const pads = el("div", { class: "resolver__keypads" });
    for (const spec of this.declaration.inputs) {
      const node = this.control(spec, [spec.name]);
      if (spec.kind === "faces") pads.append(node);
      else if (spec.more || spec.kind === "seed") this.more.append(node);
      else this.form.append(node);
    }
    // The answer first: a compact headline that stays in view (sticky) while the inputs below it change.
    this.nowRegion = el("p", { class: "resolver__now", "data-region": "now", "aria-hidden": "true" });

    const actions = el("div", { class: "resolver__actions" });
    if (this.faceInputs.length || this.seedInput) actions.append(el("button", { type: "button", class: "resolver__roll", text: "Roll for me", onclick: () => this.rollForMe() }));
    this.shareButton = el("button", { type: "button", class: "resolver__share", "data-region": "share", text: "Share", onclick: () => this.shareLink() });
    this.shared = el("p", { class: "resolver__shared", role: "status", "data-region": "shared" });
    const copyText = el("button", { type: "button", class: "resolver__share", "data-region": "copy-text", text: "Copy as text", onclick: () => this.copyText() });
    actions.append(this.shareButton, copyText);

    const summary = this.body.querySelector(".resolver__summary");
    // The inputs a player changes each roll, the dice, the outcome; then the odds; the rarely changed inputs last.
    const more = this.more.childElementCount > 1 ? this.more : null;
    const nodes = [this.nowRegion, this.status, this.linkNote, this.topErrorSlot, this.form, pads, actions, this.shared, this.outcomeRegion, this.oddsRegion, more].filter(Boolean);
    if (old) old.replaceWith(...nodes);
    else (summary || this.body.querySelector("summary")).after(...nodes);
  }

  control(spec, path) {
    const node = this.field(spec, path);
    if (spec.when) this.dependents.push({ node, path: [...path.slice(0, -1), spec.when[0]], value: spec.when[1] });
    return node;
  }

  field(spec, path) {
    const name = path.join(".");
    const id = nextId(name);
    const help = spec.help && !this.sharedHelp.has(spec.help) ? el("small", { class: "resolver__help", text: spec.help }) : null;
    const value = getPath(this.values, path);
    const spoken = this.labelAt(path);
    if (spec.kind === "ship") return this.shipFieldset(spec, path, name, help);
    if (spec.kind === "group") {
      return el("fieldset", { class: "resolver__group", "data-name": name }, el("legend", { text: spec.label }), (spec.parts || []).map((part) => this.control(part, [...path, part.name])), help);
    }
    if (spec.kind === "bool") {
      const box = el("input", { type: "checkbox", role: "switch", id, "data-name": name, onchange: (e) => this.set(path, e.target.checked) });
      box.checked = value === true || value === "true";
      return el("div", { class: "resolver__field resolver__toggle" }, box, el("label", { for: id, text: spec.label }), help);
    }
    if (spec.kind === "choice") {
      const select = el("select", { id, "data-name": name, onchange: (e) => this.set(path, e.target.value) }, spec.choices.map((c) => el("option", { value: c, text: c })));
      select.value = typeof value === "string" ? value : "";
      return el("div", { class: "resolver__field" }, el("label", { for: id, text: spec.label }), select, help);
    }
    if (spec.kind === "faces") return this.keypad(spec, path, name);
    if (spec.kind === "seed") {
      const input = el("input", { type: "number", inputmode: "numeric", id, "data-name": name, min: 0, placeholder: "none", onchange: (e) => this.set(path, e.target.value === "" ? null : Number(e.target.value)) });
      input.value = typeof value === "number" ? value : "";
      this.seedInput = { input, path };
      return el("div", { class: "resolver__field resolver__seed" }, el("label", { for: id, text: spec.label }), input, help);
    }
    // int: a stepper clamped to low/high; typed values are clamped too
    const clamp = (n) => Math.min(spec.high ?? Infinity, Math.max(spec.low ?? -Infinity, n));
    const input = el("input", { type: "number", inputmode: "numeric", id, "data-name": name, "aria-label": spoken === spec.label ? null : spoken, min: spec.low, max: spec.high, onchange: (e) => commit(Number(e.target.value)) });
    input.value = typeof value === "number" || typeof value === "string" ? value : "";
    const commit = (n) => {
      if (!Number.isFinite(n)) n = spec.default ?? spec.low ?? 0;
      input.value = clamp(Math.round(n));
      this.set(path, Number(input.value));
    };
    const current = () => (input.value !== "" && Number.isFinite(Number(input.value)) ? Number(input.value) : spec.default ?? 0);
    return el(
      "div",
      { class: "resolver__field resolver__stepper" },
      el("label", { for: id, text: spec.label }),
      el("button", { type: "button", "aria-label": `${spoken}: one less`, text: "−", onclick: () => commit(current() - 1) }),
      input,
      el("button", { type: "button", "aria-label": `${spoken}: one more`, text: "+", onclick: () => commit(current() + 1) }),
      help,
    );
  }

  /** One ship: a pick from the fleet kept on this phone (fleet.js) fills every number; the numbers by hand are folded
   * under the pick while the fleet has ships, System Traits and weapons folded again inside. */
  shipFieldset(spec, path, name, help) {
    const parts = (spec.parts || []).map((part) => [part, this.control(part, [...path, part.name])]);
    const fold = parts.some(([part]) => part.more) ? el("details", { class: "resolver__ship-more" }, el("summary", { text: "System Traits, weapons" })) : null;
    for (const [part, node] of parts) if (part.more) fold.append(node);
    const numbers = [help, ...parts.filter(([part]) => !part.more).map(([, node]) => node), fold];
    const ships = fleetShips();
    const fleetPage = new URL("../../fleet/", import.meta.url).href;
    if (!ships.length) {
      // Said once per widget, in its first ship (a help sentence is never repeated).
      const none = this.saidNoFleet ? null : el("p", { class: "resolver__help resolver__fleet-none" }, "No ships in your ", el("a", { href: fleetPage, text: "fleet" }), " yet: type the numbers.");
      this.saidNoFleet = true;
      return el("fieldset", { class: "resolver__group resolver__ship", "data-name": name }, el("legend", { text: spec.label }), none, numbers);
    }
    const id = nextId(`${name}-pick`);
    const picked = el("p", { class: "resolver__picked", "data-region": "picked" });
    const byHand = el("details", { class: "resolver__by-hand" }, el("summary", { text: "Numbers by hand" }), numbers);
    const select = el("select", { id, "data-pick": name, onchange: (e) => this.pickShip(spec, path, ships[Number(e.target.value)], picked, byHand) },
      el("option", { value: "", text: "— by hand —" }),
      ships.map((ship, i) => el("option", { value: i, text: ship.side ? `${ship.name} (${ship.side})` : ship.name })));
    return el("fieldset", { class: "resolver__group resolver__ship", "data-name": name }, el("legend", { text: spec.label }),
      el("div", { class: "resolver__field" }, el("label", { for: id, text: `${spec.label}: from your fleet` }), select), picked, byHand);
  }

  /** Fill a ship input from a fleet ship: its numbers now, its card's Structure as the starting Structure. Values
   * are checked as a link's are (input-check.js); a number the resolver cannot take is left as it was, and said. */
  pickShip(spec, path, ship, picked, byHand) {
    picked.textContent = "";
    ship = notePick(this, path, ship);
    if (!ship) {
      byHand.open = true;
      return;
    }
    const given = {};
    for (const part of spec.parts || []) {
      const value = part.name === "start_structure" ? ship.card.structure : ship.left[part.name];
      if (value !== undefined) given[part.name] = value;
    }
    const { values, refused } = checkState(spec.parts || [], given);
    const pairs = Object.entries(values).map(([key, value]) => [[...path, key], value]);
    for (const [where, value] of pairs) {
      const input = this.form.querySelector(`[data-name="${CSS.escape(where.join("."))}"]`);
      if (input) input.value = value;
    }
    this.setMany(pairs);
    picked.textContent = `${ship.name}: ${(spec.parts || []).filter((part) => !part.more && Object.hasOwn(values, part.name)).map((part) => `${part.label.replace(/( boxes)? left$/, "")} ${values[part.name]}`).join(", ")}.`;
    if (refused.length) {
      picked.textContent += ` Not filled (${refused.join("; ")}): check it by hand.`;
      byHand.open = true;
    }
  }

  keypad(spec, path, name) {
    const typed = el("output", { class: "resolver__typed", "data-region": "typed" });
    const needed = el("span", { class: "resolver__needed", "data-region": "needed", "aria-live": "polite" });
    const note = el("p", { class: "resolver__keypad-note", role: "status", "data-region": "keypad-note" });
    const faces = () => (Array.isArray(getPath(this.values, path)) ? [...getPath(this.values, path)] : []);
    const update = (list) => {
      note.textContent = "";
      if (this.seedInput) this.setQuiet(this.seedInput.path, null);
      this.followOutcome = true; // the last die brings the outcome into view
      this.set(path, list);
    };
    const add = (face) => {
      const list = faces();
      const need = this.diceNeeded[name];
      const most = need ?? spec.high ?? Infinity;
      if (list.length >= most) {
        note.textContent = `${spec.label}: ${most === 1 ? "the 1 die is" : `all ${most} dice are`} typed already. Press ⌫ or Clear to change one.`;
        return;
      }
      update([...list, face]);
    };
    const pad = el(
      "fieldset",
      { class: "resolver__keypad", "data-faces": name, "data-name": name },
      el("legend", {}, el("span", { text: spec.label }), " ", needed),
      typed,
      el("div", { class: "resolver__keys" },
        [1, 2, 3, 4, 5, 6].map((face) => el("button", { type: "button", "aria-label": `Die ${face}`, "data-face": face, text: String(face), onclick: () => add(face) })),
        el("button", { type: "button", "aria-label": "Backspace", text: "⌫", onclick: () => update(faces().slice(0, -1)) }),
        el("button", { type: "button", "aria-label": "Clear", text: "Clear", onclick: () => update([]) }),
      ),
      note,
    );
    // "ram_macro_dice" is the macro_dice of the roll answered as roll.ram (faces_inputs' prefixes)
    const leaf = path[path.length - 1];
    const [, prefix, key] = /^(.*?)(macro_dice|set_aside|dice)$/.exec(leaf) || [null, leaf, leaf];
    this.faceInputs.push({ name, path, typed, needed, note, pad, prefix, key, optional: Boolean(spec.optional) });
    return pad;
  }

  rollForMe() {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
    for (const f of this.faceInputs) {
      setPath(this.values, f.path, []);
      f.note.textContent = "";
    }
    this.followOutcome = true;
    if (this.seedInput) {
      this.seedInput.input.value = seed;
      this.set(this.seedInput.path, seed);
    }
  }

  /** The declared input at a path (groups' parts included). */
  specAt(path) {
    let specs = this.declaration.inputs;
    let spec = null;
    for (const name of path) {
      spec = (specs || []).find((candidate) => candidate.name === name) || null;
      specs = spec && spec.parts;
    }
    return spec;
  }

  /** The label a player hears for the input at a path: a ship's number names the ship ("Target: Structure left"). */
  labelAt(path) {
    const spec = this.specAt(path);
    const owner = path.length > 1 ? this.specAt(path.slice(0, -1)) : null;
    return owner && owner.kind === "ship" ? `${owner.label}: ${spec.label}` : spec.label;
  }

  /** The resolution as plain text for a chat: where, the headline, the dice (those the site rolled marked), what was
   * entered, and the link. */
  resultText() {
    const [game, version] = this.id.split("/");
    const where = game === "jovian-wars" ? `Jovian Wars ${version}` : game === "war-galley" ? "War Galley" : "Dice";
    const headline = this.outcomeRegion.querySelector(".resolver__headline")?.textContent || "Not resolved yet: no dice entered.";
    const inputs = this.requestInputs();
    const lines = [`${this.declaration.title} (${where})`, headline];
    const dice = this.faceInputs
      .filter((f) => !f.pad.hidden)
      .map((f) => {
        const typed = getPath(inputs, f.path) || [];
        const shown = typed.length ? typed.join(" ") : f.needed.textContent.endsWith("rolled") ? `${f.typed.textContent} (rolled by the site)` : "";
        return shown && `${this.specAt(f.path).label}: ${shown}`;
      })
      .filter(Boolean);
    if (dice.length) lines.push(`Dice: ${dice.join("; ")}`);
    const entered = [...this.entered]
      .map((path) => [this.specAt(path.split(".")), getPath(inputs, path.split(".")), path.split(".")])
      .filter(([spec, value]) => spec && spec.kind !== "faces" && spec.kind !== "seed" && value !== undefined)
      .map(([spec, value, path]) => `${this.labelAt(path)} ${spec.kind === "bool" ? (value ? "yes" : "no") : value}`);
    if (entered.length) lines.push(`Entered: ${entered.join("; ")}`);
    lines.push(shareUrl(this.id, this.declaration.inputs, inputs));
    return lines.join("\n");
  }

  async copyText() {
    const text = this.resultText();
    try {
      await navigator.clipboard.writeText(text);
      this.shared.textContent = "Copied as text: paste it into a chat.";
    } catch {
      const box = el("textarea", { readonly: true, rows: 5, "aria-label": "This resolution as text", onfocus: (e) => e.target.select() });
      box.value = text;
      this.shared.replaceChildren("Copy this text: ", box);
    }
  }

  async shareLink() {
    const url = shareUrl(this.id, this.declaration.inputs, this.requestInputs()); // what was entered, so the link reopens it as entered
    if (navigator.share) {
      try {
        await navigator.share({ title: this.declaration.title, url });
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // the player closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      this.shared.textContent = "Link copied: paste it to share this resolution.";
    } catch {
      this.shared.replaceChildren("Copy this link: ", el("input", { type: "text", readonly: true, value: url, "aria-label": "Link to this resolution", onfocus: (e) => e.target.select() }));
    }
  }

  setQuiet(path, value) {
    setPath(this.values, path, value);
    if (this.seedInput && path.join(".") === this.seedInput.path.join(".")) this.seedInput.input.value = value ?? "";
  }

  set(path, value) {
    this.setMany([[path, value]]);
  }

  /** Several inputs changed at once (a ship picked from the fleet): one link update, one request. */
  setMany(pairs) {
    for (const [path, value] of pairs) {
      setPath(this.values, path, value);
      this.entered.add(path.join("."));
    }
    this.shared.textContent = "";
    this.linkNote.textContent = "";
    writeState(this.id, this.declaration.inputs, this.requestInputs());
    this.showDependents();
    this.refresh();
  }

  /** Hide the inputs that do not apply to the current choice (e.g. Squadron-only ones while a Capital Ship rams). */
  showDependents() {
    for (const d of this.dependents) d.node.hidden = String(getPath(this.values, d.path)) !== d.value;
  }

  // -- asking the engine --

  oddsInputs(values) {
    const copy = this.requestInputs(values);
    for (const spec of this.declaration.inputs) if (spec.kind === "faces" || spec.kind === "seed") delete copy[spec.name];
    return copy;
  }

  // What the engine is asked: only what was entered (a link's inputs, or changed on the form), so the engine takes the
  // rest as defaults and says so instead of reporting a default as a fact; typed dice and the seed when given.
  requestInputs(values = this.values) {
    const inputs = {};
    const send = (path) => {
      const value = getPath(values, path);
      if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) setPath(inputs, path, structuredClone(value));
    };
    for (const path of this.entered || []) send(path.split("."));
    for (const f of this.faceInputs) send(f.path);
    if (this.seedInput) send(this.seedInput.path);
    return inputs;
  }

  /** One request on this widget's own channel per type: a newer one supersedes an older waiting one. */
  ask(type, inputs) {
    return this.engine.request(type, this.id, inputs, { channel: `${this.id}#${this.uid}:${type}` });
  }

  async refresh() {
    if (!this.live) return;
    const generation = ++this.generation;
    const inputs = this.requestInputs();
    for (const f of this.faceInputs) f.typed.textContent = (getPath(inputs, f.path) || []).join(" ") || "—";
    this.showCounts();
    const jobs = [];
    // describe() checks every input, typed faces included: a bad die is reported before the pool is complete.
    if (this.faceInputs.length) jobs.push(this.ask("describe", inputs).then((a) => ["describe", a]));
    if (this.declaration.has_odds) {
      const key = JSON.stringify(this.oddsInputs(this.values));
      // Asked once live even at the defaults (the engine confirms the build's numbers); then on change.
      if (key !== this.oddsKey || !this.oddsRegion.dataset.live) {
        if (key !== this.oddsKey) this.oddsRegion.setAttribute("aria-busy", "true"); // never odds of older inputs beside newer ones
        jobs.push(this.ask("odds", this.oddsInputs(this.values)).then((a) => ["odds", a, key]));
      }
    }
    const answers = await Promise.all(jobs);
    if (generation !== this.generation || answers.some(([, a]) => a.superseded)) return;
    for (const [kind, answer, key] of answers) {
      if (answer.error) return this.showError(answer);
      if (kind === "describe") this.showNeeded(answer.result.dice_needed || {});
      if (kind === "odds") {
        this.oddsKey = key;
        this.oddsRegion.removeAttribute("aria-busy");
        const exact = this.oddsRegion.classList.contains("resolver__odds--exact");
        this.oddsRegion.replaceChildren(...renderCharts(answer.result.charts, answer.result.checks));
        this.oddsRegion.querySelector(".resolver__fractions").setAttribute("aria-pressed", String(exact));
        this.oddsRegion.dataset.live = "true";
        if (answer.result.charts.length && this.glance) this.glance.replaceChildren(...renderGlance(answer.result.charts[0]));
        else if (this.glance) this.glance.textContent = noOddsText(answer.result.checks); // never the odds of earlier inputs
        this.charts = answer.result.charts;
        markFirstAnswer();
      }
    }
    if (!this.readyToResolve(inputs)) {
      this.clearError();
      this.outcomeRegion.replaceChildren(el("p", { class: "resolver__hint", text: this.hint() }));
      delete this.outcomeRegion.dataset.resolved;
      this.showNow(null);
      return;
    }
    const answer = await this.ask("resolve", inputs);
    if (generation !== this.generation || answer.superseded) return;
    if (answer.error) return this.showError(answer);
    this.clearError();
    this.outcomeRegion.replaceChildren(...renderOutcome(answer.result));
    this.outcomeRegion.dataset.resolved = JSON.stringify(inputs);
    offerApply(this, answer.result, inputs);
    this.showNow((answer.result.outcome && answer.result.outcome.headline) || null);
    if (!this.declaration.has_odds && this.glance) this.glance.textContent = (answer.result.outcome && answer.result.outcome.headline) || "";
    this.showRolled(answer.result.roll, inputs);
    if (this.followOutcome) {
      this.followOutcome = false;
      this.outcomeRegion.querySelector(".resolver__headline").scrollIntoView({ block: "center" });
    }
    markFirstAnswer();
  }

  /** The sticky headline: what happened (once resolved), else the odds at a glance, else the static glance. */
  showNow(headline) {
    if (headline) this.nowRegion.textContent = headline;
    else if (this.charts && this.charts.length) this.nowRegion.replaceChildren(...renderNow(this.charts));
    else this.nowRegion.textContent = this.glance ? this.glance.textContent : "";
  }

  /** "Roll for me": the faces the engine rolled, shown on the keypads (the typed values stay empty). */
  showRolled(roll, inputs) {
    const prefixes = [...new Set(this.faceInputs.map((f) => f.prefix))];
    const rolls = rollsByPrefix(roll, prefixes);
    for (const f of this.faceInputs) {
      if ((getPath(inputs, f.path) || []).length) continue;
      const rolled = rolls[f.prefix] && rolls[f.prefix][f.key];
      if (Array.isArray(rolled) && rolled.length) {
        f.typed.textContent = rolled.join(" ");
        f.needed.textContent = `${rolled.length} rolled`;
      }
    }
  }

  // Resolve once a seed is set, or every keypad is complete, or left empty where it may be
  // (an optional keypad: the automatic choice or the stated result stands in; or no dice needed).
  readyToResolve(inputs) {
    if (this.seedInput && getPath(inputs, this.seedInput.path) != null) return true;
    if (!this.faceInputs.length) return !this.declaration.has_odds || !this.seedInput;
    return this.faceInputs.every((f) => {
      const typed = getPath(inputs, f.path) || [];
      const need = this.diceNeeded[f.name];
      if (typed.length === 0 && (f.optional || need === 0)) return true;
      return need === undefined ? typed.length > 0 : typed.length === need;
    });
  }

  hint() {
    if (!this.faceInputs.length) return "Press “Roll for me” to resolve one case.";
    return "Type the dice you rolled on the keypads, or press “Roll for me”.";
  }

  showNeeded(needed) {
    this.diceNeeded = needed;
    for (const f of this.faceInputs) {
      // A keypad for no dice (macro 0, no flex) is hidden unless something typed there needs clearing.
      f.pad.hidden = needed[f.name] === 0 && !(getPath(this.values, f.path) || []).length;
    }
    this.showCounts();
  }

  /** "2 of 3" on each keypad. */
  showCounts() {
    for (const f of this.faceInputs) {
      const n = this.diceNeeded[f.name];
      const typed = (getPath(this.values, f.path) || []).length;
      f.needed.textContent = n === undefined ? (typed ? `${typed} typed` : "") : `${typed} of ${n}`;
    }
  }

  clearError() {
    this.errorRegion.textContent = "";
    this.topErrorSlot.append(this.errorRegion);
    for (const node of this.root.querySelectorAll("[aria-invalid]")) {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    }
    if (this.status.dataset.sticky) {
      delete this.status.dataset.sticky;
      this.showEngine(this.engine.state, this.engine.error);
    }
  }

  /** The message at the input it names (its own label is in it), else at the top of the widget. */
  showError(answer) {
    this.clearError();
    this.oddsRegion.removeAttribute("aria-busy");
    this.errorRegion.textContent = answer.error;
    if (answer.timedOut) {
      this.status.dataset.sticky = "true";
      this.status.textContent = `This request ${answer.error}.`;
    }
    const field = typeof answer.field === "string" && answer.field ? this.body.querySelector(`[data-name="${CSS.escape(answer.field)}"]`) : null;
    const holder = field && field.closest(".resolver__field, fieldset");
    if (holder && !holder.closest("[hidden]")) {
      for (let fold = holder.closest("details:not(.resolver__body)"); fold; fold = fold.parentElement.closest("details:not(.resolver__body)")) fold.open = true;
      holder.append(this.errorRegion);
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", this.errorRegion.id);
    }
    this.outcomeRegion.replaceChildren();
    delete this.outcomeRegion.dataset.resolved;
  }
}

// ---- Mounting: when opened, or scrolled near ------------------------------------------------

/** A node the parser has moved past (it, or an ancestor, has a next sibling): its subtree is whole. */
function parsed(node) {
  if (document.readyState !== "loading") return true;
  for (let n = node; n; n = n.parentNode) if (n.nextSibling) return true;
  return false;
}

/** Open a block's widget when its Resolve is tapped, from the moment main.js runs (often while the
 * page still parses) and across instant navigation: listeners on the document, in the capture
 * phase. The tap's click opens it at once (keys on a summary click it too): the toggle event that
 * follows is queued behind the page's loading work, a third of a second on a phone. Any other
 * opening is heard as a toggle. A block the parser has not finished is opened by mountAll. */
export function hearOpens() {
  const openWidget = (body) => {
    const root = body.closest("[data-resolver]");
    if (root && root.dataset.describe && parsed(root)) safely(root, () => (root.widget ??= new Widget(root)).open());
  };
  document.addEventListener(
    "click",
    (event) => {
      const summary = event.target instanceof Element && event.target.closest("summary.resolver__open");
      if (summary && !summary.parentElement.open) openWidget(summary.parentElement);
    },
    true,
  );
  document.addEventListener(
    "toggle",
    (event) => {
      const body = event.target;
      if (body instanceof HTMLDetailsElement && body.open && body.matches("details.resolver__body")) openWidget(body);
    },
    true,
  );
  document.documentElement.dataset.resolvers = "listening"; // scripts/bench_browser.py taps from then on
}

const NEAR = "600px 0px"; // prepare the form a little before the block scrolls into view

/** Run `work` when the main thread is idle (within 3 s at the latest): what no first answer needs. */
export const whenIdle = (work) => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 0));

/** Take over every resolver block on the current page (called on each document$ emission).
 * A block named by the link's fragment opens at once; the others draw when opened or near. */
export function mountAll(scope = document) {
  const roots = [...scope.querySelectorAll("[data-resolver]:not([data-mounted])")];
  const near = "IntersectionObserver" in window
    ? new IntersectionObserver((entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          whenIdle(() => safely(entry.target, () => entry.target.widget.prepare())); // a tap on Resolve prepares it at once anyway
        }
      }, { rootMargin: NEAR })
    : null;
  for (const root of roots) {
    safely(root, () => {
      const widget = (root.widget ??= new Widget(root));
      if (!widget.body || !root.dataset.describe) return;
      if (hasState(widget.id) || widget.body.open) {
        // A link's state, or a reader who tapped Resolve before this script ran (its toggle went unheard).
        widget.body.open = true;
        widget.open();
      } else if (near) near.observe(root);
      else widget.prepare();
    });
  }
  return Promise.resolve();
}

/** Run one widget's work so that its failure stays its own: the block says so, the page's other widgets go on. */
function safely(root, work) {
  try {
    work();
  } catch (error) {
    console.error(error);
    root.dataset.broken = "";
    const note = root.querySelector(".resolver__broken") || root.appendChild(el("p", { class: "resolver__broken", role: "alert" }));
    note.textContent = "This resolver could not start here; the rest of the page works. Reloading the page without its link may help.";
  }
}
