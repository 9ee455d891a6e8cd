// What the widget shows: the odds (scripts/build/resolver_html.py writes the same markup at build time), the glance
// and the sticky "now" line, the outcome of a resolution, an error at the input it names, the engine's status, the
// dice counts on the keypads, and the resolution shared as a link or as text. It asks nothing (requests.js does) and
// changes no value (form-state.js does). The DOM hooks are listed at the top of widget.js.

import { getPath } from "./paths.js";
import { isNamed } from "./input-check.js";
import { el, nextId } from "./dom.js";
import { showDigits } from "./dice-digits.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 * @typedef {import("./form-state.js").InputSpec} InputSpec
 * @typedef {import("./requests.js").Answer} Answer
 * @typedef {{label: string, p: string}} ChartRow  p: a reduced fraction "p/q"
 * @typedef {{title: string, rows: ChartRow[]}} Chart
 * @typedef {{label: string, ok: boolean, detail?: string, entered?: boolean}} Check
 * @typedef {{outcome?: {headline?: string}, checks?: Check[], steps?: string[], roll?: any}} Resolution
 */

/** A reduced "p/q" as a percentage with one decimal, as the build prints it. @param {string} p */
export function percent(p) {
  const [num, den] = p.split("/").map(BigInt);
  const tenths = (num * 2000n + den) / (2n * den); // round half up, in exact integers
  return `${tenths / 10n}.${tenths % 10n}%`;
}

const canHappen = (/** @type {ChartRow} */ row) => !/^0\//.test(row.p);

/** Why there are no odds: the requirement's failing checks (the engine sends no charts for an action not taken). @param {Check[] | undefined} checks */
export function noOddsText(checks) {
  const failing = (checks || []).filter((c) => !c.ok);
  return failing.length ? `No odds: the requirement is not met (${failing.map((c) => `${c.label}: ${c.detail}`).join("; ")}).` : "";
}

/** @param {Chart[]} charts @param {Check[] | undefined} checks */
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

/** @param {Event} event */
function toggleFractions(event) {
  const button = event.target instanceof Element && event.target.closest(".resolver__fractions");
  const region = /** @type {HTMLElement} */ (event.currentTarget);
  if (!button) return;
  const shown = region.classList.toggle("resolver__odds--exact");
  for (const b of region.querySelectorAll(".resolver__fractions")) b.setAttribute("aria-pressed", String(shown));
}

/** The glance: the first chart's rows that can happen, percentage first. @param {Chart} chart */
function renderGlance(chart) {
  const rows = chart.rows.filter(canHappen).slice(0, 3);
  return [el("span", { class: "resolver__glance-title", text: `${chart.title}: ` }),
    ...rows.map((row, i) => el("span", { class: "resolver__glance-row" }, i ? "; " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`))];
}

/** The odds in one line: each model's fate where the resolver charts fates ("Target: fate"), else the first chart. @param {Chart[]} charts */
function renderNow(charts) {
  const fates = charts.filter((chart) => /: fate$/.test(chart.title));
  if (!fates.length) return renderGlance(charts[0]);
  return fates.map((chart, i) => {
    const rows = chart.rows.filter(canHappen).slice(0, 2);
    return el("span", { class: "resolver__now-fate" }, i ? " · " : "", `${chart.title.replace(/: fate$/, "")}: `,
      ...rows.map((row, j) => el("span", {}, j ? ", " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`)));
  });
}

/** ✔ holds, ✘ fails, ? judged on a default the player has not entered yet (the detail says so). @param {Check} check */
function checkMark(check) {
  return check.entered === false ? "?" : check.ok ? "✔" : "✘";
}

/** @param {Resolution} answer */
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
    (answer.steps || []).length ? el("ol", { class: "resolver__steps" }, (answer.steps || []).map((s) => el("li", { text: s }))) : null,
  ].filter((node) => node !== null);
}

/** Each resolved roll of an answer, by the roll input it answers (FaceInput.roll). @param {any} roll @param {string[]} names */
function rollsByName(roll, names) {
  if (!roll || typeof roll !== "object") return {};
  if (Array.isArray(roll.dice) && names.length === 1) return { [names[0]]: roll };
  // a roll at the top answers the roll input "roll"; rolls under its keys answer the roll of that name, of those
  // initials (point_defense: "pd") or that name and more ("skill": "skill_roll"; "damage": the keypad "damage_dice")
  /** @type {Record<string, any>} */
  const found = Array.isArray(roll.dice) && names.includes("roll") ? { roll } : {};
  for (const [key, value] of Object.entries(roll)) {
    const initials = key.split("_").map((word) => word[0]).join("");
    const name = names.find((n) => n === key) ?? names.find((n) => n === initials) ?? names.find((n) => n.startsWith(`${key}_`));
    if (name !== undefined && value && Array.isArray(value.dice)) found[name] = value;
  }
  return found;
}

