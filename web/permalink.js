// The page's state lives in its address: ?game=NAME&board=...&goal=...
// &algo=...&mode=play and the game's options by their names (a pasted definition as
// def=TEXT). Reading it back checks nothing: the page does, and shows what
// it cannot use beside a working page.

/** The state in `search` (location.search). */
export function read(search) {
  const p = new URLSearchParams(search);
  const state = { options: {} };
  for (const [k, v] of p) {
    if (["game", "board", "goal", "algo", "def", "file", "seed", "moves", "mode", "lang"].includes(k)) state[k] = v;
    else state.options[k] = v;
  }
  return state;
}

/** The address of `state` (only what differs from the defaults). */
export function write(state) {
  const p = new URLSearchParams();
  for (const k of ["game", "board", "goal", "algo", "def", "file", "mode", "lang"]) {
    if (state[k] !== undefined && state[k] !== "") p.set(k, state[k]);
  }
  for (const [k, v] of Object.entries(state.options ?? {})) {
    if (v !== undefined && v !== "") p.set(k, v);
  }
  const q = p.toString();
  return q ? `?${q}` : location.pathname;
}

/** Replaces the address with `state`'s (no new history entry). */
export function save(state) {
  const url = write(state);
  if (url !== location.search) history.replaceState(null, "", url);
}
