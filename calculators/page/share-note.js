// A resolution shared from the widget: as text or as a link, through the clipboard or the phone's share sheet, else
// shown to copy by hand. What happened is said in the widget's [data-region="shared"] note (render.js makes it).

import { el } from "./dom.js";

/** Copy the resolution as text, else show it to copy by hand. @param {HTMLElement} note @param {string} text */
export async function copyText(note, text) {
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = "Copied as text: paste it into a chat.";
  } catch {
    const box = /** @type {HTMLTextAreaElement} */ (el("textarea", { readonly: true, rows: 5, "aria-label": "This resolution as text", onfocus: (/** @type {Event} */ e) => /** @type {HTMLTextAreaElement} */ (e.target).select() }));
    box.value = text;
    note.replaceChildren("Copy this text: ", box);
  }
}

/** The phone's share sheet, else copy the link, else show it to copy by hand. @param {HTMLElement} note @param {string} title @param {string} url */
export async function shareLink(note, title, url) {
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (/** @type {{name?: string} | null} */ (error)?.name === "AbortError") return; // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    note.textContent = "Link copied: paste it to share this resolution.";
  } catch {
    note.replaceChildren("Copy this link: ", el("input", { type: "text", readonly: true, value: url, "aria-label": "Link to this resolution", onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }));
  }
}
