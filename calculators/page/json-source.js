// JSON read with each value's text as written. A refusal of a link's or a stored record's value echoes what the
// player wrote ("1e400", "[1, 2]"), which JSON.parse loses: 1e400 becomes Infinity, which JSON.stringify writes "null".
// The text of each member is kept beside its object (sourceOf), so the values stay plain values. Objects have no
// prototype (a key "__proto__" is an ordinary name), and nesting is bounded: data from anyone never nests deep.

/** Each read object's or list's members as written, by key. @type {WeakMap<object, Record<string, string>>} */
const SOURCES = new WeakMap();

/** Why a text is not read: "depth" (it nests deeper than allowed) or "syntax" (not JSON), and where. */
export class JsonRefusal extends Error {
  /** @param {"depth" | "syntax"} kind @param {number} at */
  constructor(kind, at) {
    super(kind === "depth" ? "it nests too deep" : `not valid JSON at character ${at}`);
    this.kind = kind;
    this.at = at;
  }
}

/** The text `container[key]` was written as, where it was read by readJson (or given by remember). */
export const sourceOf = (/** @type {unknown} */ container, /** @type {string} */ key) =>
  container && typeof container === "object" ? SOURCES.get(container)?.[key] : undefined;

/** Keep how a refusal echoes a value read from other text (a compact link's entry). @param {object} container @param {string} key @param {string} text */
export function remember(container, key, text) {
  const sources = SOURCES.get(container) ?? Object.create(null);
  sources[key] = text;
  SOURCES.set(container, sources);
}

const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;
const SPACE = /[ \t\n\r]*/y;

/** `text` read as JSON (RFC 8259), no deeper than `maxDepth` objects and lists; throws a JsonRefusal. */
export function readJson(text, maxDepth) {
  let at = 0;
  const match = (/** @type {RegExp} */ pattern) => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found) at = pattern.lastIndex;
    return found ? found[0] : null;
  };
  const expect = (/** @type {string} */ char) => {
    match(SPACE);
    if (text[at] !== char) throw new JsonRefusal("syntax", at);
    at++;
  };
  /** The next value and the text it was written as. @returns {[any, string]} */
  const member = (/** @type {number} */ depth) => {
    match(SPACE);
    const start = at;
    return [value(depth), text.slice(start, at)];
  };
  /** Members up to `close`, each read by `each` (which returns its key). */
  const members = (/** @type {string} */ close, /** @type {(index: number) => void} */ each) => {
    match(SPACE);
    if (text[at] === close) return void at++;
    for (let index = 0; ; index++) {
      each(index);
      match(SPACE);
      if (text[at] === close) return void at++;
      expect(",");
    }
  };
  const value = (/** @type {number} */ depth) => {
    const open = text[at];
    if (open !== "{" && open !== "[") {
      const token = match(STRING) ?? match(NUMBER) ?? match(LITERAL);
      if (token === null) throw new JsonRefusal("syntax", at);
      return JSON.parse(token);
    }
    if (depth >= maxDepth) throw new JsonRefusal("depth", at);
    at++;
    /** @type {Record<string, string>} */
    const sources = Object.create(null);
    /** @type {any} */
    const container = open === "[" ? [] : Object.create(null);
    members(open === "[" ? "]" : "}", (index) => {
      let key = String(index);
      if (open === "{") {
        match(SPACE);
        const name = match(STRING);
        if (name === null) throw new JsonRefusal("syntax", at);
        key = JSON.parse(name);
        expect(":");
      }
      [container[key], sources[key]] = member(depth + 1);
    });
    SOURCES.set(container, sources);
    return container;
  };
  const [read] = member(0);
  match(SPACE);
  if (at !== text.length) throw new JsonRefusal("syntax", at);
  return read;
}
