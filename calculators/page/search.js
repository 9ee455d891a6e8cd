// Search, for a phone at the table: a rule's name finds the rule, and every result says where it is.
//
// The themes do most of it: Material's lunr and Zensical's engine search the pages, and the
// resolver blocks are kept out of their indexes (data-search-exclude). What they cannot do:
// - put the entry whose name was typed first. Both rank a page that mentions "Ram" thirty times
//   (Readings, the changes page) above the Ram rule, Zensical has no per-page boost, and a name two
//   versions share (Boost) must pick one. assets/search-entries.json (scripts/build/search_entries.py)
//   lists every entry, Trait and Damage term: the one named is pinned at the top of the results,
//   and Enter in the search field opens it at its heading. A qualifier picks another: "Boost v1.2.1",
//   "Ram galley".
// - say where a result is. Material's results name only the page's title; each result gets its
//   page's place ("Jovian Wars v1.2.4 · Actions") and each entry its kind ("... · Action").
//   Zensical's results name their place already (game, version, page); entries get their kind.

import { landOnFragment } from "./landing.js";

const SITE_ROOT = new URL("../../../", import.meta.url);
const ENTRIES_URL = new URL("../../search-entries.json", import.meta.url);

let catalogue = null; // {entries, pages, byHref} once loaded
let loading = null;

/** Load the names once (the file is in the offline precache). */
function loadCatalogue() {
  loading ??= fetch(ENTRIES_URL)
    .then((response) => (response.ok ? response.json() : { entries: [], pages: {} }))
    .then((data) => {
      const entries = data.entries.map((entry) => ({ ...entry, href: new URL(entry.url, SITE_ROOT).href, words: words(entry.name) }));
      const pages = new Map(Object.entries(data.pages).map(([url, place]) => [new URL(url, SITE_ROOT).pathname, place]));
      // The first record of a place wins: a rules entry before a Damage term pointing at the same heading.
      const byHref = new Map();
      for (const entry of entries) if (!byHref.has(entry.href)) byHref.set(entry.href, entry);
      catalogue = { entries, pages, byHref };
      refreshAll();
      return catalogue;
    })
    .catch((error) => {
      console.warn("search names:", error);
      catalogue = { entries: [], pages: new Map(), byHref: new Map() };
      return catalogue;
    });
  return loading;
}

/** "Hard Burn:X" -> ["hard", "burn", "x"]; version numbers keep their dots. */
function words(text) {
  return text.toLowerCase().split(/[^\p{L}\p{N}.]+|\.(?!\d)/u).filter(Boolean);
}

/**
 * The entry a query names: its whole name, with only qualifiers of that entry before or after it
 * ("v1.2.1 Boost", "Ram war galley"). More qualifiers matched first, then the entry's rank.
 */
export function namedEntry(query) {
  if (!catalogue) return null;
  const typed = words(query);
  if (!typed.length) return null;
  let best = null;
  let bestScore = -Infinity;
  for (const entry of catalogue.entries) {
    const name = entry.words;
    for (const at of new Set([0, typed.length - name.length])) {
      if (at < 0 || !name.every((word, i) => typed[at + i] === word)) continue;
      const rest = [...typed.slice(0, at), ...typed.slice(at + name.length)];
      if (!rest.every((word) => entry.qualifiers.includes(word))) continue;
      const score = rest.length * 100 - entry.rank;
      if (score > bestScore) [best, bestScore] = [entry, score];
    }
  }
  return best;
}

/** The entry a result link points at (its ?h= highlight dropped), if any. */
function entryOf(href) {
  const url = new URL(href, location.href);
  url.search = "";
  return catalogue?.byHref.get(url.href) ?? null;
}

// ---- Material: the results list in the header ------------------------------------------------

/** The navigation's place of every page: pathname -> "Dice", "Jovian Wars · Traits glossary". */
function placesFromNavigation() {
  const places = new Map();
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll(".md-nav--primary a.md-nav__link[href]"))) {
    const url = new URL(link.href);
    if (url.hash || places.has(url.pathname)) continue;
    const sections = [];
    for (let item = link.closest(".md-nav__item--nested"); item; item = item.parentElement?.closest(".md-nav__item--nested") ?? null) {
      const label = item.querySelector(":scope > .md-nav__link");
      if (label) sections.unshift(label.textContent.trim().replace(/\s+/g, " "));
    }
    const name = link.textContent.trim().replace(/\s+/g, " ");
    places.set(url.pathname, sections.length ? `${sections.join(" ")} · ${name}` : name);
  }
  return places;
}

