// Offline: register /sw.js (http and https only) and say "Available offline" once the cache is
// complete. A worker only activates after it has cached every file of its build, so
// navigator.serviceWorker.ready is that signal. When a new build takes over a page that an
// older build was serving, reload once so the page never mixes two builds.

const SW_URL = new URL("../../sw.js", import.meta.url);

function badge() {
  let node = document.querySelector("[data-offline]");
  if (!node) {
    node = document.createElement("p");
    node.className = "offline-status";
    node.setAttribute("data-offline", "pending");
    node.setAttribute("role", "status");
    document.body.append(node);
  }
  return node;
}

export function registerOffline() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloaded) {
      reloaded = true;
      location.reload();
    }
  });
  navigator.serviceWorker.register(SW_URL, { scope: new URL("../../", import.meta.url).pathname }).catch((error) => {
    console.warn("offline: service worker not registered:", error);
  });
  navigator.serviceWorker.ready.then(() => {
    const node = badge();
    node.setAttribute("data-offline", "ready");
    node.textContent = "Available offline";
  });
}
