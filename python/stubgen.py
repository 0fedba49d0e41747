"""Writes tansaku/__init__.pyi, the package's type stub, from the library's
own catalogue: the games, their algorithms, and each option's type,
choices and help as the door declares them (``tansaku.games()``). Nothing
about a game is written here, so the stub cannot drift from the library;
tests/test_tansaku.py regenerates it and compares.

    python stubgen.py            # rewrite tansaku/__init__.pyi
    python stubgen.py --check    # exit 1 if the stub is stale
"""

from __future__ import annotations

import os
import sys
import textwrap
from typing import Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "tansaku", "__init__.pyi")

# The questions whose keywords are a game's options, and which of the
# door's questions each option lists it for (judge and trace read a
# board, as solve does).
QUESTIONS = {"solve": "solve", "judge": "solve", "trace": "solve", "longest": "longest"}
POSITIONAL = {"board", "goal"}


def py_type(option: dict) -> str:
    kind = option["type"]
    if kind == "int":
        return "int"
    if kind == "flag":
        return "bool"
    if kind == "choice":
        return "Literal[" + ", ".join(repr(v) for v in option["values"]) + "]"
    return "str"


def gathered(games: List[dict], question: str) -> Dict[str, Tuple[dict, List[Tuple[str, dict]]]]:
    """Option name -> (first declaration, [(game, declaration)]) for the
    options a question takes, in catalogue order."""
    wanted = QUESTIONS[question]
    out: Dict[str, Tuple[dict, List[Tuple[str, dict]]]] = {}
    for game in games:
        if question not in game["answers"] and question != "solve":
            continue
        for option in game.get("options", []):
            if option["name"] in POSITIONAL or wanted not in option["questions"]:
                continue
            first, uses = out.setdefault(option["name"], (option, []))
            uses.append((game["name"], option))
    return out


def union_type(uses: List[Tuple[str, dict]]) -> str:
    types = []
    for _, option in uses:
        t = py_type(option)
        if t not in types:
            types.append(t)
    if any(t.startswith("Literal[") for t in types) and len(types) > 1:
        # one name, different kinds in different games: take what any accepts
        types = [t for t in types if not t.startswith("Literal[")] or ["str"]
    return " | ".join(types) if len(types) > 1 else types[0]


def option_doc(name: str, uses: List[Tuple[str, dict]]) -> List[str]:
    """One entry per distinct declaration, naming the games that share it."""
    groups: List[Tuple[List[str], dict]] = []
    for game, option in uses:
        same = next((g for g in groups if {k: v for k, v in g[1].items() if k != "questions"} == {k: v for k, v in option.items() if k != "questions"}), None)
        if same:
            same[0].append(game)
        else:
            groups.append(([game], option))
    lines = []
    for games, option in groups:
        game = ", ".join(games)
        text = option["help"].rstrip(".")
        extra = []
        if option.get("values"):
            meanings = option.get("meanings") or [""] * len(option["values"])
            extra = [f"``{v}``: {m}" if m else f"``{v}``" for v, m in zip(option["values"], meanings)]
        if option.get("min") is not None and option.get("max") is not None:
            text += f" ({option['min']} to {option['max']})"
        if option.get("default") not in (None, ""):
            text += f"; default ``{option['default']}``"
        lines.append(f"{name}: ({game}) {text}.")
        lines += [f"    {e}" for e in extra]
    return lines


def keywords(options: Dict[str, Tuple[dict, List[Tuple[str, dict]]]]) -> List[str]:
    return [f"    {name}: {union_type(uses)} | None = None," for name, (_, uses) in options.items()]


def docstring(summary: str, options: Dict[str, Tuple[dict, List[Tuple[str, dict]]]]) -> List[str]:
    body = textwrap.wrap(summary, 72)
    if options:
        body += ["", "Game options (keywords, checked by the library; from its catalogue):"]
        for name, (_, uses) in options.items():
            for line in option_doc(name, uses):
                indent = len(line) - len(line.lstrip())
                body += textwrap.wrap(line, 72, initial_indent="", subsequent_indent=" " * (indent + 4)) if indent == 0 else [line]
    return ['    """' + body[0]] + [("    " + b) if b else "" for b in body[1:]] + ['    """']


SUMMARIES = {
    "solve": "A shortest solution of ``game`` (a built-in game's name, or a Definition) from ``board`` (its default when None) to ``goal``, by ``algo``, on ``threads`` threads (every core when None). Returns a Solution, or NoSolution when none exists.",
    "longest": "The distance of every position to the goal: God's number (``longest``), the antipodes (``positions``, at most ``limit``) and the ``histogram``.",
    "judge": "The exact distance of ``board`` and of each position one move away: which moves bring the goal closer.",
    "trace": "Breadth-first search step by step: each position taken from the queue, its children new or seen, the queue after.",
}

SIGNATURES = {
    "solve": (
        "def solve(\n    game: _Game,\n    board: str | None = None,\n    goal: str | None = None,\n    algo: _Algorithm = 'auto',\n    *,\n"
        "    max_depth: int | None = None,\n    progress: _Progress = None,\n    max_memory: int | str | None = None,\n"
        "    time_limit: float | None = None,\n    pdb_dir: str | None = None,\n    threads: int | None = None,\n",
        ") -> Solution | NoSolution:",
    ),
    "longest": (
        "def longest(\n    game: _Game,\n    board: str | None = None,\n    goal: str | None = None,\n    *,\n"
        "    limit: int | None = None,\n    progress: _Progress = None,\n    max_memory: int | str | None = None,\n"
        "    time_limit: float | None = None,\n    pdb_dir: str | None = None,\n    threads: int | None = None,\n",
        ") -> Longest:",
    ),
    "judge": (
        "def judge(\n    game: _Game,\n    board: str | None = None,\n    goal: str | None = None,\n    *,\n    pdb_dir: str | None = None,\n",
        ") -> Answer:",
    ),
    "trace": (
        "def trace(\n    game: _Game,\n    board: str | None = None,\n    goal: str | None = None,\n    *,\n    steps: int = 1000,\n",
        ") -> Answer:",
    ),
}

