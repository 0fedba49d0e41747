// The page's back end: `tansaku serve`'s JSON API. Questions that take
// time are asked with `Accept: text/event-stream`: the server streams the
// job's id, its place in the queue, its progress and notes, then the
// answer (exactly what `tansaku ... --json` prints) or an error.

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

/** The back end this page has. */
export async function connect() {
  return new ServerBackend("");
}
