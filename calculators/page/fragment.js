// Widget state in the URL fragment, so a resolution can be shared and reloaded.
//
// Format: "#" + one "<resolver id>=<value>" pair per widget, joined by "&" (URLSearchParams reads it). The value is
// compact, from the resolver's declared inputs (describe's JSON), and holds only what was entered:
//
//   <check>,<entry>,<entry>...     check: 4 base-36 characters naming the declaration's inputs (names and kinds), so
//                                  a link made for other inputs is refused whole, never read into the wrong ones
//   entry: <path>:<value>          path: the input's place in the declaration ("3", a group's or ship's part "5.1")
//                                  value: a whole number (int, seed), 1 or 0 (bool), the choice's place (choice),
//                                  the faces as digits, "2255" (faces; "" for none)
//
//   #jovian-wars/v1.2.4/ram=k2f0,0:4,7:2255,8:33   (the JSON form it replaced was about four times as long)
//
// Links of the earlier JSON form ("<id>={...}", percent-encoded) are still read. Either way a link is data from
// anyone: what is read is a plain object with no prototype (keys like "__proto__" are ordinary names), and the
// widget checks every value by its input's kind (input-check.js) before anything uses it. A link that cannot be read
// says why in its own words (broken %-encoding, too long, not JSON, nested too deep, not inputs by name, made by
// another version) and echoes the text as written; a refused value is echoed as written too (json-source.js).
// A fragment that is not ours (a heading anchor) is left alone and yields no state.

import { isGroup } from "./input-check.js";
import { JsonRefusal, readJson, remember } from "./json-source.js";

const MAX_DEPTH = 8; // inputs nest one group deep; anything deeper is not ours
const MAX_ENTRIES = 64;
const MAX_TEXT = 4096; // every input of the largest resolver, as JSON, is well under 1 kB
const COMPACT = /^[0-9a-z]{4}(?:,|$)/; // the check, then the entries
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** A link's text in a refusal, as written, in quotes and cut short. @param {string} text */
const echo = (text) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

/** The fragment's parameters, or none when it is a heading anchor or not decodable. */
function params() {
  const hash = location.hash.slice(1);
  if (!hash.includes("=")) return new URLSearchParams();
  try {
    return new URLSearchParams(hash);
  } catch {
    return new URLSearchParams();
  }
}

