// The engine's requests and their ids (engine.js): each posted to the worker as soon as it is made, kept until it is
// answered, and posted again to the worker started after a cut. The worker runs them one at a time and says when it
// starts each: the TIMEOUT_MS cut is armed then, so it measures running time, never time spent waiting behind other
// requests. A request with a channel supersedes every earlier unanswered request on that channel: the older one
// answers {superseded: true} at once, and the worker skips it if it has not started it.

import { isAnswer, isSkipped, isStarted } from "../shared/protocol.js";

export const TIMEOUT_MS = 2000;

/**
 * @typedef {{id: number, type: string, resolver: string, inputs: any, channel: string | undefined}} Message
 * @typedef {{message: Message, resolve: (answer: any) => void, timer: ReturnType<typeof setTimeout> | null, settled: boolean}} Request
 *   a request posted to the worker: its promise's `resolve`, its cut's `timer` once the worker started it
 */

export class RequestLedger {
  /**
   * @param {(message: Message) => void} send  posts to the engine's worker of the moment
   * @param {(item: Request) => void} runaway  a request still running TIMEOUT_MS after the worker started it
   */
  constructor(send, runaway) {
    this.send = send;
    this.runaway = runaway;
    this.nextId = 1;
    this.sent = 0; // requests posted to a worker (again after a restart)
    /** @type {Map<number, Request>} */
    this.unanswered = new Map(); // id -> request posted to the worker and not yet answered by it
    /** @type {Request | null} */
    this.running = null; // the request the worker said it started and has not answered
  }

  /** Nothing asked is still unanswered. */
  get idle() {
    return this.unanswered.size === 0;
  }

  /** A new request, posted at once (an earlier unanswered one on its `channel` answers {superseded: true}). */
  add(type, resolver, inputs, channel, resolve) {
    if (channel !== undefined) {
      for (const older of this.unanswered.values()) if (older.message.channel === channel) this.settle(older, { superseded: true });
    }
    /** @type {Request} */
    const item = { message: { id: this.nextId++, type, resolver, inputs, channel }, resolve, timer: null, settled: false };
    this.unanswered.set(item.message.id, item);
    this.post(item);
  }

  /** @param {Request} item */
  post(item) {
    this.sent += 1;
    this.send(item.message);
  }

  /** A new worker: nothing runs on it yet; left unanswered by a worker that was cut: asked again (superseded ones are not). */
  resend() {
    this.running = null;
    for (const [id, item] of this.unanswered) item.settled ? this.unanswered.delete(id) : this.post(item);
  }

  /** Answer a request's promise (once: a superseded request is answered before the worker is done). @param {Request} item */
  settle(item, answer) {
    if (item.timer !== null) clearTimeout(item.timer);
    if (item.settled) return;
    item.settled = true;
    item.resolve(answer);
  }

  /** Every unanswered request answers the engine's `error`: its worker is of no more use. @param {string | null} error */
  failAll(error) {
    for (const item of this.unanswered.values()) this.settle(item, { error, field: null });
    this.unanswered.clear();
    this.running = null;
  }

  /** A request cut: it is no longer the worker's to answer. @param {Request} item */
  drop(item) {
    this.unanswered.delete(item.message.id);
  }

  /**
   * The worker's word on a request: "started" arms its cut; an answer or a skip returns the request, now out of the
   * ledger, for the engine to settle; anything else (a request of a worker since cut) returns null.
   * @returns {Request | null}
   */
  receive(data) {
    const item = data && this.unanswered.get(data.id);
    if (!item) return null; // a request of a worker since cut
    if (isStarted(data)) {
      this.running = item;
      item.timer = setTimeout(() => this.runaway(item), TIMEOUT_MS);
      return null;
    }
    if (!isAnswer(data) && !isSkipped(data)) return null;
    this.unanswered.delete(data.id);
    if (this.running === item) this.running = null;
    return item;
  }
}
