// The typed message protocol between the page and the engine worker (STYLE.md §13).
//
// Page -> worker:  {id, type: "describe" | "odds" | "resolve", resolver, inputs}
// Worker -> page:  {id, result}            the rules_core answer (JSON)
//                  {id, error, field}      a RulesError message as data (field: the input, or null)
//                  {type: "ready", ms, from, snapshotMs, snapshotBytes}
//                                          once, when Pyodide and rules_core are loaded
//                                          (from: "fresh" or "snapshot")
//                  {type: "failed", error} once, if loading failed

/** @typedef {"describe" | "odds" | "resolve"} RequestType */
export const REQUEST_TYPES = Object.freeze(["describe", "odds", "resolve"]);

/** @param {any} message */
export function isRequest(message) {
  return (
    message !== null &&
    typeof message === "object" &&
    Number.isInteger(message.id) &&
    REQUEST_TYPES.includes(message.type) &&
    typeof message.resolver === "string"
  );
}

/** @param {any} message */
export function isAnswer(message) {
  return message !== null && typeof message === "object" && Number.isInteger(message.id) && ("result" in message || "error" in message);
}
