// Look-ups by tap: a State or Trait in the rule text opens its definition in a popover. A phone
// has no hover, so Material's abbreviations (title tooltips) never show there; this works by tap,
// and by keyboard (each term is a link: Tab to it, Enter opens, Escape closes).
//
// The definitions are the site's own: assets/glossary.json, written at build time from the rules
// pages and the Traits glossary (scripts/hooks/glossary.py), precached with the site, so a
// look-up works offline. Each term stays a real link to its entry, and the popover offers it.

const SITE_ROOT = new URL("../../", import.meta.url);
const GLOSSARY_URL = new URL("../glossary.json", import.meta.url);

/** Where plain-text State names are not marked: headings, links, code, the resolver widgets. */
const SKIP = "h1, h2, h3, h4, h5, h6, a, code, pre, button, label, input, select, textarea, script, style, [data-resolver], .term-popover";
/** Where existing links are left alone: heading permalinks, widgets, the popover itself. */
const SKIP_LINKS = "h1, h2, h3, h4, h5, h6, [data-resolver], .term-popover";
/** The blocks in which a term is marked once, at its first mention. */
const BLOCK = "p, li, td, th, dd, dt";

let glossary = null; // promise of the terms list, fetched once per visit
let popover = null; // the one popover element, kept across instant navigation
let opener = null; // the term that opened it, to give focus back

function loadGlossary() {
  glossary ??= fetch(GLOSSARY_URL)
    .then((response) => (response.ok ? response.json() : { terms: [] }))
    .then((data) => data.terms ?? [])
    .catch(() => []);
  return glossary;
}

/** The page's path under the site root: "jovian-wars/v1.2.4/actions/". */
function pagePath() {
  const path = location.pathname;
  return path.startsWith(SITE_ROOT.pathname) ? path.slice(SITE_ROOT.pathname.length) : path;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Wrap the first mention of each State in each block of the article in a term link. */
function markMentions(article, terms) {
  const named = terms.filter((term) => term.in_text).sort((a, b) => b.match.length - a.match.length);
  if (!named.length) return;
  const byName = new Map(named.map((term) => [term.match, term]));
  const pattern = new RegExp(`\\b(${named.map((term) => escapeRegExp(term.match)).join("|")})\\b`, "g");
  // Elements are tested once each, and a skipped element's whole subtree (a widget) is passed over.
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      if (node.nodeType === Node.TEXT_NODE) return NodeFilter.FILTER_ACCEPT;
      return node.matches(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
    },
  });
  const found = [];
  const marked = new Map(); // block -> names already marked in it
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!pattern.test(node.data)) continue;
    pattern.lastIndex = 0;
    const block = node.parentElement.closest(BLOCK);
    if (!block) continue;
    for (const match of node.data.matchAll(pattern)) {
      const seen = marked.get(block) ?? new Set();
      if (seen.has(match[1])) continue;
      seen.add(match[1]);
      marked.set(block, seen);
      found.push([node, match.index, match[1]]);
    }
  }
  // Split from the last mention backwards so earlier offsets in the same text node stay valid.
  for (const [node, index, name] of found.reverse()) {
    const term = byName.get(name);
    const rest = node.splitText(index);
    rest.splitText(name.length);
    const link = document.createElement("a");
    link.href = new URL(term.url, SITE_ROOT).href;
    link.textContent = name;
    rest.replaceWith(link);
    makeTerm(link, term);
  }
}

/** Turn a link into a term: it opens the popover instead of leaving the page. */
function makeTerm(link, term) {
  link.classList.add("term");
  link.dataset.term = term.url;
  link.setAttribute("aria-haspopup", "dialog");
}

/** Existing links to a term's entry (the text's links to the Traits glossary) become terms. */
function markLinks(article, terms) {
  const byUrl = new Map(terms.map((term) => [new URL(term.url, SITE_ROOT).href, term]));
  for (const link of article.querySelectorAll("a[href]")) {
    const term = byUrl.get(link.href);
    if (term && !link.closest(SKIP_LINKS)) makeTerm(link, term);
  }
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The popover, created once and appended to the body (which instant navigation keeps). */
function popoverElement() {
  if (popover) return popover;
  popover = element("div", "term-popover");
  popover.id = "term-popover";
  popover.setAttribute("role", "dialog");
  popover.setAttribute("popover", "auto"); // light dismiss: a tap outside or Escape closes it
  popover.addEventListener("toggle", (event) => {
    if (event.newState !== "closed") return;
    opener?.setAttribute("aria-expanded", "false");
    if (popover.contains(document.activeElement) || document.activeElement === document.body) opener?.focus({ preventScroll: true });
    opener = null;
  });
  document.body.append(popover);
  return popover;
}

/** Fill the popover with a term's definition and show it. */
function openTerm(link, term) {
  const box = popoverElement();
  const title = element("p", "term-popover__title");
  title.append(element("strong", "", term.name), ` · ${term.kind}`);
  box.replaceChildren(title);
  box.setAttribute("aria-label", `${term.name}, ${term.kind}`);
  if (term.fields.length) {
    const list = element("dl", "term-popover__fields");
    for (const [header, value] of term.fields) list.append(element("dt", "", header), element("dd", "", value));
    box.append(list);
  }
  if (term.text) box.append(element("p", "term-popover__text", term.text));
  const actions = element("div", "term-popover__actions");
  const follow = element("a", "term-popover__link", term.kind === "Trait" ? "Open in the Traits glossary" : "Read the full entry");
  follow.href = new URL(term.url, SITE_ROOT).href;
  follow.addEventListener("click", () => box.hidePopover());
  const close = element("button", "term-popover__close", "Close");
  close.type = "button";
  close.addEventListener("click", () => box.hidePopover());
  actions.append(follow, close);
  box.append(actions);

  if (box.matches(":popover-open")) box.hidePopover();
  opener = link;
  link.setAttribute("aria-expanded", "true");
  box.showPopover();
  follow.focus({ preventScroll: true });
}

let termsByUrl = new Map();

// One listener for every term of every page: capture, so Material's instant navigation (which
// listens on the body) never sees a tap on a term.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest("a.term") : null;
    const term = link && termsByUrl.get(link.dataset.term);
    if (!term || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    openTerm(link, term);
  },
  true,
);

/** Called on every page Material shows: close the old popover, mark this page's terms. */
export async function markTerms() {
  if (popover?.matches(":popover-open")) popover.hidePopover();
  const article = document.querySelector("article.md-content__inner");
  if (!article) return;
  const path = pagePath();
  const terms = (await loadGlossary()).filter((term) => path.startsWith(term.scope));
  termsByUrl = new Map(terms.map((term) => [term.url, term]));
  if (article !== document.querySelector("article.md-content__inner")) return; // the page changed meanwhile
  markLinks(article, terms);
  markMentions(article, terms);
}
