// The fleet's undo and its log of applied resolutions, kept on this device beside the fleet (fleet-store.js):
//
//   {"history": 1,
//    "undo": [{"what": "Ram applied to Valiant, Tengu", "fleet": "<the fleet's stored JSON text before it>",
//              "entry": <id of the log entry it made, if any>}, …],          the last MOST_UNDO changes, oldest first
//    "log":  [{"id", "at": ISO time, "title", "headline", "dice", "ships": [names], "undone": bool}, …]}   newest last
//
// Every change of the fleet (added, edited, removed, opened, applied) goes through `changeFleet`, so each can be
// undone; an undo puts the fleet back as it was stored, read through readFleet like any stored fleet. A history that
// cannot be read is started again (it holds no ship: the fleet itself is never touched by it).

import { fleetText, readFleet, saveFleet, storedText } from "./fleet-store.js";

export const HISTORY_KEY = "jovian-wars-fleet-history";
export const MOST_UNDO = 25;
export const MOST_LOG = 100;

/**
 * @typedef {{id: string, at: string, title: string, headline: string, dice: string, ships: string[], undone?: boolean}} LogEntry
 * @typedef {{what: string, fleet: string, entry?: string}} UndoStep
 * @typedef {{history: 1, undo: UndoStep[], log: LogEntry[]}} History
 */

/** @returns {History} */
const empty = () => ({ history: 1, undo: [], log: [] });

/** The stored history, or an empty one. @returns {History} */
export function loadHistory() {
  try {
    const record = JSON.parse(localStorage.getItem(HISTORY_KEY) || "null");
    if (record && record.history === 1 && Array.isArray(record.undo) && Array.isArray(record.log)) return record;
  } catch {
    // unreadable or not allowed: start again below
  }
  return empty();
}

/** Keep the history, dropping the oldest undo steps while the storage is full; false if nothing could be kept. */
/** @param {History} history */
function storeHistory(history) {
  for (;;) {
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
      return true;
    } catch {
      if (!history.undo.length) return false;
      history.undo.shift();
    }
  }
}

/** Save `ships` as the fleet, the fleet before kept for undo as `what`; `entry` (a resolution applied) is logged.
 * { ok, note? } (note: the undo could not be kept) or { error } (nothing changed).
 * @param {any[]} ships @param {string} what @param {LogEntry | null} [entry] @returns {{ok?: boolean, note?: string, error?: string}} */
export function changeFleet(ships, what, entry = null) {
  const before = storedText() ?? fleetText([]);
  const kept = saveFleet(ships);
  if (kept.error) return kept;
  const history = loadHistory();
  history.undo.push({ what, fleet: before, ...(entry ? { entry: entry.id } : {}) });
  history.undo = history.undo.slice(-MOST_UNDO);
  if (entry) history.log = [...history.log, entry].slice(-MOST_LOG);
  return storeHistory(history) ? { ok: true } : { ok: true, note: "this change cannot be undone (the browser's storage is full)" };
}

/** What the next undo would undo ("" when there is nothing to undo). */
export function nextUndo() {
  const undo = loadHistory().undo;
  return undo.length ? String(undo[undo.length - 1].what) : "";
}

/** Put the fleet back as it was before the last change: { ships, what } or { error } (nothing changed). */
export function undoLast(partsByKind) {
  const history = loadHistory();
  const last = history.undo[history.undo.length - 1];
  if (!last) return { error: "there is nothing to undo" };
  const read = readFleet(String(last.fleet), partsByKind);
  if (read.error) return { error: `the fleet before “${last.what}” could not be read back (${read.error})` };
  const kept = saveFleet(read.ships);
  if (kept.error) return kept;
  history.undo.pop();
  for (const entry of history.log) if (last.entry !== undefined && entry.id === last.entry) entry.undone = true;
  storeHistory(history);
  return { ships: read.ships, what: String(last.what) };
}