// The benchmark (scripts/bench/bench_browser.py) reads this mark: the first live answer of a document.
function markFirstAnswer() {
  if (!performance.getEntriesByName("rules:first-answer").length) performance.mark("rules:first-answer");
}

/** The value an input starts from: a picked fleet ship's card ("Defense boxes left" starts at its card's Defense, the
 * starting Structure at its card's Structure), else the resolver's default. @param {Form} form @param {string[]} path @param {InputSpec} spec */
function startOf(form, path, spec) {
  const ship = path.length > 1 ? form.fleetPicks.get(path.slice(0, -1).join(".")) : null;
  const card = ship && ship.card ? (spec.name === "start_structure" ? ship.card.structure : ship.card[spec.name]) : undefined;
  return card ?? spec.default;
}

/** The inputs sent that differ from where they start (startOf), one line each in the declaration's order, a ship's or
 * a roll's part after it: "Ramming ship · Defense boxes left: 4". The dice and the seed are not among them.
 * @param {Form} form @param {Values} inputs */
export function changedLines(form, inputs) {
  /** @type {string[]} */
  const lines = [];
  const walk = (/** @type {InputSpec[]} */ specs, /** @type {string[]} */ at, /** @type {string} */ heading) => {
    for (const spec of specs) {
      const path = [...at, spec.name];
      if (spec.when && String(getPath(form.values, [...at, spec.when[0]])) !== spec.when[1]) continue; // does not apply
      if (spec.parts) walk(spec.parts, path, isNamed(spec) ? `${heading}${spec.label} · ` : heading);
      const value = getPath(inputs, path);
      if (spec.parts || spec.kind === "faces" || spec.kind === "seed" || value === undefined || value === startOf(form, path, spec)) continue;
      lines.push(`${heading}${spec.label}: ${spec.kind === "bool" ? (value ? "on" : "off") : value}`);
    }
  };
  walk(form.declaration.inputs, [], "");
  return lines;
}

/**
 * The resolution as plain text for a chat: where, the headline, the dice (those the site rolled marked), the inputs
 * that differ from where they start (changedLines), one per line, and the link (`url`).
 * @param {string} id the resolver's id @param {Form} form @param {Values} inputs @param {string | null} headline @param {string} url
 */
export function resultText(id, form, inputs, headline, url) {
  const [game, version] = id.split("/");
  const where = game === "jovian-wars" ? `Jovian Wars ${version}` : game === "war-galley" ? "War Galley" : "Dice";
  const lines = [`${form.declaration.title} (${where})`, headline || "Not resolved yet: no dice entered."];
  const dice = form.faceInputs
    .filter((f) => !f.pad.hidden)
    .map((f) => {
      const typed = getPath(inputs, f.path) || [];
      const shown = typed.length ? typed.join(" ") : (f.needed.textContent || "").endsWith("rolled") ? `${f.typed.textContent} (rolled by the site)` : "";
      return shown && `${form.labelAt(f.path)}: ${shown}`;
    })
    .filter(Boolean);
  if (dice.length) lines.push(`Dice: ${dice.join("; ")}`);
  lines.push(...changedLines(form, inputs), url);
  return lines.join("\n");
}

/** A widget's regions, and everything drawn in them. */
export class View {
  /**
   * Take over the regions the build wrote (static odds, a static outcome) or make them.
   * @param {HTMLElement} root the widget root @param {{state: string, error: string | null, retry: () => void}} engine
   */
  constructor(root, engine) {
    this.root = root;
    this.engine = engine;
    this.body = /** @type {HTMLDetailsElement} */ (root.querySelector("details.resolver__body"));
    /** @type {HTMLElement | null} */
    this.glance = root.querySelector('[data-region="glance"]');
    /** @type {Chart[] | null} the engine's charts, once it drew them */
    this.charts = null;
    this.followOutcome = false; // bring the next outcome into view (a shared link, the last die typed)
    this.static = this.body.querySelector(".resolver__static");
    /** @type {HTMLElement | null} */
    const staticOdds = this.static && this.static.querySelector('[data-region="odds"]');
    const staticOutcome = this.static && this.static.querySelector('[data-region="outcome"]');
    this.oddsRegion = staticOdds || el("div", { class: "resolver__odds", "data-region": "odds" });
    this.oddsRegion.addEventListener("click", toggleFractions);
    this.outcomeRegion = el("div", { class: "resolver__outcome", role: "status", "aria-live": "polite", "data-region": "outcome" });
    if (staticOutcome) this.outcomeRegion.append(...staticOutcome.childNodes);
    this.status = el("p", { class: "resolver__status", "data-region": "status" });
    this.linkNote = el("p", { class: "resolver__link-note", role: "status", "data-region": "link-note" });
    this.stepNote = el("p", { class: "resolver__step", role: "status", "data-region": "step" });
    this.errorRegion = el("p", { class: "resolver__error", role: "alert", "data-region": "error", id: nextId("error") });
    this.topErrorSlot = el("div", { class: "resolver__error-slot" }, this.errorRegion);
    // The answer first: a compact headline that stays in view (sticky) while the inputs below it change.
    this.nowRegion = el("p", { class: "resolver__now", "data-region": "now", "aria-hidden": "true" });
    this.shared = el("p", { class: "resolver__shared", role: "status", "data-region": "shared" });
  }

