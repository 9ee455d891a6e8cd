// The one generic widget: draws any resolver from its describe() declaration.
//
// DOM hooks (stable; tests and other pages rely on them). The controls (form, keypads, ships) are drawn by
// form-state.js, the regions (odds, glance, now, outcome, error, status, share) by render.js:
//   html[data-resolvers="listening"] a Resolve tapped from now on is heard (hearOpens, often before the
//                                    page has parsed; scripts/bench/bench_browser.py taps from then on)
//   [data-resolver="<id>"]           the widget root (the build hook writes it with static odds)
//     data-engine                    "static" (no script) | "loading" | "ready" | "error"
//     data-mounted                   present once this script has drawn the block's form
//     .widget                        its Widget, made as the block comes near the view, takes focus, is opened or linked
//   assets/describe.json             every resolver's describe() JSON by id (title, inputs, has_odds), written at
//                                    build time (scripts/build/describe.py), read once per visit (requests.js declarationOf)
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
//              rarely changed numbers (Skill, System Traits, weapons, Armor) folded in details.resolver__ship-more
//     when     a control whose input does not apply to the current choice is hidden
//     more     rarely changed inputs and the seed sit in details.resolver__more ("More")
//     seed     <input type=number data-name=seed> labelled with the seed input's label
//   [data-region="odds"]    table.resolver__chart per chart, tr[data-p="p/q"] per row that can happen,
//                           td.resolver__percent first, th = label with its bar; the fractions show
//                           after the "Exact fractions" button; data-live="true" once the engine drew it
//   fieldset.resolver__roll-input[data-roll=<roll>]: one roll input, its steppers (if the player sets its pool) and
//                           its keypads; hidden whole ([data-empty]) while none of its keypads shows
//   fieldset.resolver__keypad[data-faces=<path>]: a keypad by its path ("ram.dice", or "random_dice" alone):
//                           buttons "Die 1".."Die 6", "Backspace", "Clear";
//                           [data-region="typed"] the faces typed (or rolled), [data-region="needed"]
//                           "2 of 3", [data-region="keypad-note"] why a die was refused
//   button "Roll for me"    picks a random seed (under "More"), the rolled faces show on the keypads
//   button[data-region="share"]  the phone's share sheet, else copies the link ([data-region="shared"] says so)
//   button[data-region="copy-text"] copies the resolution as plain text: headline, dice, each input that differs from
//                           the card (or the default), one per line, the link (result-text.js resultText)
//   [data-region="next-roll"]  a resolution from typed dice that stopped at a roll no keypad holds (the answer's
//                           next_roll, rules_core/turns.py): that roll's keypads alone (the resolver's in_turn keypads
//                           are shown only when asked, or once they hold dice), [data-region="next-roll-prompt"]
//                           "Next roll (4 of ?): Target: Catastrophic Damage Table, 1 die", the keyboard on its field,
//                           and a "Roll for me" for that roll alone (aria-label "Roll for me: <what it is for>")
//   [data-region="step"]    a carried flow's step: "Activation 2: it starts from the state the last one left."
//   button[data-region="carry"]  an outcome that goes on: "Go on to Boarded", "Next activation" (outcome.carry)
//   p[data-region="picked"]      a ship picked from the fleet, in one line; its pick folded in details.resolver__change
//   input[data-region="digits"]  a keypad's dice typed as digits (dice-digits.js)
//   [data-region="error"]   role=alert: the engine's message, placed at the input it names
//   [data-region="outcome"] role=status: .resolver__headline, ol.resolver__steps, ul.resolver__checks
//                           (li[data-ok=true|false]); data-resolved="<JSON of the inputs resolved>"; drawn above the
//                           form, "Apply to the fleet" under the headline; where the answer names a stage per step,
//                           [data-region="stages"] holds a details.resolver__stage[data-stage] per stage (its summary:
//                           the stage's name and last step), each with its ol.resolver__steps; a default the answer
//                           names (`assumed`) is a button.resolver__assumed[data-assumed=<input>] in the headline, its
//                           tap changes that input; data-missing while a change leaves a keypad short of its dice
//   [data-region="status"]  "Loading the rules engine…", "took longer than 2 s…", the engine's failure with its
//                           reason and a button[data-region="retry"] "Try again", or empty
//
// Watch, then mount: the form (form-state.js) writes its values; on each change `refresh()` asks the engine
// (requests.js) and hands each answer to the view (render.js). This file only wires the three and mounts the widgets.

import { getEngine } from "./engine.js";
import { hasState, shareUrl, writeState } from "./fragment.js";
import { fragmentTarget } from "./landing.js";
import { Form, startingValues } from "./form-state.js";
import { Requests, declarationOf, readDeclarations, requestInputs } from "./requests.js";
import { View } from "./render.js";
import { resultText } from "./result-text.js";
import { el } from "./dom.js";
import { offerApply } from "./apply-outcome.js";
import { missingDice } from "./keypad-dice.js";
import { playFromFleet } from "./fleet-play.js";
import { InputFolds } from "./input-folds.js";