HEAD = '''"""Type stub of tansaku, generated by python/stubgen.py from the library's
catalogue of games and options. Do not edit: run ``python stubgen.py``."""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, List, Literal, Optional, Union

__version__: str

__all__ = [{all}]

_GameName = Literal[{games}]
"""The built-in games (``tansaku.games()``)."""

_Algorithm = Literal[{algorithms}]
"""The search algorithms a game can be asked for; ``auto`` lets the library choose."""

_Game = Union[_GameName, "Definition"]
_Progress = Union[bool, Callable[[str, Dict[str, Any]], None], None]

class TansakuError(Exception):
    """A question the library refused or could not answer; ``kind`` is the door's name for it."""
    kind: str
    def __init__(self, message: str, kind: str) -> None: ...

class BadInput(TansakuError, ValueError):
    """A board, option, definition or game the library cannot read."""

class OverBudget(TansakuError, MemoryError):
    """The work would pass the memory budget; refused before allocating."""

class Cancelled(TansakuError):
    """The work was cancelled."""

class TimeLimit(TansakuError, TimeoutError):
    """The work passed ``time_limit=``."""

class Unsupported(TansakuError):
    """The game does not answer this question."""

class Answer:
    """An answer of the library: its JSON as ``json()``, each field as an attribute or an item."""
    def __init__(self, data: Dict[str, Any]) -> None: ...
    def json(self) -> Dict[str, Any]: ...
    def __getattr__(self, name: str) -> Any: ...
    def __getitem__(self, key: str) -> Any: ...

class Solution(Answer):
    """A shortest solution; in a notebook, the strip of boards."""
    puzzle: str
    length: int
    moves: List[str]
    names: List[str]
    boards: List[str]
    grids: List[Dict[str, Any]]
    stats: Dict[str, Any]
    def _repr_svg_(self) -> str: ...
    def animation(self, seconds: float = 0.6) -> str: ...

class NoSolution(Answer):
    """No solution exists (or none within ``max_depth``)."""
    reason: str

class Longest(Answer):
    """The whole space; in a notebook, the histogram."""
    puzzle: str
    states: int
    longest: int
    count: int
    histogram: List[int]
    positions: List[str]
    def _repr_svg_(self) -> str: ...

class Wipeouts(Answer):
    """Reversi's shortest wipeouts; in a notebook, the first game animated."""
    color: str
    plies: int
    positions: List[str]
    games: List[Dict[str, Any]]
    def _repr_svg_(self) -> str: ...

class Definition:
    """A puzzle defined in a file (TOML pieces on a grid, or a ``.tws``), from its text or a path."""
    text: str
    file: str
    def __init__(self, text_or_path: Union[str, os.PathLike[str]], file: Optional[str] = None) -> None: ...
'''

TAIL = '''
def check(text_or_path: Union[str, Definition, os.PathLike[str]], *, time_limit: float | None = None) -> Answer:
    """A definition read and checked: every mistake with its line, and its ``[expect]`` figures compared."""

def wipeout(color: {color} | None = None, *, first: str | None = None, progress: _Progress = None, time_limit: float | None = None) -> Wipeouts:
    """Reversi: the fewest plies in which ``color`` wipes the other off the board.

{wipeout_doc}
    """

def perft(depth: int, *, time_limit: float | None = None) -> Answer:
    """Reversi: the leaf positions ``depth`` plies from the start."""

def games() -> List[Dict[str, Any]]:
    """Every built-in game with its options, presets and answers."""
'''


def stub(games: List[dict]) -> str:
    names = ", ".join(repr(g["name"]) for g in games)
    algorithms: List[str] = []
    for g in games:
        for a in g.get("algorithms", []):
            if a not in algorithms:
                algorithms.append(a)
    import tansaku

    out = HEAD.format(games=names, algorithms=", ".join(repr(a) for a in algorithms), all=", ".join(repr(n) for n in tansaku.__all__))
    for question in ("solve", "longest", "judge", "trace"):
        options = gathered(games, question)
        head, tail = SIGNATURES[question]
        out += "\n" + head + "\n".join(keywords(options)) + ("\n" if options else "") + "    **options: Any,\n" + tail + "\n"
        out += "\n".join(docstring(SUMMARIES[question], options)) + "\n"
    wipe = next(g for g in games if g["name"] == "wipeout")
    color = next(o for o in wipe["options"] if o["name"] == "color")
    doc = [f"    {line}".replace(" (wipeout) ", " ") for o in wipe["options"] for line in option_doc(o["name"], [("wipeout", o)])]
    out += TAIL.format(color=py_type(color), wipeout_doc="\n".join(doc))
    return out


def main() -> int:
    sys.path.insert(0, HERE)
    import tansaku

    text = stub(tansaku.games())
    if "--check" in sys.argv[1:]:
        with open(STUB, encoding="utf-8") as f:
            if f.read() != text:
                print("tansaku/__init__.pyi is stale: run python stubgen.py", file=sys.stderr)
                return 1
        return 0
    with open(STUB, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
