// Landing on a fragment: a link to #boarded (a search result, a shared resolution, a link from
// another page) opens with its target just below the header, and keeps it there while the page's
// layout settles, until the reader scrolls.
//
// Why Material alone does not: on a phone, opening search locks the body (position: fixed,
// patches/scrolllock) and tapping a result unlocks it only 225 ms after the tap (the search
// closes 125 ms after the navigation, the lock lifts 100 ms later). When the new page arrives
// before that, Material's anchor jump lands on a body that cannot scroll, and the unlock then
// restores the old offset: the page opens at its top. Blocks that grow after the page is shown
// (widgets mounting, odds filled in) then push the target further down.

/** How long the layout must stay still before we stop watching it (ms). */
const SETTLED_AFTER = 600;
/** We never hold the page for longer than this after it is shown (ms). */
const GIVE_UP_AFTER = 15_000;
/** Air between the header and the target, in px. */
const GAP = 8;

let handsOff = false;
let landing = null; // the watch of the page now shown, so a new page can stop it

// Did the reader scroll, or put a finger or the pointer down, since this page was shown? Then we never
// move the page for them: a layout change held after a tap began would move what they tap from under them.
// Nor on a page shown by Back or Forward: the theme has put the reader back where they were.
for (const type of ["wheel", "touchstart", "touchmove", "pointerdown", "keydown", "mousedown"]) {
  addEventListener(type, () => { handsOff = true; }, { passive: true, capture: true });
}

// Back and forward return to the reader's place (the theme does it): we leave those alone. The theme
// saves it in each history entry's state, so a step back or forward pops a state; a link or a
// fragment typed makes a new entry, with none (the theme's own test, when it scrolls after a location).
let fromHistory = false;
let shownPath = location.pathname; // the page now shown: a location on it loads no page (theme_bundle.py)

/**
 * Follow the theme's locations (its location$: each location instant navigation moves to, a tapped link,
 * Back, Forward, a fragment typed, before it loads a page or scrolls). One within the page shown loads no
 * page, so no document$ follows it: it is landed on here.
 * @param {{ subscribe(next: (url: URL) => void): unknown }} location$
 */
export function followLocations(location$) {
  location$.subscribe((url) => {
    fromHistory = history.state !== null;
    if (url.pathname === shownPath) landOnFragment();
  });
}

/** What the fragment points at: a shared resolver's block, or a heading anchor. */
export function fragmentTarget() {
  const hash = location.hash.slice(1);
  if (!hash) return null;
  if (hash.includes("=")) {
    const id = new URLSearchParams(hash).keys().next().value;
    return id ? document.querySelector(`[data-resolver="${CSS.escape(id)}"]`) : null;
  }
  try {
    return document.getElementById(decodeURIComponent(hash));
  } catch {
    return null; // a malformed escape in a typed link: no target
  }
}

/** The header's bottom edge, in viewport px (Material's header is sticky). */
function headerBottom() {
  const header = document.querySelector(".md-header");
  return header ? header.getBoundingClientRect().bottom : 0;
}

/**
 * What the landing holds in view: an element, and where its top goes on the screen (px from the viewport's top).
 * @typedef {{ element: () => Element, top: () => number }} Spot
 */

/** A link's target just below the header (a shared resolution's outcome once it is drawn). @returns {Spot | null} */
function fragmentSpot() {
  const target = fragmentTarget();
  return target && { element: () => landingPoint(target), top: () => headerBottom() + GAP };
}

/** The reader's place kept in a history entry, as the theme's mend saves it on leaving (theme_bundle.py __place: the
 * article's first block in view, counted from the article's end, and where its top stood). @returns {Spot | null} */
function placeSpot(/** @type {any} */ state) {
  const place = state && state.place;
  const blocks = document.querySelectorAll(".md-content__inner > *");
  const block = place && Number.isInteger(place.fromEnd) && Number.isFinite(place.within) && blocks[blocks.length - place.fromEnd];
  return block ? { element: () => block, top: () => place.within } : null;
}

let spot = /** @type {Spot | null} */ (null); // what the page now shown is held at

/** Put the spot's element where it goes, unless it is there already. @param {Spot} at */
function bringIntoView(at) {
  const off = at.element().getBoundingClientRect().top - at.top();
  if (Math.abs(off) > 1) window.scrollBy(0, off);
}

/** Stop watching the page's layout. */
function stopLanding() {
  if (!landing) return;
  landing.resize.disconnect();
  landing.lock.disconnect();
  clearTimeout(landing.settled);
  clearTimeout(landing.giveUp);
  landing = null;
}

/**
 * Called on every page the theme shows (first load and each instant navigation) and every jump within
 * it: land on the fragment's target, or on Back and Forward on the reader's place the entry keeps, once the
 * body can scroll, then hold it in place while the layout grows (widgets mounted, blocks drawn near the view).
 * An entry of Back or Forward with no place (not one the theme's mend left) is the theme's offset, left alone.
 */
export function landOnFragment() {
  stopLanding();
  shownPath = location.pathname;
  handsOff = false;
  spot = fromHistory ? placeSpot(history.state) : fragmentSpot();
  fromHistory = false;
  if (!spot) return;
  const held = spot;

  const body = document.body;
  const hold = () => {
    if (handsOff) { stopLanding(); return; }
    if (body.hasAttribute("data-md-scrolllock")) return; // the search overlay still holds the page
    bringIntoView(held);
    clearTimeout(current.settled);
    current.settled = setTimeout(stopLanding, SETTLED_AFTER);
  };
  const current = {
    resize: new ResizeObserver(hold), // the page grew or shrank: widgets, odds, images
    lock: new MutationObserver(hold), // the search overlay let go of the body
    settled: 0,
    giveUp: setTimeout(stopLanding, GIVE_UP_AFTER),
  };
  landing = current;
  current.resize.observe(body);
  current.lock.observe(body, { attributes: true, attributeFilter: ["data-md-scrolllock", "style"] });
  hold();
}

/** Where to hold the view: a shared resolution's outcome once it is drawn, else the target itself. */
function landingPoint(target) {
  if (!target.matches("[data-resolver]")) return target;
  const headline = target.querySelector('[data-region="outcome"] .resolver__headline');
  return headline && headline.textContent.trim() ? headline : target;
}

/** Bring the spot back after blocks above it changed height (widgets mounted). */
export function settleScroll() {
  if (spot && !handsOff && !document.body.hasAttribute("data-md-scrolllock")) bringIntoView(spot);
}
