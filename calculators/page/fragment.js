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
// widget checks every value by its input's kind (input-check.js) before anything uses it.
// A fragment that is not ours (a heading anchor) is left alone and yields no state.

import { isGroup } from "./input-check.js";

const MAX_DEPTH = 8; // inputs nest one group deep; anything deeper is not ours
const MAX_ENTRIES = 64;

/** A copy of parsed JSON built from own keys only, objects without a prototype. */
function plain(value, depth = 0) {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1));
  if (value && typeof value === "object") {
    const copy = Object.create(null);
    for (const key of Object.keys(value)) copy[key] = plain(value[key], depth + 1);
    return copy;
  }
  return value;
}

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
  if (check !== declarationCheck(specs)) return { refused: "it was made for other inputs of this resolver (another version of the site)" };
  if (entries.length > MAX_ENTRIES) return { refused: "it holds more inputs than this resolver has" };
  const state = Object.create(null);
  for (const entry of entries) {
    const found = /^(\d{1,3})(?:\.(\d{1,3}))?:(.*)$/.exec(entry);
    if (found && found[3].length > 64) return { refused: "it holds a value too long for any input" };
    const spec = found && specs[Number(found[1])];
    if (!spec) return { refused: `it names an input this resolver does not have (“${entry.slice(0, 12)}”)` };
    if (found[2] === undefined) {
      state[spec.name] = decodeValue(spec, found[3]);
      continue;
    }
    const part = isGroup(spec) && (spec.parts || [])[Number(found[2])];
    if (!part) return { refused: `it names an input this resolver does not have (“${entry.slice(0, 12)}”)` };
    state[spec.name] ??= Object.create(null);
    state[spec.name][part.name] = decodeValue(part, found[3]);
  }
  return { state };
}

/** The inputs stored for this resolver: { state } (an object with no prototype), { refused: why }, or null when the
 * link has none. Values are as stored: the widget checks each by its input's kind (input-check.js). */
export function readState(resolverId, specs) {
  const raw = params().get(resolverId);
  if (raw === null) return null;
  if (!raw.trimStart().startsWith("{")) return decodeState(specs, raw);
  try {
    const value = plain(JSON.parse(raw));
    return value && typeof value === "object" && !Array.isArray(value) ? { state: value } : { refused: "it is not a set of inputs" };
  } catch {
    return { refused: "its text is not valid JSON" };
  }
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
