// Page entry (an async module in every page's head, overrides/main.html): runs once per visit,
// often while the page still parses. A Resolve tapped from then on is answered at once
// (hearOpens); the rest waits for the theme: Material's document$ emits on the first load and
// after every instant navigation, and each emission mounts the widgets of the page now shown.

import { getEngine } from "./engine.js";
import { followLocations, landOnFragment, settleScroll } from "./landing.js";
import { registerOffline } from "./offline.js";
import { completePage, nameMaterialParts } from "./page-a11y.js";
import { markTerms } from "./popover.js";
import { labelSearchResults } from "./search.js";
import { hearOpens, mountAll } from "./widget.js";

function onPage() {
  landOnFragment();
  if (document.querySelector("[data-resolver]")) getEngine(); // adopt the worker the page's head started
  mountAll()
    .then(settleScroll)
    .catch((error) => console.warn("resolver widgets:", error));
  if (document.querySelector("[data-fleet]")) {
    import("./fleet.js").then((fleet) => fleet.mountFleet()).catch((error) => console.warn("fleet:", error));
  }
  // From the first paint, whatever the engine does: the terms are marked in slices that let an
  // answer or a tap in between. Terms first: a marked term can widen a table's cell, and which
  // boxes scroll sideways is measured once, over the finished text.
  const article = document.querySelector("article.md-content__inner");
  markTerms()
    .catch((error) => console.warn("term look-ups:", error))
    .finally(() => article === document.querySelector("article.md-content__inner") && completePage());
}

function start() {
  nameMaterialParts();
  registerOffline();
  labelSearchResults();
  if (window.location$ && typeof window.location$.subscribe === "function") followLocations(window.location$);
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
  else onPage();
}

hearOpens();
// Before the theme's own DOMContentLoaded handler (its bundle ran during parsing), so document$,
// a replaying subject, is subscribed to before its first emission or after it alike.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
