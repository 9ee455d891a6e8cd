// What the widget asks the engine (engine.js), from the form's values (form-state.js): the odds, the dice each keypad
// needs (describe), and the resolution once the dice are in. Each refresh is a Round: answers of an older round are
// dropped, and a newer request on the widget's own channel supersedes an older waiting one. The resolvers'
// declarations (assets/describe.json) are read here too. Nothing here draws.

import { getPath, setPath } from "./paths.js";

/**
 * @typedef {import("./form-state.js").Form} Form
 * @typedef {import("./form-state.js").Values} Values
 * @typedef {{result?: any, error?: string, field?: string, superseded?: boolean}} Answer
 * @typedef {{request: (type: string, resolver: string, inputs: Values, options?: {channel?: string}) => Promise<Answer>}} Engine
 */

// Every resolver's declaration is in one file per site (not in each page): fetched once per visit (the page's
// head preloads it; offline, the service worker answers from its cache), before a form is drawn.
const DESCRIBE_URL = new URL("../../describe.json", import.meta.url);
/** @type {Promise<Record<string, import("./form-state.js").Declaration>> | null} */
let declarations = null;

/** Every resolver's declaration by id, read once (a failed read is tried again by the next widget to ask). */
export function readDeclarations() {
  if (!declarations) {
    const reading = fetch(DESCRIBE_URL).then((response) => {
      if (!response.ok) throw new Error(`the resolvers' declarations could not be read (HTTP ${response.status})`);
      return response.json();
    });
    declarations = reading;
    reading.catch(() => (declarations = null));
  }
  return declarations;
}

/** @param {string} id */
export function declarationOf(id) {
  return readDeclarations().then((all) => {
    if (!Object.hasOwn(all, id)) throw new Error(`no declaration for resolver ${id}`);
    return all[id];
  });
}

/**
 * What the engine is asked: only what was entered (a link's inputs, or changed on the form), so the engine takes the
 * rest as defaults and says so instead of reporting a default as a fact; typed dice and the seed when given.
 * @param {Form} form @param {Values} [values] @returns {Values}
 */
export function requestInputs(form, values = form.values) {
  /** @type {Values} */
  const inputs = {};
  const send = (/** @type {string[]} */ path) => {
    const value = getPath(values, path);
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) setPath(inputs, path, structuredClone(value));
  };
  for (const path of form.entered) send(path.split("."));
  for (const f of form.faceInputs) send(f.path);
  if (form.seedInput) send(form.seedInput.path);
  return inputs;
}

/** The inputs the odds depend on: the request's, without the dice typed and the seed. @param {Form} form */
function oddsInputs(form) {
  const copy = requestInputs(form);
  for (const f of [...form.faceInputs, ...(form.seedInput ? [form.seedInput] : [])]) {
    const [head, part] = f.path;
    if (part === undefined) delete copy[head];
    else if (copy[head]) {
      delete copy[head][part]; // a roll's keypad: the roll's pool stays, and the roll goes when nothing else is entered
      if (!Object.keys(copy[head]).length) delete copy[head];
    }
  }
  return copy;
}

/** The inputs that set how many dice each keypad takes (those of the odds: all but the dice and the seed), as one
 * key: describe()'s counts hold for the values of the same key. @param {Form} form */
export function countsKey(form) {
  return JSON.stringify(oddsInputs(form));
}

/**
 * Resolve once a seed is set, or every keypad is complete, or left empty where it may be
 * (an optional keypad: the automatic choice or the stated result stands in, or a later roll the engine asks for in
 * its turn; or no dice needed); the roll the engine asked for (form.asking) needs all its dice.
 * @param {Form} form @param {Values} inputs
 */
function readyToResolve(form, inputs) {
  if (form.seedInput && getPath(inputs, form.seedInput.path) != null) return true;
  if (!form.faceInputs.length) return !form.declaration.has_odds || !form.seedInput;
  return form.faceInputs.every((f) => {
    const typed = getPath(inputs, f.path) || [];
    if (Object.hasOwn(form.asking, f.name)) return typed.length >= form.asking[f.name]; // the roll asked: all its dice
    const need = form.diceNeeded[f.name];
    if (typed.length === 0 && (f.optional || need === 0)) return true;
    return need === undefined ? typed.length > 0 : typed.length === need;
  });
}

let uid = 0;

/** One widget's requests. */
export class Requests {
  /** @param {Engine} engine @param {string} resolver the resolver's id @param {Form} form */
  constructor(engine, resolver, form) {
    this.engine = engine;
    this.resolver = resolver;
    this.form = form;
    this.channel = `${resolver}#${++uid}`;
    this.generation = 0;
    this.oddsKey = JSON.stringify({}); // the build's odds are for nothing entered: every default
  }

  /** One request on this widget's own channel per type: a newer one supersedes an older waiting one. @param {string} type @param {Values} inputs */
  ask(type, inputs) {
    return this.engine.request(type, this.resolver, inputs, { channel: `${this.channel}:${type}` });
  }

  /** A new round for the form's values now: every older round's answers are dropped. @param {boolean} oddsShown the engine's odds are on the page */
  round(oddsShown) {
    return new Round(this, ++this.generation, oddsShown);
  }
}

/** One refresh: the inputs as they were when it began, and its requests. */
class Round {
  /** @param {Requests} requests @param {number} generation @param {boolean} oddsShown */
  constructor(requests, generation, oddsShown) {
    this.requests = requests;
    this.generation = generation;
    this.inputs = requestInputs(requests.form);
    const { declaration } = requests.form;
    this.odds = oddsInputs(requests.form);
    const key = JSON.stringify(this.odds);
    /** The key of the inputs describe()'s counts will be for (countsKey). */
    this.countsKey = key;
    /** The odds asked for: their inputs differ from those last shown (or the engine has not confirmed the build's yet). */
    this.oddsKey = declaration.has_odds && (key !== requests.oddsKey || !oddsShown) ? key : null;
    /** The odds shown are of other inputs: never show them beside these as if current. */
    this.oddsStale = this.oddsKey !== null && key !== requests.oddsKey;
  }

  get current() {
    return this.generation === this.requests.generation;
  }

  /**
   * The answers that come before a resolution: describe() (it checks every input, typed faces included: a bad die is
   * reported before the pool is complete) when there are keypads, and the odds when asked. None if superseded.
   * @returns {Promise<[string, Answer][] | null>}
   */
  async first() {
    const { form } = this.requests;
    /** @type {Promise<[string, Answer]>[]} */
    const jobs = [];
    if (form.faceInputs.length) jobs.push(this.requests.ask("describe", this.inputs).then((a) => ["describe", a]));
    if (this.oddsKey !== null) jobs.push(this.requests.ask("odds", this.odds).then((a) => ["odds", a]));
    const answers = await Promise.all(jobs);
    return this.current && !answers.some(([, a]) => a.superseded) ? answers : null;
  }

  /** The odds answered are now the ones shown. */
  oddsShown() {
    if (this.oddsKey !== null) this.requests.oddsKey = this.oddsKey;
  }

  /** Enough is entered to resolve (the dice each keypad needs as describe() last said). */
  get ready() {
    return readyToResolve(this.requests.form, this.inputs);
  }

  /** The resolution, or none if superseded. @returns {Promise<Answer | null>} */
  async resolve() {
    const answer = await this.requests.ask("resolve", this.inputs);
    return this.current && !answer.superseded ? answer : null;
  }
}
