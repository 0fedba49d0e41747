"""tansaku (探索, "search") from Python: shortest solutions, hardest
positions and every distance of a puzzle, exactly.

One function a question, each answered by the library's door: the answer
is the JSON the command line prints with ``--json``, as Python objects,
with attribute access (``tansaku.solve("sliding", board="867/254/3_1").length``)
and pictures in a notebook (``_repr_svg_``).

>>> import tansaku
>>> s = tansaku.solve("flip-row", board="BB_BBB")
>>> s.length
8
>>> tansaku.longest("sliding").longest
31
"""

from __future__ import annotations

import json as _json
import os as _os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (typing costs a tenth of the import: the stub has the types)
    from typing import Any, Callable, Optional, Union

    Progress = Union[bool, Callable[[str, dict], None], None]

from . import _core

__version__ = _core.__version__

__all__ = [
    "solve",
    "longest",
    "judge",
    "trace",
    "check",
    "wipeout",
    "perft",
    "games",
    "Definition",
    "Answer",
    "Solution",
    "NoSolution",
    "Longest",
    "Wipeouts",
    "TansakuError",
    "BadInput",
    "OverBudget",
    "Cancelled",
    "TimeLimit",
    "Unsupported",
]


# ---------------------------------------------------------------- errors


class TansakuError(Exception):
    """A question the library refused or could not answer. ``kind`` is the
    door's stable name for it (``bad-input``, ``over-budget``, ...), the
    message the library's own line."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


class BadInput(TansakuError, ValueError):
    """A board, option, definition or game the library cannot read
    (kinds ``bad-input``, ``bad-option``, ``unknown-option``,
    ``unknown-game``, ``bad-definition``, ``bad-json``)."""


class OverBudget(TansakuError, MemoryError):
    """The work would pass the memory budget (``max_memory=``): refused
    before anything large was allocated (kind ``over-budget``)."""


class Cancelled(TansakuError):
    """The work was cancelled (kind ``cancelled``)."""


class TimeLimit(TansakuError, TimeoutError):
    """The work passed ``time_limit=`` (kind ``time-limit``)."""


class Unsupported(TansakuError):
    """The game does not answer this question (kind ``unsupported``)."""


_KINDS = {
    "bad-input": BadInput,
    "bad-option": BadInput,
    "unknown-option": BadInput,
    "unknown-game": BadInput,
    "bad-definition": BadInput,
    "bad-json": BadInput,
    "unknown-question": BadInput,
    "over-budget": OverBudget,
    "cancelled": Cancelled,
    "time-limit": TimeLimit,
    "unsupported": Unsupported,
}


def _raise(failed: Exception) -> None:
    body = _json.loads(failed.args[0])
    cls = _KINDS.get(body.get("kind"), TansakuError)
    raise cls(body.get("error", ""), body.get("kind", "")) from None


# ---------------------------------------------------------------- answers


class Answer:
    """An answer of the library: its JSON as ``json()``, every field as an
    attribute (``answer.length``) or an item (``answer["length"]``)."""

    def __init__(self, data: dict):
        self._data = data

    def json(self) -> dict:
        """The answer as the command line's ``--json`` prints it."""
        return self._data

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field '{name}' (its fields: {', '.join(self._data)})") from None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer) and self._data == other._data

    def __repr__(self) -> str:
        return f"{type(self).__name__}({_json.dumps(self._data)[:200]})"


