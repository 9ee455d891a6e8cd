// The typed message protocol between the page and the engine worker (STYLE.md §13).
//
// Page -> worker:  {id, type: "describe" | "odds" | "resolve" | "ship" | "squadron", resolver, inputs, channel?}
//                  ("ship", "squadron": resolver is the game and version, "jovian-wars/v1.2.4", inputs a fleet ship
//                  or Squadron)
//                  sent at once, before "ready" too; the worker runs them one at a time, oldest
//                  first, and skips one when a later request on the same channel is waiting
// Worker -> page:  {id, started: true}       it starts running request id (the page's cut timer)
//                  {id, result}              the rules_core answer (JSON)
//                  {id, error, field}        a RulesError message as data (field: the input, or null)
//                  {id, superseded: true}    skipped: a later request on its channel was waiting
//                  {type: "ready", ms, from, build, timeline}
//                                            once, when Pyodide and rules_core are loaded
//                                            (from: "fresh" or "snapshot"; build: the build's stamp)
//                  {type: "failed", error, file}  once, if loading failed (a file's download, damaged
//                                            bytes); file: the URL of a file the server did not give, or null
//                  {type: "snapshot-saved", outcome, ms, bytes}  after a fresh boot (once the requests
//                                            waiting were answered), once its memory snapshot's save has
//                                            ended: "saved", "storage-full" (no room) or "failed"; ms and
//                                            bytes: making the snapshot
//                  {type: "alive", lock}     once, early: the name of a Web Lock the worker holds for its
//                                            life (the page learns of its end, a lost worker, when it is free)
//                  {type: "step", step}      as each boot step starts: "worker-run", "downloads", "compile",
//                                            "python-start", then "install" (fresh) or "self-test" (snapshot)
//                  {type: "beat", step, done}  each second from the worker's first line, through Python's
//                                            start too (worker/progress.js); done: the work done so far (steps,
//                                            bytes read, file-system calls): the page's watchdog judges it by these

/** @typedef {"describe" | "odds" | "resolve" | "ship" | "squadron"} RequestType */
export const REQUEST_TYPES = Object.freeze(["describe", "odds", "resolve", "ship", "squadron"]);

const withId = (message) => message !== null && typeof message === "object" && Number.isInteger(message.id);

/** @param {any} message */
export function isRequest(message) {
  return (
    withId(message) &&
    REQUEST_TYPES.includes(message.type) &&
    typeof message.resolver === "string" &&
    (message.channel === undefined || typeof message.channel === "string")
  );
}

/** @param {any} message */
export const isStarted = (message) => withId(message) && message.started === true;

/** @param {any} message */
export const isSkipped = (message) => withId(message) && message.superseded === true;

/** @param {any} message */
export const isAnswer = (message) => withId(message) && ("result" in message || "error" in message);
