// Offline: register /sw.js (http and https only), say "Available offline" only when it is true,
// and offer a new build without ever mixing two builds in one tab.
//
// The badge: the page is controlled by an activated service worker (it activates only once every
// file of its build is cached) *and*, on a page with resolvers, the engine has answered once with
// that build (remembered per build in localStorage). A page without resolvers needs no engine: its
// files are kept, so a first visit that ends there (the home page) says so too. An engine failure
// hides it. It sits at the top of the page's text, floated beside the title: it covers nothing
// and does not fade (a fading word fails contrast), and each page shown gets it again.
//
// Updates: a new build's worker installs in the background, then waits. The page shows a
// "New rules available — reload" button; nothing reloads until the reader presses it (never in
// the middle of typing dice). If another tab took the update, this tab's document is of the old
// build while the new worker serves the new one: the button stays, and links load whole pages
// (Material's instant navigation would swap new content into this old document). The same holds
// when a first visit's worker, or the engine, turns out to be of another build than the page (a
// deploy during the visit): every page carries its build's stamp (build_stamp.py), and so do the
// service worker's status and the engine's "ready".
//
// First visit: the engine's downloads come first. A new worker's install waits for this page's
// "precache-rest" (service-worker.js) until the engine is done downloading: it answered or failed
// (a page without resolvers: once it has loaded). The engine's own downloads fill the precache.
//
// A first install refused because the server sent a file that is not the build's (a host that rewrites
// it) is said in the badge's line, naming the file: otherwise the site would silently download the
// whole engine on every visit.
//
// Storage: an install that failed because storage is full is said in one line ([data-storage-note],
// placed like the badge), naming what still works; the worker's message carries the reason. An
// install that fit, beside an engine snapshot that did not, is said in the badge's own line: offline,
// with no warm start.

import { PAGE_BUILD } from "./engine.js";
import { changedOnServer, updateChangedOnServer } from "../shared/fault-words.js";

const SITE = new URL("../../../", import.meta.url);
const SW_URL = new URL("sw.js", SITE);
const ANSWERED_KEY = "rules-engine-answered-with"; // the build version the engine answered with

let build = null; // the version of the worker controlling this page (its precache is complete)
let stale = false; // this document is of an older build than the one now served
let changedFile = null; // the file the server sent changed, for which a first install was refused
let changedUpdate = null; // likewise for an update's install: the earlier build stays offline

/** The controlling worker's {version, build}, or null. */
function controllerStatus() {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data || null);
    controller.postMessage({ type: "status" }, [channel.port2]);
  });
}

// localStorage may be unavailable (private modes): then only this document's engine counts.
function remembered() {
  try {
    return localStorage.getItem(ANSWERED_KEY);
  } catch {
    return null;
  }
}

function remember(version) {
  try {
    localStorage.setItem(ANSWERED_KEY, version);
  } catch {
    /* not remembered */
  }
}

function engineAnswered() {
  const engine = window.rulesEngine;
  if (engine && engine.state === "error") return false;
  if (engine && engine.answered) return true;
  if (!document.querySelector("[data-resolver]")) return true;
  return remembered() === build;
}

function showBadge() {
  let node = document.querySelector("[data-offline]");
  const ready = Boolean(build) && !stale && engineAnswered();
  if (!ready && !changedFile) return node && node.remove();
  const storageFull = ready && Boolean(window.rulesEngine?.storageFull);
  const text = !ready ? changedOnServer(changedFile)
    : storageFull ? "Available offline, with no warm start: storage is full"
    : changedUpdate ? updateChangedOnServer(changedUpdate) : "Available offline";
  const article = document.querySelector("article.md-content__inner") || document.body;
  if (!node) {
    node = document.createElement("p");
    node.className = "offline-status";
    node.setAttribute("role", "status");
  }
  if (node.parentElement !== article) article.prepend(node);
  node.setAttribute("data-offline", ready ? "ready" : "changed");
  node.textContent = text;
  node.classList.toggle("offline-status--line", storageFull || !ready || Boolean(changedUpdate)); // a longer note: its own line
}

function showUpdate(onPress) {
  let button = /** @type {HTMLButtonElement | null} */ (document.querySelector("[data-update]"));
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "update-prompt";
    button.setAttribute("data-update", "");
    button.textContent = "New rules available — reload";
    document.body.append(button);
  }
  button.onclick = onPress;
}