/** More charts than this are folded in the open widget (the glance and the sticky headline carry the first). */
const MANY_CHARTS = 2;

// ---- The widget ----------------------------------------------------------------------------

export class Widget {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    this.id = root.dataset.resolver || "";
    this.engine = getEngine();
    this.body = /** @type {HTMLDetailsElement | null} */ (root.querySelector("details.resolver__body"));
    /** @type {Promise<void> | null} */
    this.preparing = null; // the form drawn, once its declaration is here
    this.live = false;
    this.step = 0; // the activation a carried flow is at (Boarded)
    /** @type {string[]} the steps of the activations carried from, shown before this one's */
    this.earlier = [];
    this.engineFailed = false;
    /** @type {Form | null} */
    this.form = null;
    /** @type {View | null} */
    this.view = null;
    /** @type {Requests | null} */
    this.requests = null;
    /** @type {InputFolds | null} */
    this.folds = null;
  }

  /** Draw the form inside the (still collapsed) body, once its declaration is here: no engine request yet. */
  prepare() {
    this.preparing ??= declarationOf(this.id).then((declaration) => this.draw(declaration), (error) => {
      this.preparing = null; // an open later asks again
      throw error;
    });
    return this.preparing;
  }

  /** @param {import("./form-state.js").Declaration} declaration */
  draw(declaration) {
    const start = startingValues(this.id, declaration.inputs);
    this.fromLink = start.fromLink;
    const view = (this.view = new View(this.root, this.engine));
    const form = (this.form = new Form(declaration, start.values, start.entered, {
      changed: () => this.changed(),
      follow: () => (view.followOutcome = true),
    }));
    this.requests = new Requests(this.engine, this.id, form);
    this.layout(form, view);
    const fleetNotes = playFromFleet(this); // opened from a fleet ship: that ship in place (fleet-play.js)
    view.showLinkNotes([...start.notes, ...fleetNotes]);
    view.showNow(view.headline);
    this.engine.watch((/** @type {string} */ state, /** @type {string | null} */ error) => this.showEngine(state, error));
    this.root.dataset.mounted = "";
  }

  /** The body's order: the inputs a player changes each roll, the dice, the outcome; then the odds; the rarely
   * changed inputs last. The build's static block is replaced in place (its odds and outcome taken over).
   * @param {Form} form @param {View} view */
  layout(form, view) {
    const actions = el("div", { class: "resolver__actions" });
    if (form.faceInputs.length || form.seedInput) actions.append(el("button", { type: "button", class: "resolver__roll", text: "Roll for me", onclick: () => form.rollForMe() }));
    const share = el("button", { type: "button", class: "resolver__share", "data-region": "share", text: "Share", onclick: () => this.shareLink() });
    const copyText = el("button", { type: "button", class: "resolver__share", "data-region": "copy-text", text: "Copy as text", onclick: () => this.copyText() });
    actions.append(share, copyText);
    // Many charts (the Ram's ten) are folded under one line: the sticky headline gives each ship's fate at a glance.
    const odds = view.oddsRegion.querySelectorAll(".resolver__chart").length > MANY_CHARTS
      ? el("details", { class: "resolver__odds-fold" }, el("summary", { text: "Odds of every outcome" }), view.oddsRegion)
      : view.oddsRegion;
    // The answer (its headline, Apply, the steps folded by stage) above the form: in the first screen once resolved.
    this.folds = new InputFolds(form); // once resolved, the form and the keypads fold to one line each
    const nodes = [view.nowRegion, view.status, view.linkNote, view.stepNote, view.topErrorSlot, view.outcomeRegion, ...this.folds.nodes, actions, view.shared, form.nextRoll, odds, form.moreIfAny()]
      .filter((node) => node !== null);
    const summary = view.body.querySelector(".resolver__summary") || view.body.querySelector("summary");
    if (view.static) view.static.replaceWith(...nodes);
    else summary?.after(...nodes);
  }

  /** The body is open: ask the engine. */
  async open() {
    await this.prepare();
    if (this.live || !this.view) return;
    this.live = true;
    this.view.followOutcome = Boolean(this.fromLink); // a shared link opens at its outcome
    this.refresh();
  }

  /** @param {string} state @param {string | null} error */
  showEngine(state, error) {
    // An engine that failed and then started on retry (engine.js): ask again with the current inputs.
    if (state === "error") this.engineFailed = true;
    else if (state === "ready" && this.engineFailed) (this.engineFailed = false), this.refresh();
    this.view?.showEngine(state, error);
  }

  /** The player changed an input: the link follows it, and the engine is asked again. */
  changed() {
    if (!this.form || !this.view) return;
    this.view.inputsChanged();
    writeState(this.id, this.form.declaration.inputs, requestInputs(this.form));
    this.refresh();
  }

  /** Ask the engine for the form's values now and show each answer as it comes (an older round's are dropped). */
  async refresh() {
    const { form, view, requests } = this;
    if (!this.live || !form || !view || !requests) return;
    const round = requests.round(view.oddsLive);
    view.showTyped(form, round.inputs);
    if (round.oddsStale) view.oddsBusy();
    const answers = await round.first();
    if (!answers) return;
    for (const [kind, answer] of answers) {
      if (answer.error) return view.showError(answer);
      if (kind === "describe") {
        form.setDiceNeeded(answer.result.dice_needed || {}, round.countsKey);
        view.showNeeded(form);
        if (form.reflowTypedAhead()) return this.changed(); // digits typed before the counts: on to their keypads
      }
      if (kind === "odds") {
        round.oddsShown();
        view.showOdds(answer.result);
      }
    }
    if (!round.ready && Object.keys(form.asking).length) return; // the roll asked is being typed: the steps so far stay
    if (!round.ready) {
      const missing = missingDice(form, round.inputs);
      if (missing) this.folds?.diceMissing(missing);
      return view.showHint(form.faceInputs.length ? "Type the dice you rolled on the keypads, or press “Roll for me”." : "Press “Roll for me” to resolve one case.", missing);
    }
    const answer = await round.resolve();
    if (!answer) return;
    if (answer.error) return view.showError(answer);
    const steps = answer.result.steps || [];
    view.showResolved({ ...answer.result, steps: withEarlier(steps, this.earlier) }, round.inputs, form, Boolean(form.declaration.has_odds));
    this.folds?.resolved(round.inputs, !answer.result.next_roll);
    form.askRoll(answer.result.next_roll || null);
    offerApply(this, answer.result, round.inputs);
    this.offerCarry(answer.result.outcome && answer.result.outcome.carry, steps);
  }

  /** An outcome that goes on (Board's survivors go aboard; a Boarded activation's state starts the next): one button,
   * where the resolver it goes to is on this page. @param {any} carry {to, label, inputs} from the engine
   * @param {string[]} steps this resolution's steps, kept before the next activation's */
  offerCarry(carry, steps) {
    if (!carry || typeof carry !== "object" || typeof carry.to !== "string" || typeof carry.label !== "string" || !this.view) return;
    const root = carry.to === this.id ? this.root : /** @type {HTMLElement | null} */ (document.querySelector(`[data-resolver="${CSS.escape(carry.to)}"]`));
    if (!root) return;
    const go = async () => {
      const target = widgetOf(root);
      if (target.body) target.body.open = true;
      await target.open();
      target.takeCarry(carry.inputs, target === this, steps);
      if (target !== this) root.scrollIntoView({ block: "start" });
    };
    this.view.outcomeRegion.append(el("button", { type: "button", class: "resolver__carry", "data-region": "carry", text: carry.label, onclick: go }));
  }

  /** Start from a carried state, the activations counted and their steps kept. @param {any} inputs
   * @param {boolean} next another activation of this one @param {string[]} steps the resolution carried from */
  takeCarry(inputs, next, steps) {
    if (!this.form || !this.view) return;
    this.step = next ? (this.step || 1) + 1 : 1;
    this.earlier = next ? [...this.earlier, ...activationSteps(steps)] : [];
    this.view.showStep(next ? `Activation ${this.step}: it starts from the state the last one left.` : "");
    this.folds?.newRound(); // its dice to type: the folds open
    this.form.takeCarry(inputs);
  }

  copyText() {
    if (!this.form || !this.view) return;
    const inputs = requestInputs(this.form);
    const url = shareUrl(this.id, this.form.declaration.inputs, inputs);
    return this.view.copyText(resultText(this.id, this.form, inputs, this.view.headline, url));
  }

  shareLink() {
    if (!this.form || !this.view) return;
    // what was entered, so the link reopens it as entered
    return this.view.shareLink(this.form.declaration.title, shareUrl(this.id, this.form.declaration.inputs, requestInputs(this.form)));
  }
}