  /** The engine's odds are on the page (not only the build's). */
  get oddsLive() {
    return Boolean(this.oddsRegion.dataset.live);
  }

  /** The outcome's headline as shown, if any. */
  get headline() {
    return this.outcomeRegion.querySelector(".resolver__headline")?.textContent || null;
  }

  /** @param {string} state the engine's state @param {string | null} error why it failed */
  showEngine(state, error) {
    this.root.dataset.engine = state;
    if (state === "loading") this.status.textContent = "Loading the rules engine… the odds below are for the default inputs, computed when the site was built.";
    else if (state === "error") {
      // Every waiting widget says why and offers the retry (the engine also retries by itself, bounded).
      this.status.textContent = `The live resolver is unavailable: ${error}. The odds below are for the default inputs, computed when the site was built. `;
      this.status.append(el("button", { type: "button", "data-region": "retry", text: "Try again", onclick: () => this.engine.retry() }));
    }
    else if (!this.status.dataset.sticky) this.status.textContent = "";
  }

  /** What a link carried that could not be used, or nothing. @param {string[]} notes */
  showLinkNotes(notes) {
    this.linkNote.textContent = notes.join(" ");
  }

  /** An input changed: what was said of the earlier inputs (a link's notes, "Link copied") no longer holds. */
  inputsChanged() {
    this.shared.textContent = "";
    this.linkNote.textContent = "";
  }

  /** The faces typed on each keypad, and "2 of 3". @param {Form} form @param {Values} inputs */
  showTyped(form, inputs) {
    for (const f of form.faceInputs) {
      f.typed.textContent = (getPath(inputs, f.path) || []).join(" ") || "—";
      showDigits(f.digits, getPath(inputs, f.path) || []);
    }
    this.showCounts(form);
  }

  /** The dice each keypad needs changed (describe's answer, in form.diceNeeded). @param {Form} form */
  showNeeded(form) {
    for (const f of form.faceInputs) {
      if (form.inTurn.has(f.name)) continue; // shown when asked (Form.askRoll)
      // A keypad for no dice (macro 0, no flex) is hidden unless something typed there needs clearing.
      f.pad.hidden = form.diceNeeded[f.name] === 0 && !(getPath(form.values, f.path) || []).length;
    }
    form.optionalPads.hidden = form.faceInputs.every((f) => !form.optionalPads.contains(f.pad) || f.pad.hidden);
    form.showRolls();
    this.showCounts(form);
  }

  /** "2 of 3" on each keypad. @param {Form} form */
  showCounts(form) {
    for (const f of form.faceInputs) {
      const n = form.mostDice(f.name);
      const typed = (getPath(form.values, f.path) || []).length;
      f.needed.textContent = n === undefined ? (typed ? `${typed} typed` : "") : `${typed} of ${n}`;
    }
  }

  /** New odds are asked: never odds of older inputs beside newer ones. */
  oddsBusy() {
    this.oddsRegion.setAttribute("aria-busy", "true");
  }

  /** The engine's odds: the charts, the glance. @param {{charts: Chart[], checks?: Check[]}} result */
  showOdds(result) {
    this.oddsRegion.removeAttribute("aria-busy");
    const exact = this.oddsRegion.classList.contains("resolver__odds--exact");
    this.oddsRegion.replaceChildren(...renderCharts(result.charts, result.checks));
    this.oddsRegion.querySelector(".resolver__fractions")?.setAttribute("aria-pressed", String(exact));
    this.oddsRegion.dataset.live = "true";
    if (result.charts.length && this.glance) this.glance.replaceChildren(...renderGlance(result.charts[0]));
    else if (this.glance) this.glance.textContent = noOddsText(result.checks); // never the odds of earlier inputs
    this.charts = result.charts;
    markFirstAnswer();
  }