let navPlaces = null;

/** A rules page's place from the catalogue ("Jovian Wars v1.2.4 · Actions"), another's from the navigation. */
function placeOf(pathname) {
  navPlaces ??= placesFromNavigation();
  return catalogue?.pages.get(pathname) ?? navPlaces.get(pathname);
}

function line(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

/** Each result's page title gets its place above it; each entry's title its place and kind. */
function labelMaterial(list) {
  for (const link of list.querySelectorAll(".md-search-result__item:not(.search-best) .md-search-result__link")) {
    const title = link.querySelector("article > h1, article > h2");
    if (!title || link.querySelector(".search-place, .search-entry")) continue;
    const entry = entryOf(link.href);
    if (entry) title.before(line("search-entry", entry.label));
    else if (title.tagName === "H1") {
      const place = placeOf(new URL(link.href).pathname);
      if (place) title.before(line("search-place", place));
    }
  }
}

/** The named entry pinned first in the list, as a result of its own. */
function pinMaterial(list, entry) {
  const pinned = list.querySelector(":scope > .search-best");
  if (pinned && (!entry || pinned.dataset.href !== entry.href)) pinned.remove();
  else if (pinned) {
    if (list.firstElementChild !== pinned) list.prepend(pinned);
    return;
  }
  if (!entry || !list.firstElementChild) return; // no results yet: the theme is still searching
  const item = document.createElement("li");
  item.className = "md-search-result__item search-best";
  item.dataset.href = entry.href;
  const link = document.createElement("a");
  link.className = "md-search-result__link";
  link.href = entry.href;
  const article = document.createElement("article");
  article.className = "md-search-result__article md-typeset";
  const title = document.createElement("h1");
  title.textContent = entry.name;
  article.append(line("search-entry", entry.label), title);
  link.append(article);
  item.append(link);
  list.prepend(item);
}

function refreshMaterial() {
  const list = document.querySelector(".md-search-result__list");
  const input = /** @type {HTMLInputElement | null} */ (document.querySelector("input.md-search__input"));
  if (!list || !input) return;
  labelMaterial(list);
  pinMaterial(list, namedEntry(input.value));
}

// ---- Zensical: its search dialog, in an open shadow root ---------------------------------------

/** Zensical's search dialog, if the page has one (a shadow root holding the results listbox). */
function zensicalRoots() {
  return [...document.body.children].map((el) => el.shadowRoot).filter(/** @param {ShadowRoot | null} root @returns {root is ShadowRoot} */ (root) => Boolean(root?.querySelector("dialog")));
}

function labelZensical(root) {
  for (const option of root.querySelectorAll("ol[role='listbox'] > li:not(.search-best) > a[href]")) {
    const entry = entryOf(option.href);
    const path = option.querySelector("menu");
    if (!entry || !path || path.querySelector(".search-kind")) continue;
    const kind = document.createElement("li");
    kind.className = "search-kind";
    kind.textContent = entry.label.split(" · ").slice(2).join(" · ");
    path.append(kind);
  }
}

function pinZensical(root, entry) {
  const list = root.querySelector("ol[role='listbox']");
  if (!list) return;
  const pinned = list.querySelector(":scope > .search-best");
  if (pinned && (!entry || pinned.dataset.href !== entry.href)) pinned.remove();
  if (!entry) return;
  if (list.firstElementChild?.dataset.href === entry.href) return;
  if (pinned) { list.prepend(pinned); return; }
  // A copy of the theme's own first result, so it is styled as one (the shadow root's styles are the theme's).
  const model = list.querySelector(":scope > li:not(.search-best)");
  if (!model) return;
  const item = model.cloneNode(true);
  item.classList.add("search-best");
  item.dataset.href = entry.href;
  for (const el of [item, ...item.querySelectorAll("*")]) {
    el.removeAttribute("id");
    el.removeAttribute("aria-labelledby");
    el.removeAttribute("aria-describedby");
    el.removeAttribute("aria-selected");
  }
  const link = item.querySelector("a") ?? item;
  link.href = entry.href;
  const title = item.querySelector("h2, h1");
  if (title) title.textContent = entry.name;
  const path = item.querySelector("menu");
  if (path) path.replaceChildren(...entry.label.split(" · ").map((part) => Object.assign(document.createElement("li"), { textContent: part })));
  const teaser = title?.nextElementSibling?.nextElementSibling;
  if (teaser && teaser !== path) teaser.remove();
  list.prepend(item);
}

const watchedRoots = new WeakSet();

function refreshZensical() {
  for (const root of zensicalRoots()) {
    if (!watchedRoots.has(root)) {
      watchedRoots.add(root);
      new MutationObserver(() => refreshZensicalRoot(root)).observe(root, { childList: true, subtree: true });
    }
    refreshZensicalRoot(root);
  }
}

function refreshZensicalRoot(root) {
  const input = root.querySelector("input");
  labelZensical(root);
  pinZensical(root, input ? namedEntry(input.value) : null);
}

function refreshAll() {
  if (!catalogue) return;
  refreshMaterial();
  refreshZensical();
}

// ---- Enter opens the named entry --------------------------------------------------------------

/** @param {unknown} element @returns {element is HTMLInputElement} */
function isSearchField(element) {
  return element instanceof HTMLInputElement
    && (element.matches("input.md-search__input") || (element.getRootNode() instanceof ShadowRoot && !!element.closest("dialog")));
}

/** Follow a same-site link as a click on it would: the theme's instant navigation takes it. */
function follow(href) {
  const link = document.createElement("a");
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Open an entry at its heading, as a tap on its link would: the theme's instant navigation loads
 * another page, or scrolls to the heading on this one (landing.js holds it in view once the overlay
 * lets go of the body). Material: close its overlay (its toggle) first. Zensical: a followed link
 * closes its search dialog by itself (closing it first as well would open it again).
 * An entry at the location shown is landed on here: the theme would step back the history entry its
 * link made and scroll, under the search's lock of the page, which then puts the old offset back.
 * @param {string} href @param {HTMLInputElement} field
 */
function openEntry(href, field) {
  if (!(field.getRootNode() instanceof ShadowRoot)) {
    // As Material's own Escape does: close, then blur. Material opens search whenever its field is
    // focused (after a 1 ms debounce), so a field left focused could open it again behind us.
    const toggle = /** @type {HTMLInputElement | null} */ (document.getElementById("__search"));
    if (toggle?.checked) toggle.click();
    field.blur();
  }
  if (new URL(href).href === location.href) landOnFragment();
  else follow(href);
}

addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.isComposing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const field = event.composedPath()[0];
  if (!isSearchField(field)) return;
  const entry = namedEntry(field.value);
  if (!entry) return; // the theme's own Enter: its top result
  event.preventDefault();
  event.stopImmediatePropagation();
  openEntry(entry.href, field);
}, true); // before the theme's own handlers

