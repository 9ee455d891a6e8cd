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

function onPage() {
  landOnFragment();
  completePage();
  markTerms().catch((error) => console.warn("term look-ups:", error));
  if (document.querySelector("[data-resolver]")) getEngine(); // start loading at once, in the background
  mountAll()
    .then(settleScroll)
    .catch((error) => console.warn("resolver widgets:", error));
}

registerOffline();
labelSearchResults();
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