/** 4 base-36 characters from the declared inputs' names and kinds (FNV-1a): a compact link's key to its inputs. */
export function declarationCheck(specs) {
  const text = JSON.stringify(specs.map((spec) => [spec.name, spec.kind, (spec.parts || []).map((part) => [part.name, part.kind])]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return (hash % 36 ** 4).toString(36).padStart(4, "0");
}

function encodeValue(spec, value) {
  if (spec.kind === "bool") return value ? "1" : "0";
  if (spec.kind === "choice") return String((spec.choices || []).indexOf(value));
  if (spec.kind === "faces") return (value || []).join("");
  return String(value);
}

function decodeValue(spec, text) {
  if (spec.kind === "bool") return text === "1" ? true : text === "0" ? false : text;
  if (spec.kind === "choice") return /^\d{1,3}$/.test(text) && Number(text) < (spec.choices || []).length ? spec.choices[Number(text)] : text;
  if (spec.kind === "faces") return /^[1-6]{0,64}$/.test(text) ? [...text].map(Number) : text; // refused by the check
  return /^-?\d{1,12}$/.test(text) ? Number(text) : text; // anything else is refused by the check, as typed
}

/** The compact value of `inputs` (an object shaped like the declaration, holding only what was entered). */
export function encodeState(specs, inputs) {
  const entries = [declarationCheck(specs)];
  specs.forEach((spec, i) => {
    if (!Object.hasOwn(inputs, spec.name)) return;
    const value = inputs[spec.name];
    if (isGroup(spec)) {
      (spec.parts || []).forEach((part, j) => Object.hasOwn(value, part.name) && entries.push(`${i}.${j}:${encodeValue(part, value[part.name])}`));
    } else entries.push(`${i}:${encodeValue(spec, value)}`);
  });
  return entries.join(",");
}

/** A compact value read back into inputs by name (no prototype); { state } or { refused: why }. */
function decodeState(specs, text) {
  const [check, ...entries] = text.split(",");
  const ours = declarationCheck(specs);
  if (check !== ours) return { refused: `it was made by another version of the site, for other inputs of this resolver (its key ${echo(check)}; this version's is ${echo(ours)})` };
  if (entries.length > MAX_ENTRIES) return { refused: `it holds ${entries.length} inputs, more than this resolver has` };
  const state = Object.create(null);
  for (const entry of entries) {
    const found = /^(\d{1,3})(?:\.(\d{1,3}))?:(.*)$/.exec(entry);
    if (found && found[3].length > 64) return { refused: `its value ${echo(found[3])} is longer than any input's` };
    const spec = found && specs[Number(found[1])];
    if (!spec) return { refused: `it names an input this resolver does not have (${echo(entry)})` };
    if (found[2] === undefined) {
      state[spec.name] = decodeValue(spec, found[3]);
      remember(state, spec.name, echo(found[3]));
      continue;
    }
    const part = isGroup(spec) && (spec.parts || [])[Number(found[2])];
    if (!part) return { refused: `it names an input this resolver does not have (${echo(entry)})` };
    state[spec.name] ??= Object.create(null);
    state[spec.name][part.name] = decodeValue(part, found[3]);
    remember(state[spec.name], part.name, echo(found[3]));
  }
  return { state };
}

/** This resolver's value in the fragment as written (still %-encoded), or null when the link has none. The first of
 * its name, as URLSearchParams reads it. */
function entryOf(resolverId) {
  const hash = location.hash.slice(1);
  if (!hash.includes("=")) return null;
  for (const pair of hash.split("&")) {
    const [[name] = [""]] = new URLSearchParams(pair);
    if (name === resolverId) return pair.includes("=") ? pair.slice(pair.indexOf("=") + 1) : "";
  }
  return null;
}

/** A %-encoded value decoded, or null where its escapes are broken (a "%" without two hex digits, or not UTF-8). */
function decoded(text) {
  if (BAD_ESCAPE.test(text)) return null;
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** The earlier JSON form, read: { state } or { refused: why }, the value echoed as written. */
function readJsonState(text) {
  try {
    const value = readJson(text, MAX_DEPTH);
    if (value && typeof value === "object" && !Array.isArray(value)) return { state: value };
    return { refused: `${echo(text)} is ${Array.isArray(value) ? "a list" : "one value"}, not a set of inputs by name` };
  } catch (error) {
    if (!(error instanceof JsonRefusal)) throw error;
    if (error.kind === "depth") return { refused: `${echo(text)} nests deeper than any resolver's inputs (more than ${MAX_DEPTH} levels)` };
    return { refused: `${echo(text)} is not valid JSON (at character ${error.at + 1})` };
  }
}

/** The inputs stored for this resolver: { state } (an object with no prototype), { refused: why }, or null when the
 * link has none. Values are as stored: the widget checks each by its input's kind (input-check.js), and a refusal
 * echoes it as written (json-source.js sourceOf). Each kind of malformed link says its own reason. */
export function readState(resolverId, specs) {
  const raw = entryOf(resolverId);
  if (raw === null) return null;
  const text = decoded(raw);
  if (text === null) return { refused: `${echo(raw)} is not valid %-encoding (a “%” is followed by two hex digits of UTF-8)` };
  if (text.length > MAX_TEXT) return { refused: `it is ${text.length} characters long, longer than any resolver's inputs (at most ${MAX_TEXT})` };
  if (COMPACT.test(text)) return decodeState(specs, text);
  if (/^\s*[[{"]/.test(text)) return readJsonState(text);
  return { refused: `${echo(text)} is neither this site's form of inputs nor JSON` };
}

/** Is there state for this resolver in the fragment (a shared link)? */
export function hasState(resolverId) {
  return params().has(resolverId);
}

// The characters a fragment keeps as they are (RFC 3986's fragment, less "&", "=", "+" and "%", which
// URLSearchParams reads as separators, a space and an escape).
const escapeText = (text) => text.replace(/[^A-Za-z0-9\-._~!$'()*,;:@/?]/g, (c) => encodeURIComponent(c));

function fragmentOf(pairs) {
  return "#" + [...pairs].map(([key, value]) => `${escapeText(key)}=${escapeText(value)}`).join("&");
}

/** A full link to this page with only this widget's state in the fragment. */
export function shareUrl(resolverId, specs, inputs) {
  return `${location.origin}${location.pathname}${location.search}${fragmentOf([[resolverId, encodeState(specs, inputs)]])}`;
}

/** Store this resolver's inputs, keeping the other widgets' entries; no history entry, no scroll. */
export function writeState(resolverId, specs, inputs) {
  const kept = params();
  kept.set(resolverId, encodeState(specs, inputs));
  history.replaceState(history.state, "", `${location.pathname}${location.search}${fragmentOf(kept)}`);
}
