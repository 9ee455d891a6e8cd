// A resolution's outcome as the widget draws it: the headline, the checks (✔ ✘ ?) and the steps. It draws nodes only;
// render.js puts them in the outcome region.

import { el } from "./dom.js";

/**
 * @typedef {{label: string, ok: boolean, detail?: string, entered?: boolean}} Check
 * @typedef {{outcome?: {headline?: string}, checks?: Check[], steps?: string[], roll?: any}} Resolution
 */

/** ✔ holds, ✘ fails, ? judged on a default the player has not entered yet (the detail says so). @param {Check} check */
function checkMark(check) {
  return check.entered === false ? "?" : check.ok ? "✔" : "✘";
}

/** @param {Resolution} answer */
export function renderOutcome(answer) {
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
