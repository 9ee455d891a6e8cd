// Search, for a phone at the table. Results say where they are: "Jovian Wars v1.2.4 · Actions". Two versions of the rules
// share entry names (Boost, Land, Evade), and Material's results name only the page's own title
// ("Action"), so each result gets its page's place in the site's navigation written above it.

/** The navigation's place of every page: pathname -> "Jovian Wars v1.2.4 · Actions". */
function placesFromNavigation() {
  const places = new Map();
  for (const link of document.querySelectorAll(".md-nav--primary a.md-nav__link[href]")) {
    const url = new URL(link.href);
    if (url.hash || places.has(url.pathname)) continue;
    const sections = [];
    for (let item = link.closest(".md-nav__item--nested"); item; item = item.parentElement.closest(".md-nav__item--nested")) {
      const label = item.querySelector(":scope > .md-nav__link");
      if (label) sections.unshift(label.textContent.trim().replace(/\s+/g, " "));
    }
    const name = link.textContent.trim().replace(/\s+/g, " ");
    places.set(url.pathname, sections.length ? `${sections.join(" ")} · ${name}` : name);
  }
  return places;
}

/** Write the place above each result's page title (the first link of a result item). */
function label(list, places) {
  for (const link of list.querySelectorAll(".md-search-result__item > .md-search-result__link:first-child")) {
    const title = link.querySelector("article > h1");
    const place = places.get(new URL(link.href).pathname);
    if (!title || !place || link.querySelector(".search-place")) continue;
    const line = document.createElement("p");
    line.className = "search-place";
    line.textContent = place;
    title.before(line);
  }
}

/** Watch the search results list (it lives in the header, which instant navigation keeps). */
export function labelSearchResults() {
  const list = document.querySelector(".md-search-result__list");
  if (!list || list.dataset.placed) return;
  list.dataset.placed = "yes";
  let places = null;
  new MutationObserver(() => {
    places ??= placesFromNavigation();
    label(list, places);
  }).observe(list, { childList: true, subtree: true });
}

// The home page's "Search the rules" button opens Material's search overlay, as the header's
// magnifier does (Material watches its toggle's change event), with the field focused so the
// phone's keyboard comes up within the same tap.
document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element) || !event.target.closest("[data-open-search]")) return;
  const toggle = document.getElementById("__search");
  if (toggle && !toggle.checked) toggle.click();
  document.querySelector("input.md-search__input")?.focus();
});
