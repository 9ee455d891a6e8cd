// Page-level accessibility that Material's templates leave out, applied to each page shown:
// the search overlay (role="dialog") and the instant-navigation progress bar get names, and a
// wide table that scrolls sideways in its own box can be reached and scrolled by keyboard.

/** Name Material's unnamed search dialog and instant-navigation progress bar. */
function nameMaterialParts() {
  const search = document.querySelector(".md-search[role='dialog']");
  if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search the rules");
  const progress = document.querySelector(".md-progress");
  if (progress && !progress.hasAttribute("aria-label")) progress.setAttribute("aria-label", "Loading the page");
}

/** A table wider than the screen scrolls in its own box: let the keyboard reach that box. */
function focusableScrollBoxes() {
  // Measure every box first, then write: a write between two reads would lay the page out again.
  // Boxes away from the view are not laid out (extra.css: content-visibility): lay them all out
  // for this one measure.
  const boxes = [...document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")];
  document.documentElement.classList.add("measuring-scroll-boxes");
  const scrolling = boxes.filter((box) => box.scrollWidth > box.clientWidth);
  document.documentElement.classList.remove("measuring-scroll-boxes");
  for (const box of scrolling) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    const caption = box.querySelector("caption, th");
    box.setAttribute("aria-label", caption ? `Table: ${caption.textContent.trim()}` : "Table");
  }
}

/** Called on every page Material shows. */
export function completePage() {
  nameMaterialParts();
  focusableScrollBoxes();
}
