// Widget state in the URL fragment, so a resolution can be shared and reloaded.
//
// Format: "#" + URLSearchParams, one key per widget (its resolver id), the value the JSON of
// the inputs that differ from the defaults: #dice/unopposed={"faces":[2,2,5]}&dice/opposed={...}
// A fragment that is not ours (a heading anchor) is left alone and yields no state.
//
// A link is data from anyone: parsing copies plain JSON values into objects with no prototype,
// so keys like "__proto__" or "constructor" are ordinary (and later ignored) names, never
// a way into Object.prototype.

const MAX_DEPTH = 8; // inputs nest one group deep; anything deeper is not ours

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

/** The inputs stored for this resolver (an object with no prototype), or null. Values are returned
 * as stored: the widget checks each by its input's kind (input-check.js) before anything uses it. */
export function readState(resolverId) {
  const raw = params().get(resolverId);
  if (raw === null) return null;
  try {
    const value = plain(JSON.parse(raw));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Is there state for this resolver in the fragment (a shared link)? */
export function hasState(resolverId) {
  return params().has(resolverId);
}

/** A full link to this page with only this widget's state in the fragment. */
export function shareUrl(resolverId, inputs) {
  const params = new URLSearchParams();
  params.set(resolverId, JSON.stringify(inputs));
  return `${location.origin}${location.pathname}${location.search}#${params.toString()}`;
}

/** Store this resolver's inputs, keeping the other widgets' entries; no history entry, no scroll. */
export function writeState(resolverId, inputs) {
  const kept = params();
  kept.set(resolverId, JSON.stringify(inputs));
  history.replaceState(history.state, "", `${location.pathname}${location.search}#${kept.toString()}`);
}