  /** A flow's step ("Activation 2: …"), or nothing. @param {string} text */
  showStep(text) {
    this.stepNote.textContent = text;
  }

  /** Not enough entered to resolve: what to do next, in place of an outcome. @param {string} text */
  showHint(text) {
    this.clearError();
    this.outcomeRegion.replaceChildren(el("p", { class: "resolver__hint", text }));
    delete this.outcomeRegion.dataset.resolved;
    this.showNow(null);
  }

  /**
   * A resolution: its outcome (headline, checks, steps), the sticky headline, the dice the engine rolled on the
   * keypads. The one place a resolved answer is drawn.
   * @param {Resolution} result @param {Values} inputs what was resolved @param {Form} form @param {boolean} hasOdds
   */
  showResolved(result, inputs, form, hasOdds) {
    this.clearError();
    const headline = (result.outcome && result.outcome.headline) || "";
    this.outcomeRegion.replaceChildren(...renderOutcome(result));
    this.outcomeRegion.dataset.resolved = JSON.stringify(inputs);
    this.showNow(headline || null);
    if (!hasOdds && this.glance) this.glance.textContent = headline;
    this.showRolled(result.roll, inputs, form);
    if (this.followOutcome) {
      this.followOutcome = false;
      this.outcomeRegion.querySelector(".resolver__headline")?.scrollIntoView({ block: "center" });
    }
    markFirstAnswer();
  }

  /** The sticky headline: what happened (once resolved), else the odds at a glance, else the static glance. @param {string | null} headline */
  showNow(headline) {
    if (headline) this.nowRegion.textContent = headline;
    else if (this.charts && this.charts.length) this.nowRegion.replaceChildren(...renderNow(this.charts));
    else this.nowRegion.textContent = this.glance ? this.glance.textContent : "";
  }

  /** "Roll for me": the faces the engine rolled, shown on the keypads (the typed values stay empty). @param {any} roll @param {Values} inputs @param {Form} form */
  showRolled(roll, inputs, form) {
    const rolls = rollsByName(roll, [...new Set(form.faceInputs.map((f) => f.roll))]);
    for (const f of form.faceInputs) {
      if ((getPath(inputs, f.path) || []).length) continue;
      const rolled = rolls[f.roll] && rolls[f.roll][f.key];
      if (Array.isArray(rolled) && rolled.length) {
        f.typed.textContent = rolled.join(" ");
        f.needed.textContent = `${rolled.length} rolled`;
      }
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

  /** The message at the input it names (its own label is in it), else at the top of the widget. @param {Answer} answer */
  showError(answer) {
    this.clearError();
    this.oddsRegion.removeAttribute("aria-busy");
    this.errorRegion.textContent = answer.error || "";
    if (answer.timedOut) {
      this.status.dataset.sticky = "true";
      this.status.textContent = `This request ${answer.error}.`;
    }
    const field = typeof answer.field === "string" && answer.field ? this.body.querySelector(`[data-name="${CSS.escape(answer.field)}"]`) : null;
    const holder = field && field.closest(".resolver__field, fieldset");
    if (field && holder && !holder.closest("[hidden]")) {
      for (let fold = holder.closest("details:not(.resolver__body)"); fold; fold = fold.parentElement && fold.parentElement.closest("details:not(.resolver__body)")) /** @type {HTMLDetailsElement} */ (fold).open = true;
      holder.append(this.errorRegion);
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", this.errorRegion.id);
    }
    this.outcomeRegion.replaceChildren();
    delete this.outcomeRegion.dataset.resolved;
  }

  /** Copy the resolution as text, else show it to copy by hand. @param {string} text */
  async copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.shared.textContent = "Copied as text: paste it into a chat.";
    } catch {
      const box = /** @type {HTMLTextAreaElement} */ (el("textarea", { readonly: true, rows: 5, "aria-label": "This resolution as text", onfocus: (/** @type {Event} */ e) => /** @type {HTMLTextAreaElement} */ (e.target).select() }));
      box.value = text;
      this.shared.replaceChildren("Copy this text: ", box);
    }
  }

  /** The phone's share sheet, else copy the link, else show it to copy by hand. @param {string} title @param {string} url */
  async shareLink(title, url) {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (/** @type {{name?: string} | null} */ (error)?.name === "AbortError") return; // the player closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      this.shared.textContent = "Link copied: paste it to share this resolution.";
    } catch {
      this.shared.replaceChildren("Copy this link: ", el("input", { type: "text", readonly: true, value: url, "aria-label": "Link to this resolution", onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }));
    }
  }
}
