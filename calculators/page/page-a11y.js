// Page-level accessibility that Material's templates leave out, applied to each page shown:
// the search overlay (role="dialog") and the instant-navigation progress bar get names, and a
// wide table that scrolls sideways in its own box can be reached and scrolled by keyboard.

/** Name Material's unnamed search dialog and instant-navigation progress bar, and move the bar (a fixed line at the
 * top of the screen, written after the footer) into the header: all content sits in a landmark. Run as soon as the
 * page has parsed (main.js), so an audit of the first paint finds them named. */
export function nameMaterialParts() {
  const search = document.querySelector(".md-search[role='dialog']");
  if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search the rules");
  const progress = document.querySelector(".md-progress");
  if (progress && !progress.hasAttribute("aria-label")) progress.setAttribute("aria-label", "Loading the page");
  const header = document.querySelector("header.md-header");
  if (progress && header && !header.contains(progress)) header.append(progress);
}

/** "Ram" for a box under the heading "Ram" (its permalink sign left out), or "" before any heading.
 * @param {Element} box @param {Element[]} headings the page's, read once for all its boxes */
function sectionOf(box, headings) {
  const above = headings.filter((h) => h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
  const words = above ? [...above.childNodes].filter((n) => !(n instanceof Element && n.matches(".headerlink"))).map((n) => n.textContent).join("").trim() : "";
  return words;
}

/** A table wider than the screen scrolls in its own box: let the keyboard reach that box. */
function focusableScrollBoxes() {
  // Measure every box first, then write: a write between two reads would lay the page out again.
  // Boxes away from the view are not laid out (extra.css: content-visibility): lay them all out
  // for this one measure.
  const boxes = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])"))];
  document.documentElement.classList.add("measuring-scroll-boxes");
  const scrolling = boxes.filter((box) => box.scrollWidth > box.clientWidth);
  document.documentElement.classList.remove("measuring-scroll-boxes");
  const headings = [...document.querySelectorAll("article h1, article h2, article h3, article h4")];
  const names = new Map(); // a region's name is unique on its page: "Table: Ram", "Table: Ram 2"
  for (const box of scrolling) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    const section = sectionOf(box, headings);
    const name = section ? `Table: ${section}` : "Table";
    const count = (names.get(name) || 0) + 1;
    names.set(name, count);
    box.setAttribute("aria-label", count > 1 ? `${name} ${count}` : name);
  }
}

/** Called on every page Material shows, once its terms are marked (never waiting on the engine). Marks the article
 * `data-page-complete` (an audit of the finished page waits for it). */
export function completePage() {
  nameMaterialParts();
  focusableScrollBoxes();
  document.querySelector("article.md-content__inner")?.setAttribute("data-page-complete", "");
}
