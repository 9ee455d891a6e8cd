// What the page scripts (calculators/page/*.js) find on window, for tsc (tsconfig.json): set by our own
// scripts or by the theme, never declared in a module.

interface Window {
  /** The engine of this visit (calculators/page/engine.js getEngine); tests read it too. */
  rulesEngine?: import("../calculators/page/engine.js").Engine;
  /** The worker the page's head started before any module ran (overrides/main.html). */
  rulesEnginePrestart?: { worker: Worker; queued: (MessageEvent | ErrorEvent)[] } | null;
  /** Material's replaying subject: emits on the first load and after every instant navigation. */
  document$?: { subscribe(next: () => void): unknown };
  /** The theme's subject of each location instant navigation moves to, before it loads a page or scrolls. */
  location$?: { subscribe(next: (url: URL) => void): unknown };
}

interface HTMLElement {
  /** The widget that took this [data-resolver] block over (calculators/page/widget.js). */
  widget?: import("../calculators/page/widget.js").Widget;
}
