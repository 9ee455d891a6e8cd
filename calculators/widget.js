// The one generic widget: draws any resolver from its describe() declaration.
//
// DOM hooks (stable; tests and other pages rely on them):
//   [data-resolver="<id>"]           the widget root (the build hook writes it with static odds)
//     data-engine                    "static" (no script) | "loading" | "ready" | "error"
//     data-describe                  the describe() JSON, written at build time
//     data-mounted                   present once this script has taken the block over
//   form.resolver__form              the controls; every control is reachable by its label text
//                                    (Playwright: get_by_label("<Input.label>", exact=True))
//     int      <input type=number data-name="pool.base"> with buttons "<label>: one less" / "one more"
//     bool     <input type=checkbox role=switch data-name=...>
//     choice   <select data-name=...>
//     group    <fieldset data-name=...><legend>label</legend>...parts...</fieldset>
//     faces    <fieldset class="resolver__keypad" data-faces="<name>">: buttons "1".."6",
//              "Backspace", "Clear"; [data-region="typed"] shows the faces typed so far and
//              [data-region="needed"] how many dice are needed
//     seed     <input type=number data-name=seed> labelled with the seed input's label;
//              button "Roll for me" picks a random seed (shown there, so it is reproducible)
//   [data-region="error"]   role=alert: the engine's message naming the field (e.g. "faces: die 1 ...")
//   [data-region="outcome"] role=status: .resolver__headline, ol.resolver__steps, ul.resolver__checks
//                           (li[data-ok=true|false]); data-resolved="<JSON of the inputs resolved>"
//   [data-region="odds"]    table.resolver__chart per chart, tr[data-p="p/q"] per row, th = label;
//                           data-live="true" once the engine (not the build) drew it
//   a[data-region="share"]   a link carrying this widget's state in its fragment
//   [data-region="status"]  "Loading the rules engine…", "took longer than 2 s…", or empty
//
// Watch, then mount: the form writes `values`, then `refresh()` asks the engine and renders.

import { getEngine } from "./engine.js";
import { readState, shareUrl, writeState } from "./fragment.js";

// ---- Helpers -------------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

let uid = 0;
const nextId = (name) => `resolver-${++uid}-${name.replace(/[^\w-]/g, "-")}`;

function getPath(object, path) {
  return path.reduce((node, key) => (node && typeof node === "object" ? node[key] : undefined), object);
}

function setPath(object, path, value) {
  let node = object;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object") node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]] = value;
}

function defaultsOf(specs) {
  const values = {};
  for (const spec of specs) {
    if (spec.kind === "group") values[spec.name] = defaultsOf(spec.parts || []);
    else if (spec.kind === "faces") values[spec.name] = [];
    else if (spec.default !== null && spec.default !== undefined) values[spec.name] = spec.default;
  }
  return values;
}

function merge(base, extra) {
  for (const [key, value] of Object.entries(extra || {})) {
    if (value && typeof value === "object" && !Array.isArray(value) && base[key] && typeof base[key] === "object") merge(base[key], value);
    else base[key] = value;
  }
  return base;
}

/** A reduced "p/q" as a percentage with one decimal, as the build prints it. */
export function percent(p) {
  const [num, den] = p.split("/").map(BigInt);
  const tenths = (num * 2000n + den) / (2n * den); // round half up, in exact integers
  return `${tenths / 10n}.${tenths % 10n}%`;
}

// ---- Rendering of answers ------------------------------------------------------------------

export function renderCharts(charts) {
  return charts.map((chart) =>
    el(
      "table",
      { class: "resolver__chart" },
      el("caption", { text: chart.title }),
      el(
        "tbody",
        {},
        chart.rows.map((row) => {
          const [num, den] = row.p.split("/").map(Number);
          return el(
            "tr",
            { "data-p": row.p },
            el("th", { scope: "row", text: row.label }),
            el("td", { class: "resolver__bar" }, el("span", { style: `width:${((100 * num) / den).toFixed(2)}%` })),
            el("td", { class: "resolver__fraction", text: row.p }),
            el("td", { class: "resolver__percent", text: percent(row.p) }),
          );
        }),
      ),
    ),
  );
}

