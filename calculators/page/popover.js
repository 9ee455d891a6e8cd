// Look-ups by tap: a State, a Trait or a term the texts define (Crippled, Escalate, flex dice, [D]) in the rule
// text or in a resolver's labels and steps opens its definition in a popover. A phone
// has no hover, so Material's abbreviations (title tooltips) never show there; this works by tap,
// and by keyboard (each term is a link: Tab to it, Enter opens, Escape closes).
//
// The definitions are the site's own: assets/glossary.json, written at build time from the rules
// pages and the Traits glossary (scripts/build/glossary.py), precached with the site, so a
// look-up works offline. Each term stays a real link to its entry, and the popover offers it.
//
// A word defined once per context (Destroyed: a Capital Ship's on the Catastrophic Damage Table, a Squadron's in
// Squadron Damage) is marked as all its definitions; a tap quotes the one that fits where it was tapped: the rule
// entry it sits in, or the resolver whose label, step or headline it is in (the glossary's `places` and
// `resolvers`, from scripts/build/term_contexts.py). Where that is not known, the popover shows each definition
// with its context named rather than guess.

const SITE_ROOT = new URL("../../../", import.meta.url);
const GLOSSARY_URL = new URL("../../glossary.json", import.meta.url);

/** Where terms in the text are not marked: headings, links, code, the resolver widgets (below). */
const SKIP = "h1, h2, h3, h4, h5, h6, a, code, pre, button, label, input, select, textarea, script, style, [data-resolver], .term-popover";
/** Where existing links are left alone: heading permalinks, widgets, the popover itself. */
const SKIP_LINKS = "h1, h2, h3, h4, h5, h6, [data-resolver], .term-popover";
/** The blocks in which a term is marked once, at its first mention. */
const BLOCK = "p, li, td, th, dd, dt";
/** In a resolver widget: the words a player reads (labels, help, the outcome and its steps, chart rows), each one a block. */
const WIDGET_TEXT = "label, legend, .resolver__help, .resolver__headline, .resolver__hint, .resolver__steps li, .resolver__checks li, .resolver__chart caption, .resolver__chart th";
/** Inside those, what is never marked: controls, links, the sticky headline (aria-hidden, a copy of the outcome). */
const WIDGET_SKIP = "a, code, button, input, select, textarea, output, .resolver__now";

/** @typedef {{url: string, context: string, block: string}} Place a rule entry's context (or one block's under it)
 * @typedef {{resolver: string, context: string, when: string[]}} ResolverPlace a resolver's context (while `when` is chosen)
 * @typedef {{terms: any[], places: Place[], resolvers: ResolverPlace[]}} Glossary */

/** @type {Promise<Glossary> | null} */
let glossary = null; // fetched once per visit
let popover = null; // the one popover element, kept across instant navigation
let opener = null; // the term that opened it, to give focus back

function loadGlossary() {
  glossary ??= fetch(GLOSSARY_URL)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}))
    .then((/** @type {any} */ data) => ({ terms: data.terms ?? [], places: data.places ?? [], resolvers: data.resolvers ?? [] }));
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

/** One regular expression for every word marked in text: a group per word (its forms or its pattern), standing for
 * its one definition or its definition in each context (the terms of that name). */
function matcher(terms) {
  const byName = new Map();
  for (const term of terms.filter((t) => t.in_text)) byName.set(term.name, [...(byName.get(term.name) || []), term]);
  if (!byName.size) return null;
  const words = [...byName.values()];
  const alternatives = words.map(([term]) => {
    const forms = [...term.match].sort((a, b) => b.length - a.length).map(escapeRegExp);
    return `(${term.pattern || forms.join("|")})`;
  });
  return { words, pattern: new RegExp(`(?<![\\w\\[])(?:${alternatives.join("|")})(?![\\w])`, "g") };
}

/** The definitions of the word a match of `matcher` found: the word whose group matched. */
function wordOf(found, match) {
  const index = match.slice(1).findIndex((group) => group !== undefined);
  return found.words[index];
}

/** Wrap the first mention of each term in each block under `root` (one walk; `skip` subtrees passed over). */
function markIn(root, found, skip, blockOf) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      if (node.nodeType === Node.TEXT_NODE) return NodeFilter.FILTER_ACCEPT;
      return /** @type {Element} */ (node).matches(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
    },
  });
  const { pattern } = found;
  const mentions = [];
  const marked = new Map(); // block -> terms already marked in it
  for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
    pattern.lastIndex = 0;
    if (!pattern.test(node.data)) continue;
    pattern.lastIndex = 0;
    const block = blockOf(node);
    if (!block) continue;
    if (!marked.has(block)) marked.set(block, new Set([...block.querySelectorAll("a.term")].flatMap((link) => termsOf(link).map((term) => term.name))));
    const seen = marked.get(block);
    for (const match of node.data.matchAll(pattern)) {
      const word = wordOf(found, match);
      if (seen.has(word[0].name)) continue;
      seen.add(word[0].name);
      mentions.push([node, match.index, match[0], word]);
    }
  }
  // Split from the last mention backwards so earlier offsets in the same text node stay valid.
  for (const [node, index, text, word] of mentions.reverse()) {
    const rest = node.splitText(index);
    rest.splitText(text.length);
    const link = document.createElement("a");
    link.href = new URL(word[0].url, SITE_ROOT).href;
    link.textContent = text;
    rest.replaceWith(link);
    makeTerm(link, word);
  }
}