class Solution(Answer):
    """A shortest solution: ``length``, ``moves``, ``names`` (``B↓``),
    ``boards``, ``stats``, ``grids``... In a notebook, the strip of boards
    the command line's ``--svg`` draws."""

    def _repr_svg_(self) -> str:
        d = self._data
        per_row = max(1, min(12, 1000 // (d["grids"][0]["width"] * 32 + 18)))
        body = {"title": f"{d['puzzle']}: {d['length']} moves", "grids": d["grids"], "per_row": per_row}
        return _core.ask("picture", _json.dumps(body))

    def animation(self, seconds: float = 0.6) -> str:
        """The solution played as an SVG animation, one frame a move."""
        d = self._data
        return _core.animation_svg(f"{d['puzzle']}: {d['length']} moves", _json.dumps(d["grids"]), seconds)


class NoSolution(Answer):
    """No solution exists (or none within ``max_depth``): ``reason``."""


class Longest(Answer):
    """The whole space: ``states``, ``longest`` (God's number), ``count``,
    ``histogram``, ``positions``. In a notebook, the histogram."""

    def _repr_svg_(self) -> str:
        d = self._data
        return _core.histogram_svg(f"{d['puzzle']}: positions by distance", d["histogram"], False)


class Wipeouts(Answer):
    """Reversi's shortest wipeouts: ``plies``, ``positions``, ``games``. In
    a notebook, the first game, animated."""

    def _repr_svg_(self) -> str:
        d = self._data
        game = d["games"][0]
        grids = [_reversi_grid(b) for b in game["boards"]]
        return _core.animation_svg(f"{d['color']} wipes out in {d['plies']} plies: {game['record']}", _json.dumps(grids), 0.8)


def _reversi_grid(board: str) -> dict:
    glyphs = {"X": "black", "O": "white", ".": "empty"}
    rows = board.split("/")
    return {"width": len(rows[0]), "height": len(rows), "cells": [glyphs.get(c, "empty") for c in "".join(rows)]}


class Definition:
    """A puzzle defined in a file (TOML pieces on a grid, or twsearch's
    ``.tws``), from its text or a path; pass it as the game."""

    def __init__(self, text_or_path: Union[str, "_os.PathLike[str]"], file: Optional[str] = None):
        path = _os.fspath(text_or_path)
        if "\n" not in path and _os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.text = f.read()
            self.file = file or _os.path.basename(path)
        else:
            self.text = path
            self.file = file or ""

    def __repr__(self) -> str:
        return f"Definition({self.file or self.text[:40]!r})"


# ---------------------------------------------------------------- asking


def _body(game: Union[str, Definition], board: Optional[str], goal: Optional[str], options: dict, **extra: Any) -> dict:
    body: dict = {}
    if isinstance(game, Definition):
        body["definition"] = game.text
        if game.file:
            body["file"] = game.file
    else:
        body["game"] = game
    if board is not None:
        body["board"] = board
    if goal is not None:
        body["goal"] = goal
    if options:
        # (table_memory is table-memory; from_, Python's way to write a
        # keyword, is from)
        body["options"] = {k.rstrip("_").replace("_", "-"): v for k, v in options.items()}
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


class _Bar:
    """tqdm's bar over the library's progress events, closed when the
    question is answered (``tqdm.auto``: a widget in a notebook)."""

    def __init__(self) -> None:
        from tqdm.auto import tqdm

        self._tqdm = tqdm
        self.bar = None

    def __call__(self, event: str, data: dict) -> None:
        if event != "progress":
            return
        if self.bar is None or self.bar.total != data.get("total"):
            self.close()
            self.bar = self._tqdm(total=data.get("total"), unit=f" {data.get('unit', '')}", unit_scale=True)
        self.bar.set_description(data.get("what", ""), refresh=False)
        self.bar.update(data["done"] - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _progress(progress: Progress) -> Optional[Callable[[str, dict], None]]:
    if progress is True:
        try:
            return _Bar()
        except ImportError:
            return None
    if callable(progress):
        return progress
    if progress not in (None, False):
        raise TypeError(f"progress={progress!r}: give True (tqdm's bar), a function (event, data), or None")
    return None


def _ask(kind: str, body: dict, progress: Progress = None, max_memory: Optional[int] = None, time_limit: Optional[float] = None, pdb_dir: Optional[str] = None, threads: Optional[int] = None) -> Any:
    hear = _progress(progress)
    try:
        text = _core.ask(
            kind,
            _json.dumps(body),
            progress=hear,
            max_memory=_size(max_memory),
            time_limit=time_limit,
            pdb_dir=pdb_dir,
            threads=threads,
        )
    except _core.Failed as e:
        _raise(e)
    finally:
        if isinstance(hear, _Bar):
            hear.close()
    return _json.loads(text)


def _size(v: Union[int, str, None]) -> Optional[int]:
    if v is None or isinstance(v, int):
        return v
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    t = v.strip().upper().rstrip("B")
    if t and t[-1] in units:
        return int(float(t[:-1]) * units[t[-1]])
    return int(t)


def solve(
    game: Union[str, Definition],
    board: Optional[str] = None,
    goal: Optional[str] = None,
    algo: str = "auto",
    *,
    max_depth: Optional[int] = None,
    progress: Progress = None,
    max_memory: Union[int, str, None] = None,
    time_limit: Optional[float] = None,
    pdb_dir: Optional[str] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> Union[Solution, NoSolution]:
    """A shortest solution of ``game`` (a built-in game's name, or a
    :class:`Definition`) from ``board`` (its default when ``None``) to
    ``goal``, by ``algo`` (``auto``, ``bfs``, ``bidir``, ``iddfs``,
    ``idastar``, ...). Other keywords are the game's options
    (``bound="7-8z"``, ``size="4x4"``), checked by the library. IDA*
    searches on ``threads`` threads (every core when None, as the command
    line). Returns a :class:`Solution`, or :class:`NoSolution` when none
    exists."""
    data = _ask("solve", _body(game, board, goal, options, algo=algo, max_depth=max_depth), progress, max_memory, time_limit, pdb_dir, threads)
    return Solution(data) if data.get("length") is not None else NoSolution(data)


def longest(
    game: Union[str, Definition],
    board: Optional[str] = None,
    goal: Optional[str] = None,
    *,
    limit: Optional[int] = None,
    progress: Progress = None,
    max_memory: Union[int, str, None] = None,
    time_limit: Optional[float] = None,
    pdb_dir: Optional[str] = None,
    threads: Optional[int] = None,
    **options: Any,
) -> Longest:
    """The distance of every position to the goal: God's number
    (``longest``), the antipodes (``positions``, at most ``limit``) and
    the ``histogram``."""
    return Longest(_ask("longest", _body(game, board, goal, options, limit=limit), progress, max_memory, time_limit, pdb_dir, threads))


def judge(game: Union[str, Definition], board: Optional[str] = None, goal: Optional[str] = None, *, pdb_dir: Optional[str] = None, **options: Any) -> Answer:
    """The exact distance of ``board`` and of each position one move away:
    which moves bring the goal closer."""
    return Answer(_ask("judge", _body(game, board, goal, options), pdb_dir=pdb_dir))


def trace(game: Union[str, Definition], board: Optional[str] = None, goal: Optional[str] = None, *, steps: int = 1000, **options: Any) -> Answer:
    """Breadth-first search step by step: each position taken from the
    queue, its children new or seen, the queue after."""
    return Answer(_ask("trace", _body(game, board, goal, options, limit=steps)))


def check(text_or_path: Union[str, Definition, "_os.PathLike[str]"], *, time_limit: Optional[float] = None) -> Answer:
    """A definition read and checked: every mistake with its line, and its
    ``[expect]`` figures compared with tansaku's."""
    d = text_or_path if isinstance(text_or_path, Definition) else Definition(text_or_path)
    return Answer(_ask("check", {"definition": d.text, "file": d.file}, time_limit=time_limit))


def wipeout(color: Optional[str] = None, *, first: Optional[str] = None, progress: Progress = None, time_limit: Optional[float] = None) -> Wipeouts:
    """Reversi: the fewest plies in which ``color`` (the door's default,
    ``black``, when None) wipes the other off the board, every such final
    position and the games that reach them."""
    options = {}
    if color is not None:
        options["color"] = color
    if first is not None:
        options["first"] = first
    return Wipeouts(_ask("wipeout", {"game": "wipeout", "options": options}, progress, time_limit=time_limit))


def perft(depth: int, *, time_limit: Optional[float] = None) -> Answer:
    """Reversi: the leaf positions ``depth`` plies from the start."""
    return Answer(_ask("perft", {"depth": depth}, time_limit=time_limit))


def games() -> list:
    """Every built-in game with its options, presets and answers."""
    return _json.loads(_core.games())["games"]
