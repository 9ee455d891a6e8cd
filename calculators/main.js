// Page entry (extra_javascript, type=module): runs once per visit. Material's document$ emits on
// the first load and after every instant navigation; each emission mounts the widgets of the
// page now shown. The engine and the service worker are started once, here in module scope.

import { getEngine } from "./engine.js";
import { registerOffline } from "./offline.js";
import { mountAll } from "./widget.js";

// Did the reader scroll since this page was shown? Then we never move the page for them.
let readerScrolled = false;
for (const type of ["wheel", "touchmove", "keydown", "mousedown"]) {
  addEventListener(type, () => { readerScrolled = true; }, { passive: true, capture: true });
}

/** What the fragment points at: a shared resolver's block, or a heading anchor. */
function fragmentTarget() {
  const hash = location.hash.slice(1);
  if (!hash) return null;
  if (hash.includes("=")) {
    const id = new URLSearchParams(hash).keys().next().value;
    return id ? document.querySelector(`[data-resolver="${CSS.escape(id)}"]`) : null;
  }
  return document.getElementById(decodeURIComponent(hash));
}

// Mounting widgets changes the height of the blocks above an anchor: bring the target back into
// view (a shared resolution opens at its widget), unless the reader has already scrolled.
function settleScroll() {
  const target = fragmentTarget();
  if (target && !readerScrolled) target.scrollIntoView();
}

function onPage() {
  readerScrolled = false;
  if (document.querySelector("[data-resolver]")) getEngine(); // start loading at once, in the background
  mountAll()
    .then(settleScroll)
    .catch((error) => console.warn("resolver widgets:", error));
}

registerOffline();
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
