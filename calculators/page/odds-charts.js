// The odds as the widget draws them: a table per chart (scripts/build/resolver_html.py writes the same markup at build
// time), their exact fractions one tap away, the glance (the first chart in one line) and the odds of the sticky "now"
// line. It draws nodes only; render.js puts them in their regions.

import { el } from "./dom.js";

/**
 * @typedef {import("./outcome.js").Check} Check
 * @typedef {{label: string, p: string}} ChartRow  p: a reduced fraction "p/q"
 * @typedef {{title: string, rows: ChartRow[]}} Chart
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

/** The odds region's click: the "Exact fractions" button shows or hides the fractions. @param {Event} event */
export function toggleFractions(event) {
  const button = event.target instanceof Element && event.target.closest(".resolver__fractions");
  const region = /** @type {HTMLElement} */ (event.currentTarget);
  if (!button) return;
  const shown = region.classList.toggle("resolver__odds--exact");
  for (const b of region.querySelectorAll(".resolver__fractions")) b.setAttribute("aria-pressed", String(shown));
}

/** The glance: the first chart's rows that can happen, percentage first. @param {Chart} chart */
export function renderGlance(chart) {
  const rows = chart.rows.filter(canHappen).slice(0, 3);
  return [el("span", { class: "resolver__glance-title", text: `${chart.title}: ` }),
    ...rows.map((row, i) => el("span", { class: "resolver__glance-row" }, i ? "; " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`))];
}

/** The odds in one line: each model's fate where the resolver charts fates ("Target: fate"), else the first chart. @param {Chart[]} charts */
export function renderNow(charts) {
  const fates = charts.filter((chart) => /: fate$/.test(chart.title));
  if (!fates.length) return renderGlance(charts[0]);
  return fates.map((chart, i) => {
    const rows = chart.rows.filter(canHappen).slice(0, 2);
    return el("span", { class: "resolver__now-fate" }, i ? " · " : "", `${chart.title.replace(/: fate$/, "")}: `,
      ...rows.map((row, j) => el("span", {}, j ? ", " : "", el("strong", { text: percent(row.p) }), ` ${row.label}`)));
  });
}
