// The page's back ends, which answer the same questions with the same JSON
// (exactly what `tansaku ... --json` prints):
//
// * `tansaku serve`'s API: questions that take time are asked with
//   `Accept: text/event-stream`, and the server streams the job's id, its
//   place in the queue, its progress and notes, then the answer or an
//   error;
// * the library compiled to WebAssembly, answering in a Web Worker
//   (`worker.js`), for a page on any static host.
//
// `connect()` finds out which the page has.

/** An error of the back end: its one-line message and its kind. */
export class ApiError extends Error {
  constructor(message, kind, status = 0) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

async function errorOf(response) {
  try {
    const body = await response.json();
    return new ApiError(body.error ?? response.statusText, body.kind ?? "http", response.status);
  } catch {
    return new ApiError(`${response.status} ${response.statusText}`, "http", response.status);
  }
}

/** Server-Sent Events from a response body: yields {event, data}. */
async function* events(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replaceAll("\r\n", "\n");
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of chunk.split("\n")) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = text;
        else if (field === "data") data.push(text);
      }
      if (data.length) yield { event, data: data.join("\n") };
    }
  }
}

const LIGHT = new Set(["position", "scramble", "picture", "describe"]);

export class ServerBackend {
  constructor(base = "") {
    this.base = base;
    this.kind = "server";
  }

  /** Every game, the shipped definitions and the server's limits. */
  async games() {
    const r = await fetch(`${this.base}api/games`);
    if (!r.ok) throw await errorOf(r);
    return r.json();
  }

  /** The tables the server keeps, and those it builds in the background. */
  async tables() {
    const r = await fetch(`${this.base}api/tables`);
    if (!r.ok) throw await errorOf(r);
    return r.json();
  }

  /**
   * Asks `question` (solve, longest, check, wipeout, perft, position,
   * scramble, picture) with `body`; `onEvent(name, data)` hears the job's
   * events; `signal` aborts it (the server then cancels the job).
   */
  async ask(question, body, { onEvent = () => {}, signal } = {}) {
    const light = LIGHT.has(question);
    const headers = { "Content-Type": "application/json" };
    if (!light) headers.Accept = "text/event-stream";
    const r = await fetch(`${this.base}api/${question}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal,
    });
    if (!r.ok) throw await errorOf(r);
    if (question === "picture") return r.text();
    if (light) return r.json();
    for await (const { event, data } of events(r)) {
      const value = JSON.parse(data);
      if (event === "answer") return value;
      if (event === "error") throw new ApiError(value.error, value.kind, value.status);
      onEvent(event, value);
    }
    throw new ApiError("the connection closed before the answer came", "disconnected");
  }

  /** Asks the server to cancel job `id` (the page also drops the stream). */
  async cancel(id) {
    try {
      await fetch(`${this.base}api/cancel/${id}`, { method: "POST" });
    } catch {
      // The stream's end cancels it anyway.
    }
  }
}

/** The library in a Web Worker: one question at a time, cancelled by
 * ending the worker (a new one starts, its tables from the browser's
 * storage). */
export class WasmBackend {
  constructor() {
    this.kind = "wasm";
    this.next = 1;
    this.queue = Promise.resolve();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (e) => {
        const error = new ApiError(`the WebAssembly worker failed: ${e.message ?? "it stopped"}`, "internal");
        reject(error);
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
      };
      this.worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.tables = data.tables;
          resolve();
          return;
        }
        const p = this.pending.get(data.id);
        if (!p) return;
        if (data.type === "event") p.onEvent(data.event, JSON.parse(data.data));
        else {
          this.pending.delete(data.id);
          if (data.type === "answer") p.resolve(data.answer);
          else p.reject(new ApiError(data.error.error, data.error.kind, 0));
        }
      };
    });
  }

  /** Posts a message and waits for its answer (one at a time). */
  post(kind, body, onEvent = () => {}, signal) {
    const run = async () => {
      await this.ready;
      if (signal?.aborted) throw new DOMException("cancelled", "AbortError");
      const id = this.next++;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, onEvent });
        signal?.addEventListener("abort", () => {
          // The worker is busy in the question: end it, start another.
          this.worker.terminate();
          for (const p of this.pending.values()) p.reject(new DOMException("cancelled", "AbortError"));
          this.start();
        });
        this.worker.postMessage({ id, kind, body });
      });
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  async games() {
    return JSON.parse(await this.post("games"));
  }

  async ask(question, body, { onEvent = () => {}, signal } = {}) {
    onEvent("started", {});
    const answer = await this.post(question, body, onEvent, signal);
    return question === "picture" ? answer : JSON.parse(answer);
  }

  async cancel() {
    // Ending the worker (the signal) cancels.
  }
}

/** The back end this page has: the library in a Web Worker when the page
 * was built for a static host, `tansaku serve` when its API answers, else
 * the worker. */
export async function connect() {
  // A static build says so (web/build.sh marks its page).
  if (document.documentElement.dataset.backend === "wasm") return new WasmBackend();
  try {
    const r = await fetch("api/games", { headers: { Accept: "application/json" } });
    if (r.ok && (r.headers.get("content-type") ?? "").includes("json")) {
      const info = await r.json();
      if (info.backend === "server") return new ServerBackend("");
    }
  } catch {
    // No server: a static host, or a file.
  }
  return new WasmBackend();
}