/** A slice of marking takes about this long (ms) before the page gets the thread back: a tap, an engine's answer. */
const SLICE_MS = 8;

/** Give the thread back to the page (its input, its other tasks) and go on after them. */
function yieldToPage() {
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resume) => setTimeout(resume, 0));
}

/** The rule text: the first mention of each term in each paragraph, list item or cell, block by block from the
 * top (what the reader sees first is marked first), in slices. False if the page changed meanwhile. */
async function markMentions(article, found) {
  let slice = performance.now();
  for (const block of [...article.children]) {
    if (article !== document.querySelector("article.md-content__inner")) return false; // the page changed meanwhile
    if (!block.matches(SKIP)) markIn(block, found, SKIP, (node) => node.parentElement.closest(BLOCK));
    if (performance.now() - slice < SLICE_MS) continue;
    await yieldToPage();
    slice = performance.now();
  }
  return article === document.querySelector("article.md-content__inner");
}

/** A widget's labels, help, outcome and steps: each is its own block (a widget redraws them as the inputs change). */
function markWidget(widget, found) {
  for (const part of widget.querySelectorAll(WIDGET_TEXT)) {
    if (part.closest(WIDGET_SKIP)) continue;
    markIn(part, found, WIDGET_SKIP, () => part);
  }
}

/** A term's key: several terms share a section ("[D]" and "[T]" are both defined under "Reading a roll"). */
function termKey(term) {
  return `${term.url} ${term.name}`;
}

/** Turn a link into a term: it opens the popover instead of leaving the page. `terms`: the word's definitions, one
 * per context when it has several (their keys, a line each, in data-term). */
function makeTerm(link, terms) {
  link.classList.add("term");
  link.dataset.term = terms.map(termKey).join("\n");
  link.setAttribute("aria-haspopup", "dialog");
}

/** The definitions a term link stands for. */
function termsOf(link) {
  return (link.dataset.term || "").split("\n").map((key) => termsByKey.get(key)).filter(Boolean);
}

/** Existing links to a term's entry (the text's links to the Traits glossary) become terms. A link to a State's or
 * Trait's entry is that term; several defined terms share a section (Dead and Wreck: the Catastrophic Damage Table),
 * so a link there is one of them only if its words are that term's ("Explodes"). */
