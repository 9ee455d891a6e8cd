// Page entry (an async module in every page's head, overrides/main.html): runs once per visit,
// often while the page still parses. A Resolve tapped from then on is answered at once
// (hearOpens); the rest waits for the theme: Material's document$ emits on the first load and
// after every instant navigation, and each emission mounts the widgets of the page now shown.

import { getEngine } from "./engine.js";
import { landOnFragment, settleScroll } from "./landing.js";
import { registerOffline } from "./offline.js";
import { completePage, nameMaterialParts } from "./page-a11y.js";
import { markTerms } from "./popover.js";
import { labelSearchResults } from "./search.js";
import { hearOpens, mountAll, whenIdle } from "./widget.js";

// Work no first answer needs (glossary marks, scroll boxes: a walk of the page's text and a
// forced layout, a second or more on a phone for a long page) waits until the engine has given
// its first answers (nothing left to ask) or failed, then for idle time: run earlier, it holds
// back the answer that arrives meanwhile. It runs LATEST_MS after the page at the latest.
const LATEST_MS = 8000;

function afterFirstAnswers(work) {
  const engine = document.querySelector("[data-resolver]") ? window.rulesEngine : null;
  const settled = () => !engine || engine.state === "error" || (engine.answered && engine.idle);
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    removeEventListener("rules-engine-idle", check);
    removeEventListener("rules-engine-state", check);
    whenIdle(work);
  };
  const check = () => settled() && run();
  if (settled()) return run();
  addEventListener("rules-engine-idle", check);
  addEventListener("rules-engine-state", check);
  setTimeout(run, LATEST_MS);
}

function onPage() {
  landOnFragment();
  if (document.querySelector("[data-resolver]")) getEngine(); // adopt the worker the page's head started
  mountAll()
    .then(settleScroll)
    .catch((error) => console.warn("resolver widgets:", error));
  if (document.querySelector("[data-fleet]")) {
    import("./fleet.js").then((fleet) => fleet.mountFleet()).catch((error) => console.warn("fleet:", error));
  }
  // Terms first: a marked term can widen a table's cell, and which boxes scroll sideways is
  // measured once, over the finished text.
  afterFirstAnswers(() => {
    markTerms()
      .catch((error) => console.warn("term look-ups:", error))
      .finally(completePage);
  });
}

function start() {
  nameMaterialParts();
  registerOffline();
  labelSearchResults();
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(onPage);
  else onPage();
}

hearOpens();
// Before the theme's own DOMContentLoaded handler (its bundle ran during parsing), so document$,
// a replaying subject, is subscribed to before its first emission or after it alike.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
