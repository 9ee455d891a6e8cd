// Page entry (extra_javascript, type=module): runs once per visit. Material's document$ emits on
// the first load and after every instant navigation; each emission mounts the widgets of the
// page now shown. The engine and the service worker are started once, here in module scope.

import { getEngine } from "./engine.js";
import { landOnFragment, settleScroll } from "./landing.js";
import { registerOffline } from "./offline.js";
import { completePage } from "./page-a11y.js";
import { markTerms } from "./popover.js";
import { labelSearchResults } from "./search.js";
import { mountAll } from "./widget.js";

// Work no first answer needs (glossary marks, scroll boxes: a walk of the text and a forced
// layout, seconds on a phone's main thread for a long page) runs when the main thread is idle,
// so it never stands between a tap on Resolve and the engine's answer.
const whenIdle = (work) => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 0));

function onPage() {
  landOnFragment();
  if (document.querySelector("[data-resolver]")) getEngine(); // adopt the worker the page's head started
  mountAll()
    .then(settleScroll)
    .catch((error) => console.warn("resolver widgets:", error));
  whenIdle(() => {
    completePage();
    markTerms().catch((error) => console.warn("term look-ups:", error));
  });
}

registerOffline();
labelSearchResults();
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
