// The page's back end with no server: the library compiled to WebAssembly,
// answering in this Web Worker (one question at a time; the page ends the
// worker to cancel one). Pattern databases it builds are kept in the
// browser's storage (IndexedDB) and handed back to it on the next visit.
//
// Messages in:  {id, kind: "games"} | {id, kind, body}
// Messages out: {type: "ready", tables} | {id, type: "event", event, data}
//               | {id, type: "answer", answer} | {id, type: "error", error}

import init, { ask, catalogue, put_table, written_tables } from "./pkg/tansaku_wasm.js";

const DB = "tansaku";
const STORE = "tables";

function database() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** Every table kept by an earlier visit: [name, bytes] pairs. */
async function keptTables() {
  try {
    const db = await database();
    return await new Promise((resolve, reject) => {
      const out = [];
      const cursor = db.transaction(STORE).objectStore(STORE).openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return resolve(out);
        out.push([c.key, c.value]);
        c.continue();
      };
      cursor.onerror = () => reject(cursor.error);
    });
  } catch {
    return [];
  }
}

/** Keeps the tables the last question made. */
async function keep() {
  const written = written_tables();
  if (!written.length) return;
  try {
    const db = await database();
    const tx = db.transaction(STORE, "readwrite");
    for (let i = 0; i < written.length; i += 2) tx.objectStore(STORE).put(written[i + 1], written[i]);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  } catch {
    // Storage refused (private mode, quota): the tables live as long as the page.
  }
}

const ready = (async () => {
  await init();
  const kept = await keptTables();
  for (const [name, bytes] of kept) put_table(name, new Uint8Array(bytes));
  postMessage({ type: "ready", tables: kept.length });
})();

onmessage = async ({ data: { id, kind, body } }) => {
  await ready;
  try {
    if (kind === "games") {
      postMessage({ id, type: "answer", answer: catalogue() });
      return;
    }
    const answer = ask(kind, JSON.stringify(body), (event, data) => postMessage({ id, type: "event", event, data }));
    await keep();
    postMessage({ id, type: "answer", answer });
  } catch (e) {
    await keep();
    let error;
    try {
      error = JSON.parse(e);
    } catch {
      error = { error: String(e?.message ?? e), kind: "internal" };
    }
    postMessage({ id, type: "error", error });
  }
};
