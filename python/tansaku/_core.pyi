"""The native part of tansaku (crates/tansaku-py): the library's door."""

from typing import Callable, List, Optional

__version__: str
__all__ = ["Failed", "__version__", "animation_svg", "ask", "games", "histogram_svg"]

class Failed(Exception):
    """A question the library refused: its argument is the door's JSON
    error, {"error", "kind"}."""

def ask(
    kind: str,
    body: str,
    progress: Optional[Callable[[str, dict], None]] = None,
    max_memory: Optional[int] = None,
    time_limit: Optional[float] = None,
    pdb_dir: Optional[str] = None,
    threads: Optional[int] = None,
) -> str:
    """Answers question `kind` asked with the JSON `body`: the answer's JSON
    (SVG for `picture`). Raises Failed, or KeyboardInterrupt after Ctrl-C
    cancelled the search."""

def games() -> str:
    """The catalogue of games (JSON), as GET /api/games answers it."""

def histogram_svg(title: str, histogram: List[int], log: bool = False) -> str:
    """The distance histogram as an SVG bar chart."""

def animation_svg(title: str, grids: str, seconds: float = 0.6) -> str:
    """Boards (their grids, JSON) as an SVG animation."""
