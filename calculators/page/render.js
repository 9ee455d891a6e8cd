// What the widget shows, region by region: the odds (drawn by odds-charts.js), the glance and the sticky "now" line, the
// outcome of a resolution (outcome.js), an error at the input it names, the engine's status, the dice on the keypads
// (keypad-dice.js), and the resolution shared as a link or as text (share-note.js). It asks nothing (requests.js does)
// and changes no value (form-state.js does). The DOM hooks are listed at the top of widget.js.

import { el, nextId } from "./dom.js";
import { noOddsText, renderCharts, renderGlance, renderNow, toggleFractions } from "./odds-charts.js";
import { renderOutcome } from "./outcome.js";
import { showDiceNeeded, showRolledDice, showTypedDice } from "./keypad-dice.js";
import { copyText, shareLink } from "./share-note.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 * @typedef {import("./requests.js").Answer} Answer
 * @typedef {import("./odds-charts.js").Chart} Chart
 * @typedef {import("./outcome.js").Check} Check
 * @typedef {import("./outcome.js").Resolution} Resolution
 */

// The benchmark (scripts/bench/bench_browser.py) reads this mark: the first live answer of a document.
function markFirstAnswer() {
  if (!performance.getEntriesByName("rules:first-answer").length) performance.mark("rules:first-answer");
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
    this.outcomeRegion.addEventListener("click", (event) => this.changeAssumed(event));
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
    else this.status.textContent = "";
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
    showTypedDice(form, inputs);
  }

  /** The dice each keypad needs changed (describe's answer, in form.diceNeeded). @param {Form} form */
  showNeeded(form) {
    showDiceNeeded(form);
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

  /** Not enough entered to resolve: what to do next, in place of an outcome. Once resolved, a change that leaves a
   * keypad short (an input changed the dice it needs) says which die is missing, in the sticky line too: the answer's
   * place says it while the changed input is in view. @param {string} text @param {string} missing "" if none */
  showHint(text, missing = "") {
    this.clearError();
    const afterAnswer = Boolean(missing) && Boolean(this.outcomeRegion.dataset.resolved || this.outcomeRegion.dataset.missing);
    const said = afterAnswer ? `Not resolved: ${missing}. Type them, or press “Roll for me”.` : text;
    this.outcomeRegion.replaceChildren(el("p", { class: "resolver__hint", text: said }));
    delete this.outcomeRegion.dataset.resolved;
    if (afterAnswer) this.outcomeRegion.dataset.missing = "true";
    else delete this.outcomeRegion.dataset.missing;
    if (afterAnswer) this.nowRegion.textContent = said;
    else this.showNow(null);
  }

  /** A node that belongs under the answer (Apply to the fleet): before the folded steps, so it is in the first screen.
   * @param {HTMLElement} node */
  placeUnderAnswer(node) {
    const steps = this.outcomeRegion.querySelector(".resolver__stages, .resolver__steps");
    if (steps) steps.before(node);
    else this.outcomeRegion.append(node);
  }

  /** A tap on a default the headline names ("+1 side arc") changes that input (`changeControl`). @param {Event} event */
  changeAssumed(event) {
    const tap = event.target instanceof Element && event.target.closest("[data-assumed]");
    const control = tap && this.body.querySelector(`[data-name="${CSS.escape(tap.getAttribute("data-assumed") || "")}"]`);
    if (control instanceof HTMLElement) changeControl(control);
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
    delete this.outcomeRegion.dataset.missing;
    this.showNow(headline || null);
    if (!hasOdds && this.glance) this.glance.textContent = headline;
    showRolledDice(result.roll, inputs, form);
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

  clearError() {
    this.errorRegion.textContent = "";
    this.topErrorSlot.append(this.errorRegion);
    for (const node of this.root.querySelectorAll("[aria-invalid]")) {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    }
  }

  /** The message at the input it names (its own label is in it), else at the top of the widget. @param {Answer} answer */
  showError(answer) {
    this.clearError();
    this.oddsRegion.removeAttribute("aria-busy");
    this.errorRegion.textContent = answer.error || "";
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
  copyText(text) {
    return copyText(this.shared, text);
  }

  /** The phone's share sheet, else copy the link, else show it to copy by hand. @param {string} title @param {string} url */
  shareLink(title, url) {
    return shareLink(this.shared, title, url);
  }
}

/** Change a control a tap asked to change: a switch is flipped; any other control is brought into view (its folds
 * opened) with the focus on it, a choice with its list open where the browser allows it, a number selected and taken
 * as entered when the focus leaves it. @param {HTMLElement} control */
function changeControl(control) {
  if (control instanceof HTMLInputElement && control.type === "checkbox") return control.click();
  for (let fold = control.closest("details:not(.resolver__body)"); fold; fold = fold.parentElement && fold.parentElement.closest("details:not(.resolver__body)")) /** @type {HTMLDetailsElement} */ (fold).open = true;
  control.focus();
  if (control instanceof HTMLInputElement && control.type === "number") {
    // A number: selected, so a digit typed replaces it; left as it is, the default is the player's own (no change
    // event fires for a value that did not change, and the headline would name it as not entered for ever).
    control.select();
    control.addEventListener("blur", () => control.dispatchEvent(new Event("change")), { once: true });
    return;
  }
  if (!(control instanceof HTMLSelectElement)) return;
  try {
    control.showPicker();
  } catch {
    // a browser without it, or refusing it here: the focused choice is one more tap away
  }
}