/** Where a resolution's activations start: the engine's "Activation 3: Marines 1, Boarders 3: firefight." (the lines
 * before it, the requirement, are each resolution's own). @param {string[]} steps */
const firstActivation = (steps) => steps.findIndex((step) => /^Activation \d+: /.test(step));

/** A resolution's steps from its first activation on: what the next activation shows before its own. @param {string[]} steps */
const activationSteps = (steps) => (firstActivation(steps) < 0 ? [] : steps.slice(firstActivation(steps)));

/** A resolution's steps with the earlier activations' before its own activations. @param {string[]} steps @param {string[]} earlier */
function withEarlier(steps, earlier) {
  const first = firstActivation(steps);
  return first < 0 || !earlier.length ? steps : [...steps.slice(0, first), ...earlier, ...steps.slice(first)];
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
  const openWidget = (/** @type {Element} */ body) => {
    const root = /** @type {HTMLElement | null} */ (body.closest("[data-resolver]"));
    if (root && parsed(root)) safely(root, () => widgetOf(root).open());
  };
  document.addEventListener(
    "click",
    (event) => {
      const summary = event.target instanceof Element && event.target.closest("summary.resolver__open");
      const body = summary && summary.parentElement;
      if (body instanceof HTMLDetailsElement && !body.open) openWidget(body);
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
  // The keyboard reaches a block (its Resolve, a link in it) before it came near the view: make and draw it now.
  document.addEventListener(
    "focusin",
    (event) => {
      const root = event.target instanceof Element ? /** @type {HTMLElement | null} */ (event.target.closest("[data-resolver]")) : null;
      if (root && !root.widget && parsed(root)) safely(root, () => widgetOf(root).prepare());
    },
    true,
  );
  document.documentElement.dataset.resolvers = "listening"; // scripts/bench/bench_browser.py taps from then on
}

const NEAR = "100% 0px"; // make and draw a block's widget a screen before it scrolls into view

/** Run `work` when the main thread is idle (within 3 s at the latest): what no first answer needs. */
export const whenIdle = (work) => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 0));

