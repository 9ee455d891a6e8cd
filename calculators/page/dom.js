// The one element builder of the page scripts: attributes as data, text as text (never HTML),
// "on…" keys as listeners. A name typed by a player goes through `text`, so it is never markup.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

let uid = 0;
/** A page-unique element id. */
export const nextId = (/** @type {string} */ name) => `resolver-${++uid}-${name.replace(/[^\w-]/g, "-")}`;

/** The control an event came from. @param {Event} event */
export const targetOf = (event) => /** @type {HTMLInputElement} */ (event.target);
