"""tansaku from Python: every answer is the door's (the command line's
--json), errors carry the door's kind, Ctrl-C cancels, the GIL is released
while searching, and the pictures are the library's SVG."""

import json
import os
import signal
import subprocess
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tansaku

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("TANSAKU_BIN", str(ROOT / "target" / "release" / "tansaku"))


def cli(*args):
    """The command line's --json answer."""
    out = subprocess.run([BIN, *args, "--json", "--quiet"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def timeless(v):
    """An answer without its clock readings (seconds differ run to run)."""
    if isinstance(v, dict):
        return {k: timeless(x) for k, x in v.items() if k != "seconds"}
    if isinstance(v, list):
        return [timeless(x) for x in v]
    return v


SOLVES = [
    ("flip-row", {"board": "BB_BBB"}, ["--board", "BB_BBB"]),
    ("flip-square", {}, []),
    ("sliding", {"board": "867/254/3_1", "algo": "bidir"}, ["--board", "867/254/3_1", "--algo", "bidir"]),
    ("line", {"board": "start3", "goal": "goal3"}, ["--from", "start3", "--to", "goal3"]),
    ("knights", {}, []),
    ("jugs", {"capacity": "8,5", "target": 4}, ["--capacity", "8,5", "--target", "4"]),
    ("river", {}, []),
    ("wipeout", {"color": "white"}, ["--color", "white"]),
]


@pytest.mark.parametrize("game,kw,args", SOLVES, ids=[s[0] for s in SOLVES])
def test_every_game_solves_as_the_command_line(game, kw, args):
    s = tansaku.solve(game, **kw)
    assert isinstance(s, tansaku.Solution)
    assert timeless(s.json()) == timeless(cli("solve", game, *args))
    assert s.replayed
    assert len(s.names) == len(s.moves) == s.length


def test_every_built_in_game_is_covered():
    solvable = {g["name"] for g in tansaku.games() if "solve" in g["answers"]}
    assert solvable == {s[0] for s in SOLVES}


def test_longest_judge_trace_perft_as_the_command_line():
    assert timeless(tansaku.longest("sliding").json()) == timeless(cli("longest", "sliding"))
    assert tansaku.longest("sliding").longest == 31
    assert tansaku.judge("flip-row", board="BB_BBB").json() == cli("judge", "flip-row", "--board", "BB_BBB")
    assert tansaku.trace("flip-row", board="BB_BBB").json() == cli("trace", "flip-row", "--board", "BB_BBB")
    assert tansaku.perft(6).leaves == 8200


def test_a_definition_from_text_and_from_a_path():
    path = ROOT / "puzzles" / "klotski.toml"
    by_path = tansaku.solve(tansaku.Definition(path))
    by_text = tansaku.solve(tansaku.Definition(path.read_text(), file="klotski.toml"))
    assert by_path.length == by_text.length == 81
    assert timeless(by_path.json()) == timeless(cli("solve", "--def", str(path)))
    report = tansaku.check(path)
    assert report.ok


def test_a_start_set_is_given_as_from_():
    path = ROOT / "puzzles" / "2x2x2.tws"
    start = "CORNERS 0 2 0 4 5 0 0 / ? 0 ? 0 0 ? ?"
    answer = tansaku.longest(tansaku.Definition(path), from_=start)
    assert (answer.states, answer["from"]) == (648, start)
    assert timeless(answer.json()) == timeless(cli("longest", "--def", str(path), "--from", start))


def test_bad_input_raises_the_doors_kind():
    with pytest.raises(tansaku.BadInput) as e:
        tansaku.solve("sliding", board="12/34/5")
    assert e.value.kind == "bad-input"
    with pytest.raises(tansaku.BadInput) as e:
        tansaku.solve("sliding", bogus=3)
    assert e.value.kind == "unknown-option"
    with pytest.raises(tansaku.BadInput) as e:
        tansaku.solve("no-such-game")
    assert e.value.kind == "unknown-game"
    with pytest.raises(tansaku.OverBudget) as e:
        tansaku.longest("sliding", size="4x4", max_memory="64M")
    assert e.value.kind == "over-budget"
    with pytest.raises(tansaku.Unsupported):
        tansaku.judge("wipeout")
    # No solution is an answer, not an error.
    n = tansaku.solve("sliding", board="123/456/87_")
    assert isinstance(n, tansaku.NoSolution) and "odd permutation" in n.reason


def test_ctrl_c_cancels_a_long_analysis_within_a_second_and_the_next_call_works():
    # Ctrl-C comes once the analysis reports its first progress (an event,
    # not a delay: it is under way on any machine), and the analysis (some
    # 20 s here) stops soon after: 2 s, a margin for a machine twice as
    # slow and busy.
    under_way = threading.Event()
    sent = []

    def interrupt():
        under_way.wait()
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # A process started in the background by a non-interactive shell (a
    # CI job behind `nohup ... &`) inherits SIGINT ignored, and Python
    # then installs no handler: the test installs Python's own.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Thread(target=interrupt, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            tansaku.longest("sliding", size="4x3", progress=lambda event, data: under_way.set())
    finally:
        signal.signal(signal.SIGINT, previous)
    assert sent and time.monotonic() - sent[0] < 2.0
    assert tansaku.solve("flip-row", board="BB_BBB").length == 8


def test_the_gil_is_released_while_searching():
    results = []

    def work(board):
        results.append(tansaku.solve("sliding", board=board, algo="iddfs").length)

    threads = [threading.Thread(target=work, args=(b,)) for b in ["_87/264/351", "287/364/_51"]]
    for t in threads:
        t.start()
    ticks = 0
    while any(t.is_alive() for t in threads):
        ticks += 1
        time.sleep(0.001)
    for t in threads:
        t.join()
    assert sorted(results) == [26, 28]
    # This thread kept running while both searched.
    assert ticks > 50


def test_progress_is_heard():
    heard = []
    tansaku.solve("sliding", board="_87/264/351", algo="iddfs", progress=lambda event, data: heard.append((event, data)))
    steps = [d for e, d in heard if e == "step"]
    assert [s["side"] for s in steps] == ["bound"] * len(steps) and len(steps) == 29


def test_progress_true_draws_tqdms_bar(capsys):
    pytest.importorskip("tqdm")
    answer = tansaku.longest("flip-row", size=18, progress=True)
    err = capsys.readouterr().err
    assert answer.states == 18 << 17
    # tqdm's bar on stderr, over the analysis's states, at its levels
    assert "level" in err and "states" in err and "2.36M" in err, err


def test_progress_must_be_a_function_or_true():
    with pytest.raises(TypeError):
        tansaku.solve("flip-row", progress="yes")


def test_the_type_stub_is_generated_from_the_catalogue():
    """tansaku/__init__.pyi is what stubgen.py writes from the library's
    catalogue today: an option added or changed in the library shows here."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("stubgen", ROOT / "python" / "stubgen.py")
    stubgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stubgen)
    installed = Path(tansaku.__file__).with_name("__init__.pyi")
    assert installed.read_text(encoding="utf-8") == stubgen.stub(tansaku.games())
    # every game option a question takes is a keyword of the stub
    for game in tansaku.games():
        for option in game["options"]:
            if option["name"] not in ("board", "goal") and "solve" in option["questions"]:
                assert f"    {option['name']}: " in installed.read_text(encoding="utf-8")


def test_the_stub_matches_the_package_and_catches_mistakes(tmp_path):
    """mypy's stubtest finds the stub true to the running package; a
    program asking for an unknown algorithm, a wrong colour or a text for
    a flag is refused by mypy, and a right one is accepted."""
    api = pytest.importorskip("mypy.api")
    from mypy import stubtest

    assert stubtest.test_stubs(stubtest.parse_options(["tansaku"])) == 0
    good = tmp_path / "good.py"
    good.write_text(
        "import tansaku\n"
        "s = tansaku.solve('sliding', board='867/254/3_1', bound='manhattan')\n"
        "n: int = s.length if isinstance(s, tansaku.Solution) else 0\n"
        "h: list[int] = tansaku.longest('flip-row', size=8).histogram\n"
    )
    out, err, status = api.run(["--strict", "--no-incremental", str(good)])
    assert status == 0, out + err
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import tansaku\n"
        "tansaku.solve('sliding', algo='fastest')\n"
        "tansaku.wipeout('red')\n"
        "tansaku.longest('flip-row', adjacent='yes')\n"
    )
    out, err, status = api.run(["--no-incremental", str(bad)])
    assert status == 1 and out.count("[arg-type]") == 3, out + err


def test_pictures_are_well_formed_svg():
    s = tansaku.solve("flip-row", board="BB_BBB")
    for svg in [s._repr_svg_(), s.animation(), tansaku.longest("sliding")._repr_svg_(), tansaku.wipeout()._repr_svg_()]:
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")


def test_the_example_notebook_runs():
    """examples/tansaku.ipynb, every cell executed: none may raise."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = ROOT / "examples" / "tansaku.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert sum("image/svg+xml" in o.get("data", {}) for o in outputs) >= 4
