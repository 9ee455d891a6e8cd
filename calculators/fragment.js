// Widget state in the URL fragment, so a resolution can be shared and reloaded.
//
// Format: "#" + URLSearchParams, one key per widget (its resolver id), the value the JSON of
// its inputs: #dice/unopposed={"pool":{"base":3},"faces":[2,2,5]}&dice/opposed={...}
// A fragment that is not ours (a heading anchor) is left alone and yields no state.

/** The inputs stored for this resolver, or null. Values are returned as stored: never clamped,
 * so a bad value shared in a link reaches the engine and gets its error message. */
export function readState(resolverId) {
  const raw = new URLSearchParams(location.hash.slice(1)).get(resolverId);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** A link to this page with only this widget's state in the fragment. */
export function shareUrl(resolverId, inputs) {
  const params = new URLSearchParams();
  params.set(resolverId, JSON.stringify(inputs));
  return `${location.pathname}${location.search}#${params.toString()}`;
}

/** Store this resolver's inputs, keeping the other widgets' entries; no history entry, no scroll. */
export function writeState(resolverId, inputs) {
  const hash = location.hash.slice(1);
  const params = new URLSearchParams(hash.includes("=") ? hash : "");
  params.set(resolverId, JSON.stringify(inputs));
  history.replaceState(history.state, "", `${location.pathname}${location.search}#${params.toString()}`);
}
