// A resolution's outcome as the widget draws it: the headline, the checks (✔ ✘ ?) and the steps. It draws nodes only;
// render.js puts them in the outcome region.

import { el } from "./dom.js";

/**
 * @typedef {{label: string, ok: boolean, detail?: string, entered?: boolean}} Check
 * @typedef {{name: string, text: string}} Assumed a default the player has not set, named in the headline
 * @typedef {{outcome?: {headline?: string}, checks?: Check[], steps?: string[], stages?: string[], assumed?: Assumed[], roll?: any}} Resolution
 */

/** ✔ holds, ✘ fails, ? judged on a default the player has not entered yet (the detail says so). @param {Check} check */
function checkMark(check) {
  return check.entered === false ? "?" : check.ok ? "✔" : "✘";
}

/** @param {Resolution} answer */
export function renderOutcome(answer) {
  const checks = answer.checks || [];
  return [
    el("p", { class: "resolver__headline" }, headlineParts((answer.outcome && answer.outcome.headline) || "", answer.assumed || [])),
    checks.length
      ? el(
          "ul",
          { class: "resolver__checks" },
          checks.map((c) => el("li", { "data-ok": String(Boolean(c.ok)), "data-entered": String(c.entered !== false), text: `${checkMark(c)} ${c.label}${c.detail ? ": " + c.detail : ""}` })),
        )
      : null,
    renderSteps(answer.steps || [], answer.stages || []),
  ].filter((node) => node !== null);
}

/** The headline, each default it names (rules_core's `assumed`) a button that changes it (render.js hears the tap).
 * @param {string} headline @param {Assumed[]} assumed */
function headlineParts(headline, assumed) {
  /** @type {(string | HTMLElement)[]} */
  let parts = [headline];
  for (const { name, text } of assumed) {
    const last = /** @type {string} */ (parts.pop());
    const at = last.lastIndexOf(text);
    if (at < 0) {
      parts.push(last);
      continue;
    }
    const tap = el("button", { type: "button", class: "resolver__assumed", "data-assumed": name, text });
    parts = [...parts, last.slice(0, at), tap, last.slice(at + text.length)];
  }
  return parts.filter((part) => part !== "");
}

/** The steps: one list, or, where the answer names a stage per step, one fold per stage whose one line is the stage's
 * name and its last step (its result); the numbers run on across the folds. @param {string[]} steps @param {string[]} stages */
function renderSteps(steps, stages) {
  if (!steps.length) return null;
  const item = (/** @type {string} */ text) => el("li", { text });
  if (stages.length !== steps.length) return el("ol", { class: "resolver__steps" }, steps.map(item));
  /** @type {{name: string, first: number, steps: string[]}[]} */
  const groups = [];
  steps.forEach((step, index) => {
    if (!groups.length || groups[groups.length - 1].name !== stages[index]) groups.push({ name: stages[index], first: index, steps: [] });
    groups[groups.length - 1].steps.push(step);
  });
  return el("div", { class: "resolver__stages", "data-region": "stages" }, groups.map((group) =>
    el("details", { class: "resolver__stage", "data-stage": group.name },
      el("summary", {}, el("strong", { text: `${group.name}: ` }), group.steps[group.steps.length - 1]),
      el("ol", { class: "resolver__steps", start: String(group.first + 1) }, group.steps.map(item)))));
}