function markLinks(article, terms) {
  const byUrl = new Map();
  for (const term of terms) {
    const url = new URL(term.url, SITE_ROOT).href;
    byUrl.set(url, [...(byUrl.get(url) || []), term]);
  }
  for (const link of article.querySelectorAll("a[href]")) {
    const words = link.textContent.trim();
    const term = (byUrl.get(link.href) || []).find((t) => t.kind === "State" || t.kind === "Trait" || t.match.includes(words));
    if (term && !link.closest(SKIP_LINKS)) makeTerm(link, [term]);
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

/** A definition's quoted parts: its table rows, its text. */
function definitionOf(term) {
  const parts = [];
  if (term.fields.length) {
    const list = element("dl", "term-popover__fields");
    for (const [header, value] of term.fields) list.append(element("dt", "", header), element("dd", "", value));
    parts.push(list);
  }
  if (term.text) parts.push(element("p", "term-popover__text", term.text));
  return parts;
}

/** The link to where a definition is given (it closes the popover as the page changes). */
function followLink(box, term, text) {
  const follow = element("a", "term-popover__link", text);
  follow.href = new URL(term.url, SITE_ROOT).href;
  follow.addEventListener("click", () => box.hidePopover());
  return follow;
}

/** Fill the popover with a term's definition and show it; given several (the place's context unknown), each under
 * its context's name, with its own link. */
function openTerm(link, terms) {
  const box = popoverElement();
  const [term] = terms;
  const kind = terms.length === 1 ? term.kind : `Term, defined ${terms.map((t) => `for a ${t.context}`).join(" and ")}`;
  const title = element("p", "term-popover__title");
  title.append(element("strong", "", term.name), ` · ${kind}`);
  box.replaceChildren(title);
  box.setAttribute("aria-label", `${term.name}, ${kind}`);
  const actions = element("div", "term-popover__actions");
  if (terms.length === 1) {
    box.append(...definitionOf(term));
    actions.append(followLink(box, term, term.kind === "Trait" ? "Open in the Traits glossary" : term.kind === "State" ? "Read the full entry" : "Read where it is defined"));
  } else {
    for (const each of terms) {
      const section = element("section", "term-popover__context");
      section.append(element("p", "term-popover__context-name", each.kind), ...definitionOf(each), followLink(box, each, `Read where it is defined for a ${each.context}`));
      box.append(section);
    }
  }
  const close = element("button", "term-popover__close", "Close");
  close.type = "button";
  close.addEventListener("click", () => box.hidePopover());
  actions.append(close);
  box.append(actions);
  const follow = /** @type {HTMLElement} */ (box.querySelector(".term-popover__link"));

  if (box.matches(":popover-open")) box.hidePopover();
  opener = link;
  link.setAttribute("aria-expanded", "true");
  box.showPopover();
  follow.focus({ preventScroll: true });
}

let termsByKey = new Map();
/** @type {{places: Place[], resolvers: ResolverPlace[]}} */
let contexts = { places: [], resolvers: [] }; // the context of each place a term may be tapped

/** The context ("Capital Ship", "Squadron") of the place a link sits in, "" where it is not known: the model whose
 * numbers it labels (a widget's Capital Ship or Squadron, data-model), else its resolver's, else its block's or its
 * rule entry's (the nearest heading with a place, then the ones enclosing it). */
function contextOf(link) {
  const model = /** @type {HTMLElement | null} */ (link.closest("[data-model]"));
  if (model) return model.dataset.model || "";
  const widget = link.closest("[data-resolver]");
  if (widget) return widgetContext(widget);
  const article = link.closest("article");
  const block = link.closest(BLOCK);
  const words = block ? block.textContent.trim() : "";
  const page = pagePath();
  let level = 7;
  for (let node = /** @type {Element | null} */ (block || link); node && node !== article; node = node.previousElementSibling || node.parentElement) {
    const heading = /^H([1-6])$/.exec(node.tagName);
    if (!heading || Number(heading[1]) >= level || !node.id) continue;
    level = Number(heading[1]);
    const here = contexts.places.filter((place) => place.url === `${page}#${node.id}`);
    const place = here.find((p) => p.block && words.startsWith(p.block)) || here.find((p) => !p.block);
    if (place) return place.context;
  }
  return "";
}

/** A resolver's context, or "" (none declared, or none for the value its deciding choice has now). */
function widgetContext(widget) {
  const chosen = (/** @type {string} */ name) => /** @type {HTMLSelectElement | null} */ (widget.querySelector(`select[data-name="${name}"]`))?.value;
  const place = contexts.resolvers.find((r) => r.resolver === widget.dataset.resolver && (!r.when.length || chosen(r.when[0]) === r.when[1]));
  return place ? place.context : "";
}

/** The definitions a tap on `link` shows: the one of its place's context, else all of them. */
function fittingTerms(link) {
  const terms = termsOf(link);
  if (terms.length < 2) return terms;
  const context = contextOf(link);
  const fitting = terms.filter((term) => term.context === context);
  return context && fitting.length ? fitting : terms;
}

// One listener for every term of every page: capture, so Material's instant navigation (which
// listens on the body) never sees a tap on a term.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest("a.term")) : null;
    const terms = link ? fittingTerms(link) : [];
    if (!terms.length || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    openTerm(link, terms);
  },
  true,
);

// Asked for as this script first runs, while the page may still parse: the first page's terms wait for no round trip.
loadGlossary();

/** Called on every page Material shows: close the old popover, mark this page's terms. */
export async function markTerms() {
  if (popover?.matches(":popover-open")) popover.hidePopover();
  const article = document.querySelector("article.md-content__inner");
  if (!article) return;
  const path = pagePath();
  const { terms: all, places, resolvers } = await loadGlossary();
  const terms = all.filter((term) => term.scope.some((scope) => path.startsWith(scope)));
  termsByKey = new Map(terms.map((term) => [termKey(term), term]));
  contexts = { places, resolvers };
  if (article !== document.querySelector("article.md-content__inner")) return; // the page changed meanwhile
  markLinks(article, terms);
  const found = matcher(terms);
  if (!found) return;
  if (!(await markMentions(article, found))) return;
  for (const widget of article.querySelectorAll("[data-resolver]")) markWidget(widget, found);
  watchWidgets(article, found);
}

let watcher = null; // one observer, moved to each page's article

/** A widget redraws its steps, labels and charts as its inputs change: mark the terms of what it drew. */
function watchWidgets(article, found) {
  watcher?.disconnect();
  watcher = new MutationObserver((records) => {
    const widgets = new Set();
    for (const record of records) {
      const widget = (record.target instanceof Element ? record.target : record.target.parentElement)?.closest("[data-resolver]");
      if (widget) widgets.add(widget);
    }
    // marking changes the DOM too: that second call finds every term already marked and changes nothing
    for (const widget of widgets) markWidget(widget, found);
  });
  watcher.observe(article, { childList: true, subtree: true, characterData: true });
}
