// The page's state lives in its address: ?game=NAME&board=...&goal=...
// &algo=...&mode=play, a pasted definition compressed as z=... (deflate,
// then base64url: a Klotski-sized file makes a link of a few hundred
// characters) and the game's options by their names (a pasted definition as
// def=TEXT). Reading it back checks nothing: the page does, and shows what
// it cannot use beside a working page.

/** The state in `search` (location.search). */
export function read(search) {
  const p = new URLSearchParams(search);
  const state = { options: {} };
  for (const [k, v] of p) {
    if (["game", "board", "goal", "algo", "def", "z", "file", "seed", "moves", "mode", "lang"].includes(k)) state[k] = v;
    else state.options[k] = v;
  }
  return state;
}

/** The address of `state` (only what differs from the defaults). */
export function write(state) {
  const p = new URLSearchParams();
  for (const k of ["game", "board", "goal", "algo", "z", "def", "file", "mode", "lang"]) {
    if (state[k] !== undefined && state[k] !== "") p.set(k, state[k]);
  }
  for (const [k, v] of Object.entries(state.options ?? {})) {
    if (v !== undefined && v !== "") p.set(k, v);
  }
  const q = p.toString();
  return q ? `?${q}` : location.pathname;
}

/** A definition's text, deflated and written in base64url. */
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The text of `pack`'s code; throws on a code that is not one. */
export async function unpack(code) {
  const binary = atob(code.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Response(stream).text();
}

let packed = { text: null, code: null };
let saving = Promise.resolve();

/**
 * Replaces the address with `state`'s (no new history entry); a
 * definition's text (`def`) goes compressed, as `z`.
 */
export function save(state) {
  const put = (s) => {
    const url = write(s);
    if (url !== location.search) history.replaceState(null, "", url);
  };
  if (state.def === undefined) {
    put(state);
    return;
  }
  const text = state.def;
  const rest = { ...state, def: undefined };
  if (packed.text === text) {
    put({ ...rest, z: packed.code });
    return;
  }
  saving = saving.then(async () => {
    packed = { text, code: await pack(text) };
    put({ ...rest, z: packed.code });
  });
}