/** A block's widget, made on first need (it comes near the view, is focused, opened or linked). @param {HTMLElement} root */
const widgetOf = (root) => (root.widget ??= new Widget(root));

/** The block a fragment lands on (a search result, a link to an entry): the block itself, or the entry's, the first
 * block after its heading before the next heading of its level or above. @param {Element | null} target */
function landingBlock(target) {
  if (!target || target.matches("[data-resolver]")) return target;
  const level = /^H([1-6])$/.exec(target.tagName);
  if (!level) return null;
  for (let node = target.nextElementSibling; node; node = node.nextElementSibling) {
    const heading = /^H([1-6])$/.exec(node.tagName);
    if (heading && Number(heading[1]) <= Number(level[1])) return null;
    const block = node.matches("[data-resolver]") ? node : node.querySelector("[data-resolver]");
    if (block) return block;
  }
  return null;
}

/** Take over the resolver blocks of the current page (called on each document$ emission). A block named by the
 * link's fragment (its state, or its entry's heading) is made at once and one with state opened; the others when
 * they come near the view or take the keyboard's focus (hearOpens), or when opened: a long page makes a few. */
export function mountAll(scope = document) {
  const roots = [.../** @type {NodeListOf<HTMLElement>} */ (scope.querySelectorAll("[data-resolver]:not([data-mounted])"))];
  /** @type {Promise<void>[]} */
  const opened = [];
  if (roots.length) readDeclarations().catch(() => {}); // take the head's preload now: a widget's failure says why
  const near = "IntersectionObserver" in window
    ? new IntersectionObserver((entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const root = /** @type {HTMLElement} */ (entry.target);
          whenIdle(() => safely(root, () => widgetOf(root).prepare())); // a tap on Resolve prepares it at once anyway
        }
      }, { rootMargin: NEAR })
    : null;
  const landed = landingBlock(fragmentTarget());
  for (const root of roots) {
    safely(root, () => {
      const body = root.querySelector("details.resolver__body");
      if (!body) return;
      if (hasState(root.dataset.resolver || "") || /** @type {HTMLDetailsElement} */ (body).open) {
        // A link's state, or a reader who tapped Resolve before this script ran (its toggle went unheard).
        const widget = widgetOf(root);
        if (widget.body) widget.body.open = true;
        const drawn = widget.open();
        opened.push(drawn.catch(() => {})); // its failure is shown in its block (safely)
        return drawn;
      }
      if (root === landed || !near) return widgetOf(root).prepare();
      near.observe(root);
    });
  }
  return Promise.all(opened).then(() => {}); // the caller settles the scroll once the opened forms are drawn
}

/** Run one widget's work so that its failure stays its own: the block says so, the page's other widgets go on. */
function safely(root, work) {
  const broken = (/** @type {unknown} */ error) => {
    console.error(error);
    root.dataset.broken = "";
    const note = root.querySelector(".resolver__broken") || root.appendChild(el("p", { class: "resolver__broken", role: "alert" }));
    note.textContent = "This resolver could not start here; the rest of the page works. Reloading the page without its link may help.";
  };
  try {
    Promise.resolve(work()).catch(broken); // work may be async (a widget waits for its declaration)
  } catch (error) {
    broken(error);
  }
}