function renderOutcome(answer) {
  const checks = answer.checks || [];
  return [
    checks.length
      ? el(
          "ul",
          { class: "resolver__checks", "aria-label": "Requirement" },
          checks.map((c) => el("li", { "data-ok": String(Boolean(c.ok)), text: `${c.ok ? "✔" : "✘"} ${c.label}${c.detail ? ": " + c.detail : ""}` })),
        )
      : null,
    el("p", { class: "resolver__headline", text: (answer.outcome && answer.outcome.headline) || "" }),
    (answer.steps || []).length ? el("ol", { class: "resolver__steps" }, answer.steps.map((s) => el("li", { text: s }))) : null,
  ].filter(Boolean);
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
    this.engine = getEngine();
    this.declaration = null;
    this.values = {};
    this.diceNeeded = {};
    this.oddsKey = null;
    this.generation = 0; // answers from an older refresh are dropped
    this.channel = `widget-${++uid}`; // a newer request supersedes this widget's waiting one (engine.js)
  }

  async mount() {
    this.root.dataset.mounted = "";
    this.status = this.root.querySelector('[data-region="status"]') || this.root.appendChild(el("p", { class: "resolver__status", "data-region": "status" }));
    this.unwatch = this.engine.watch((state, error) => this.showEngine(state, error));
    let declaration = this.root.dataset.describe ? JSON.parse(this.root.dataset.describe) : null;
    if (!declaration) {
      const answer = await this.engine.request("describe", this.id, {});
      if (answer.error) return this.showError(answer);
      declaration = answer.result;
    }
    this.declaration = declaration;
    this.values = merge(defaultsOf(declaration.inputs), readState(this.id) || {});
    this.draw();
    this.refresh();
  }

  showEngine(state, error) {
    // An engine that failed and then started on retry (engine.js): ask again with the current inputs.
    if (state === "error") this.engineFailed = true;
    else if (state === "ready" && this.engineFailed && this.declaration) (this.engineFailed = false), this.refresh();
    this.root.dataset.engine = state;
    if (state === "loading") this.status.textContent = "Loading the rules engine… the odds below were computed when the site was built.";
    else if (state === "error") this.status.textContent = `The live resolver is unavailable: ${error}. The odds below were computed when the site was built.`;
    else if (!this.status.dataset.sticky) this.status.textContent = "";
  }

  // -- the form, drawn from the declaration --

  draw() {
    const old = this.root.querySelector(".resolver__static");
    this.oddsRegion = el("div", { class: "resolver__odds", "data-region": "odds", "aria-label": "Exact odds" });
    if (old) {
      const staticOdds = old.querySelector('[data-region="odds"]');
      if (staticOdds) this.oddsRegion.append(...staticOdds.childNodes);
      old.remove();
    }
    this.form = el("form", { class: "resolver__form", "aria-label": this.declaration.title, onsubmit: (e) => e.preventDefault() });
    this.faceInputs = [];
    for (const spec of this.declaration.inputs) this.form.append(this.control(spec, [spec.name]));
    if (this.faceInputs.length || this.declaration.inputs.some((s) => s.kind === "seed")) {
      this.form.append(el("button", { type: "button", class: "resolver__roll", text: "Roll for me", onclick: () => this.rollForMe() }));
    }
    // Material's navigation.tracking rewrites the fragment on scroll; this link always keeps the state.
    this.share = el("a", { class: "resolver__share", "data-region": "share", href: shareUrl(this.id, this.values), text: "Link to this resolution" });
    this.form.append(this.share);
    this.errorRegion = el("p", { class: "resolver__error", role: "alert", "data-region": "error" });
    this.outcomeRegion = el("div", { class: "resolver__outcome", role: "status", "aria-live": "polite", "data-region": "outcome" });
    const title = this.root.querySelector(".resolver__title");
    const anchor = this.root.querySelector(".resolver__summary") || title;
    const nodes = [this.form, this.errorRegion, this.outcomeRegion, this.oddsRegion];
    if (anchor) anchor.after(...nodes);
    else this.root.prepend(...nodes);
    if (!this.root.querySelector(".resolver__readings") && this.declaration.interpretations.length) {
      this.oddsRegion.after(
        el("details", { class: "resolver__readings", role: "note" },
          el("summary", { text: `Readings this resolver takes: ${this.declaration.interpretations.map((r) => r.title).join(", ")}` }),
          el("ul", {}, this.declaration.interpretations.map((r) => el("li", { text: `${r.title} (${r.section}): ${r.text}` })))),
      );
    }
  }

  control(spec, path) {
    const name = path.join(".");
    const id = nextId(name);
    const help = spec.help ? el("small", { class: "resolver__help", text: spec.help }) : null;
    const value = getPath(this.values, path);
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
      select.value = value;
      return el("div", { class: "resolver__field" }, el("label", { for: id, text: spec.label }), select, help);
    }
    if (spec.kind === "faces") return this.keypad(spec, path, name);
    if (spec.kind === "seed") {
      const input = el("input", { type: "number", inputmode: "numeric", id, "data-name": name, min: 0, placeholder: "none", onchange: (e) => this.set(path, e.target.value === "" ? null : Number(e.target.value)) });
      input.value = value ?? "";
      this.seedInput = { input, path };
      return el("div", { class: "resolver__field resolver__seed" }, el("label", { for: id, text: spec.label }), input, help);
    }
    // int: a stepper clamped to low/high; typed values are clamped too
    const clamp = (n) => Math.min(spec.high ?? Infinity, Math.max(spec.low ?? -Infinity, n));
    const input = el("input", { type: "number", inputmode: "numeric", id, "data-name": name, min: spec.low, max: spec.high, onchange: (e) => commit(Number(e.target.value)) });
    input.value = value ?? "";
    const commit = (n) => {
      if (!Number.isFinite(n)) n = spec.default ?? spec.low ?? 0;
      input.value = clamp(Math.round(n));
      this.set(path, Number(input.value));
    };
    const current = () => (Number.isFinite(Number(input.value)) ? Number(input.value) : spec.default ?? 0);
    return el(
      "div",
      { class: "resolver__field resolver__stepper" },
      el("label", { for: id, text: spec.label }),
      el("button", { type: "button", "aria-label": `${spec.label}: one less`, text: "−", onclick: () => commit(current() - 1) }),
      input,
      el("button", { type: "button", "aria-label": `${spec.label}: one more`, text: "+", onclick: () => commit(current() + 1) }),
      help,
    );
  }

  keypad(spec, path, name) {
    const typed = el("output", { class: "resolver__typed", "data-region": "typed", "aria-live": "polite" });
    const needed = el("span", { class: "resolver__needed", "data-region": "needed" });
    const faces = () => (Array.isArray(getPath(this.values, path)) ? [...getPath(this.values, path)] : []);
    const update = (list) => {
      if (this.seedInput) this.setQuiet(this.seedInput.path, null);
      this.set(path, list);
    };
    const pad = el(
      "fieldset",
      { class: "resolver__keypad", "data-faces": name, "data-name": name },
      el("legend", {}, el("span", { text: spec.label }), " ", needed),
      typed,
      el("div", { class: "resolver__keys" },
        [1, 2, 3, 4, 5, 6].map((face) => el("button", { type: "button", "aria-label": `Die ${face}`, "data-face": face, text: String(face), onclick: () => update([...faces(), face]) })),
        el("button", { type: "button", "aria-label": "Backspace", text: "⌫", onclick: () => update(faces().slice(0, -1)) }),
        el("button", { type: "button", "aria-label": "Clear", text: "Clear", onclick: () => update([]) }),
      ),
    );
    this.faceInputs.push({ name, path, typed, needed, pad, optional: Boolean(spec.optional) });
    return pad;
  }

  rollForMe() {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] % 2147483647;
    for (const f of this.faceInputs) setPath(this.values, f.path, []);
    if (this.seedInput) {
      this.seedInput.input.value = seed;
      this.set(this.seedInput.path, seed);
    }
  }

  setQuiet(path, value) {
    setPath(this.values, path, value);
    if (this.seedInput && path.join(".") === this.seedInput.path.join(".")) this.seedInput.input.value = value ?? "";
  }

  set(path, value) {
    setPath(this.values, path, value);
    writeState(this.id, this.values);
    this.share.href = shareUrl(this.id, this.values);
    this.refresh();
  }

  // -- asking the engine --

  inputsWithout(kinds) {
    const copy = this.requestInputs();
    for (const spec of this.declaration.inputs) if (kinds.includes(spec.kind)) delete copy[spec.name];
    return copy;
  }

  // What the engine is asked: an empty keypad means "not typed" (the roller or the seed decides).
  requestInputs() {
    const inputs = structuredClone(this.values);
    for (const f of this.faceInputs) {
      const typed = getPath(inputs, f.path);
      if (Array.isArray(typed) && typed.length === 0) {
        const parent = f.path.length > 1 ? getPath(inputs, f.path.slice(0, -1)) : inputs;
        delete parent[f.path[f.path.length - 1]];
      }
    }
    return inputs;
  }

  async refresh() {
    const generation = ++this.generation;
    const inputs = this.requestInputs();
    for (const f of this.faceInputs) f.typed.textContent = (getPath(inputs, f.path) || []).join(" ") || "—";
    const jobs = [];
    // describe() checks every input, typed faces included: a bad die is reported before the pool is complete.
    if (this.faceInputs.length) jobs.push(this.engine.request("describe", this.id, inputs, { channel: `${this.channel}:describe` }).then((a) => ["describe", a]));
    if (this.declaration.has_odds) {
      const oddsInputs = this.inputsWithout(["faces", "seed"]);
      const key = JSON.stringify(oddsInputs);
      if (key !== this.oddsKey) jobs.push(this.engine.request("odds", this.id, oddsInputs, { channel: `${this.channel}:odds` }).then((a) => ["odds", a, key]));
    }
    const answers = await Promise.all(jobs);
    if (generation !== this.generation) return;
    for (const [kind, answer, key] of answers) {
      if (answer.error) return this.showError(answer);
      if (kind === "describe") this.showNeeded(answer.result.dice_needed || {});
      if (kind === "odds") {
        this.oddsKey = key;
        this.oddsRegion.replaceChildren(...renderCharts(answer.result.charts));
        this.oddsRegion.dataset.live = "true";
        markFirstAnswer();
      }
    }
    if (!this.readyToResolve(inputs)) {
      this.clearError();
      this.outcomeRegion.replaceChildren(el("p", { class: "resolver__hint", text: this.hint(inputs) }));
      delete this.outcomeRegion.dataset.resolved;
      return;
    }
    const answer = await this.engine.request("resolve", this.id, inputs, { channel: `${this.channel}:resolve` });
    if (generation !== this.generation || answer.superseded) return;
    if (answer.error) return this.showError(answer);
    this.clearError();
    this.outcomeRegion.replaceChildren(...renderOutcome(answer.result));
    this.outcomeRegion.dataset.resolved = JSON.stringify(inputs);
    markFirstAnswer();
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

  hint(inputs) {
    if (!this.faceInputs.length) return "Press “Roll for me” to resolve one case.";
    return "Type the dice you rolled on the keypad, or press “Roll for me”.";
  }

  showNeeded(needed) {
    this.diceNeeded = needed;
    for (const f of this.faceInputs) {
      const n = needed[f.name];
      f.needed.textContent = n === undefined ? "" : `(${n} ${n === 1 ? "die" : "dice"} needed)`;
      // A keypad for no dice (macro 0, no flex) is hidden unless something typed there needs clearing.
      f.pad.hidden = n === 0 && !(getPath(this.values, f.path) || []).length;
    }
  }

  clearError() {
    this.errorRegion.textContent = "";
    for (const node of this.form.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    if (this.status.dataset.sticky) {
      delete this.status.dataset.sticky;
      this.showEngine(this.engine.state, this.engine.error);
    }
  }

  showError(answer) {
    if (!this.errorRegion) {
      this.status.textContent = answer.error;
      return;
    }
    this.errorRegion.textContent = answer.error;
    if (answer.timedOut) {
      this.status.dataset.sticky = "true";
      this.status.textContent = `This request ${answer.error}.`;
    }
    const field = answer.field && this.form.querySelector(`[data-name="${CSS.escape(answer.field)}"]`);
    if (field) field.setAttribute("aria-invalid", "true");
    this.outcomeRegion.replaceChildren();
    delete this.outcomeRegion.dataset.resolved;
  }
}

/** Take over every resolver block on the current page (called on each document$ emission). */
export function mountAll(scope = document) {
  const roots = [...scope.querySelectorAll("[data-resolver]:not([data-mounted])")];
  return Promise.all(roots.map((root) => new Widget(root).mount()));
}
