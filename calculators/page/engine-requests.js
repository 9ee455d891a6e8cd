// The engine's requests and their ids (engine.js): each posted to the worker as soon as it is made, kept until it is
// answered, and posted again to the worker started after one was lost. The worker runs them one at a time and says
// when it starts each; none is cut for its time: it is work the engine was asked for. A request with a channel
// supersedes every earlier unanswered request on that channel: the older one answers {superseded: true} at once, and
// the worker skips it if it has not started it.

import { isAnswer, isSkipped, isStarted } from "../shared/protocol.js";

/**
 * @typedef {{id: number, type: string, resolver: string, inputs: any, channel: string | undefined}} Message
 * @typedef {{message: Message, resolve: (answer: any) => void, settled: boolean, lostRunning: boolean}} Request
 *   a request posted to the worker: its promise's `resolve`; `lostRunning`: a worker ended while running it
 */

export class RequestLedger {
  /** @param {(message: Message) => void} send  posts to the engine's worker of the moment */
  constructor(send) {
    this.send = send;
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
    const item = { message: { id: this.nextId++, type, resolver, inputs, channel }, resolve, settled: false, lostRunning: false };
    this.unanswered.set(item.message.id, item);
    this.post(item);
  }

  /** @param {Request} item */
  post(item) {
    this.sent += 1;
    this.send(item.message);
  }

  /** A new worker: nothing runs on it yet; left unanswered by a worker that was lost: asked again (superseded ones are not). */
  resend() {
    this.running = null;
    for (const [id, item] of this.unanswered) item.settled ? this.unanswered.delete(id) : this.post(item);
  }

  /** Answer a request's promise (once: a superseded request is answered before the worker is done). @param {Request} item */
  settle(item, answer) {
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

  /**
   * The worker was lost and another comes: its requests wait for it (resend), but one that was running on a worker
   * lost before answers `error` now: it may be what ends them, and is not asked of a third.
   * @param {string | null} error
   */
  keepFor(error) {
    const running = this.running;
    this.running = null;
    if (!running) return;
    if (!running.lostRunning) return void (running.lostRunning = true);
    this.unanswered.delete(running.message.id);
    this.settle(running, { error, field: null });
  }

  /**
   * The worker's word on a request: "started" marks it running; an answer or a skip returns the request, now out of
   * the ledger, for the engine to settle; anything else (a request of a worker since lost) returns null.
   * @returns {Request | null}
   */
  receive(data) {
    const item = data && this.unanswered.get(data.id);
    if (!item) return null; // a request of a worker since lost
    if (isStarted(data)) {
      this.running = item;
      return null;
    }
    if (!isAnswer(data) && !isSkipped(data)) return null;
    this.unanswered.delete(data.id);
    if (this.running === item) this.running = null;
    return item;
  }
}