/** A tapped result of Material's at the location shown is opened as Enter opens one; the others are the theme's. */
function hearResultTaps(/** @type {Element} */ list) {
  list.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const field = document.querySelector("input.md-search__input");
    if (!(link instanceof HTMLAnchorElement) || link.href !== location.href || !isSearchField(field)) return;
    event.preventDefault();
    event.stopPropagation(); // the theme never sees it
    openEntry(link.href, field);
  }, true);
}

// ---- Start ------------------------------------------------------------------------------------

/** Watch the search results (Material's list lives in the header, which instant navigation keeps;
 *  Zensical's dialog is added to the body when search first opens). */
export function labelSearchResults() {
  if (document.documentElement.dataset.searchWatched) return;
  document.documentElement.dataset.searchWatched = "yes";
  loadCatalogue();
  const list = document.querySelector(".md-search-result__list");
  if (list) {
    new MutationObserver(() => catalogue && refreshMaterial()).observe(list, { childList: true, subtree: true });
    hearResultTaps(list);
  }
  new MutationObserver(() => catalogue && refreshZensical()).observe(document.body, { childList: true });
  document.addEventListener("input", (event) => isSearchField(event.composedPath()[0]) && refreshAll());
  refreshZensical();
}

// The home page's "Search the rules" button opens Material's search overlay, as the header's
// magnifier does (Material watches its toggle's change event), with the field focused so the
// phone's keyboard comes up within the same tap.
document.addEventListener("click", (event) => {
  if (!(event.target instanceof Element) || !event.target.closest("[data-open-search]")) return;
  const toggle = /** @type {HTMLInputElement | null} */ (document.getElementById("__search"));
  if (toggle && !toggle.checked) toggle.click();
  /** @type {HTMLInputElement | null} */ (document.querySelector("input.md-search__input"))?.focus();
});