// Once this document is stale, a link click or a back/forward step loads a whole page.
function fullLoadsOnly() {
  addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element && /** @type {HTMLAnchorElement | null} */ (event.target.closest("a[href]"));
      if (link && link.origin === location.origin) event.stopPropagation(); // Material never sees it; the browser navigates
    },
    true,
  );
  addEventListener("popstate", (event) => (event.stopImmediatePropagation(), location.reload()), true);
}

// This document is of an older build than the one now served: offer the reload, load whole pages.
function markStale() {
  if (stale) return;
  stale = true;
  fullLoadsOnly();
  showUpdate(() => location.reload());
  showBadge();
}

async function settle() {
  const status = await controllerStatus();
  if (status && PAGE_BUILD && status.build && status.build !== PAGE_BUILD) markStale(); // a first visit's worker of another build
  build = status && status.version;
  document.documentElement.dataset.offlineBuild = build || ""; // which build serves this page (tests read it)
  if (build && window.rulesEngine && window.rulesEngine.answered) remember(build);
  showBadge();
}

// The service worker's {type: "install-failed", reason, active, file}: a full storage, and an install (a first
// one, or an update's) refused for a file the server changed, are the reader's to know (a failed download is
// tried again when the network returns).
function showInstallFailure(event) {
  const data = event.data;
  if (!data || data.type !== "install-failed") return;
  if (data.reason === "changed" && typeof data.file === "string") {
    if (data.active) changedUpdate = data.file;
    else changedFile = data.file;
    showBadge();
  }
  if (data.reason === "storage") showStorageNote(data);
}

function showStorageNote(data) {
  let note = document.querySelector("[data-storage-note]");
  if (!note) {
    note = document.createElement("p");
    note.className = "storage-note";
    note.setAttribute("role", "status");
    note.setAttribute("data-storage-note", "");
    document.body.append(note);
  }
  note.textContent = data.active
    ? "Storage is full: the new rules could not be saved; the saved ones still work offline."
    : "Storage is full: this site works online only, with no warm start.";
}

const installing = new Set(); // new workers of this site whose install waits for "precache-rest"

/** This page's engine is done downloading (it answered or failed), or the page needs none and has loaded. */
function engineDownloaded() {
  if (!document.querySelector("[data-resolver]")) return document.readyState === "complete";
  const engine = window.rulesEngine;
  return Boolean(engine && (engine.answered || engine.state === "error"));
}

function letInstallsIn() {
  if (!engineDownloaded()) return;
  for (const worker of installing) worker.postMessage({ type: "precache-rest" });
  installing.clear();
}

export function registerOffline() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.addEventListener("message", showInstallFailure);
  navigator.serviceWorker.startMessages(); // before the document has loaded too
  let controlled = Boolean(navigator.serviceWorker.controller); // false until a first visit's worker claims the page
  let accepted = false; // the reader pressed the button in this tab

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) return location.reload();
    const replaced = controlled; // a build served this page before: the new one is not this document's
    controlled = true;
    if (replaced) markStale();
    window.rulesEngine?.retry(); // an engine that failed before the worker took control
    settle(); // a first visit: stale too if the worker that took control is of another build
  });
  addEventListener("rules-engine-answered", settle);
  for (const event of ["rules-engine-answered", "rules-engine-state", "load"]) addEventListener(event, letInstallsIn);
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(showBadge); // each page shown
  addEventListener("rules-engine-state", showBadge);
  addEventListener("rules-engine-storage-full", showBadge);
  addEventListener("rules-engine-other-build", markStale);

  const offer = (waiting) =>
    showUpdate(() => {
      accepted = true;
      waiting.postMessage({ type: "skip-waiting" });
    });
  // Registered again when the network returns: an install that failed offline is tried anew.
  const register = () => navigator.serviceWorker
    .register(SW_URL, { scope: SITE.pathname })
    .then((registration) => {
      // A new build's worker, once installed (its files cached), waits for the reader.
      const track = (worker) => {
        if (!worker) return;
        const check = () => worker.state === "installed" && navigator.serviceWorker.controller && offer(worker);
        check();
        worker.addEventListener("statechange", check);
        if (worker.state === "parsed" || worker.state === "installing") installing.add(worker);
        letInstallsIn();
      };
      track(registration.waiting);
      track(registration.installing);
      registration.addEventListener("updatefound", () => track(registration.installing));
    })
    .catch((error) => console.warn("offline: service worker not registered:", error));
  register();
  addEventListener("online", () => navigator.serviceWorker.controller || register());
  settle();
}
