// "Keep the screen on" while a game is open (the Fleet page): the Screen Wake Lock API where the browser has it,
// asked again when the page is shown again (the browser lets the lock go whenever the page is hidden). Where the
// browser has no such API, or refuses the lock, the toggle says so in plain words and nothing pretends to hold it.
//
// DOM hooks (stable; tests rely on them):
//   button[data-region="wake-lock"]  "Keep the screen on", aria-pressed; disabled where the browser has no wake lock
//   [data-region="wake-note"]        role=status: what the toggle did, or why it cannot

import { el } from "./dom.js";

const NO_API = "This browser cannot keep the screen on from a page: set the phone's screen timeout longer for the game.";

/** The toggle and its note, in a box to put on the page. @returns {HTMLElement} */
export function wakeLockToggle() {
  const note = el("p", { class: "fleet__wake-note", role: "status", "data-region": "wake-note" });
  const button = el("button", { type: "button", class: "fleet__wake", "data-region": "wake-lock", "aria-pressed": "false", text: "Keep the screen on" });
  const box = el("div", { class: "fleet__wake-box" }, button, note);
  if (!("wakeLock" in navigator)) {
    button.disabled = true;
    note.textContent = NO_API;
    return box;
  }
  /** @type {any} the lock held now, if any */
  let lock = null;
  let wanted = false;
  const show = (/** @type {string} */ text) => {
    button.setAttribute("aria-pressed", String(Boolean(lock)));
    note.textContent = text;
  };
  const acquire = async () => {
    try {
      lock = await /** @type {any} */ (navigator).wakeLock.request("screen");
      lock.addEventListener("release", () => {
        lock = null;
        if (wanted && document.visibilityState === "visible") acquire(); // let go while shown: ask again
        else if (wanted) show("The screen is kept on while this page is shown.");
      });
      if (!wanted) return lock.release();
      show("The screen is kept on while this page is shown.");
    } catch (error) {
      wanted = false;
      lock = null;
      show(`The screen could not be kept on: ${error instanceof Error ? error.message : error}.`);
    }
  };
  button.addEventListener("click", () => {
    wanted = !wanted;
    if (wanted) return acquire();
    const held = lock;
    lock = null;
    show("The screen goes dark as the phone sets it to.");
    held?.release();
  });
  document.addEventListener("visibilitychange", () => {
    if (wanted && !lock && button.isConnected && document.visibilityState === "visible") acquire();
  });
  return box;
}
