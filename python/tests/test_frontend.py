"""The widget's front end in headless Chromium, hosted as anywidget hosts it (conftest.Host):
the figure drawn, a trait change redrawn, hover and click reaching Python, the core's errors
as the `error` trait and in the widget, a run table's view, and exports."""

from __future__ import annotations

import itertools
import json
import re
import struct
import subprocess
from pathlib import Path

import pandas as pd
import polars as pl
import pytest
from conftest import wait_for
from ipywidgets.embed import dependency_state

import sweepmap
from sweepmap._figure import LOOK, PAIRWISE_LOOK

REPOSITORY = Path(__file__).resolve().parents[2]

# One model, lr (rows) by wd (columns): 0.1 and 0.2 in the lower row, 0.3 and 0.4 (the peak)
# in the upper one (the largest y is drawn on top).
TIDY = pd.DataFrame(
    {
        "model": ["m1"] * 4,
        "lr": [1, 1, 2, 2],
        "wd": [0.1, 0.2, 0.1, 0.2],
        "acc": [0.1, 0.2, 0.3, 0.4],
    }
)
CELL = re.compile(
    r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" opacity="1" fill="#([0-9A-F]{6})"'
)
# The ends of the two colour maps as the core draws them (0.1 and 0.4 are a panel's range).
VIRIDIS = {"0.1": "440154", "0.4": "FDE725"}
MAGMA = {"0.1": "000004", "0.4": "FCFDBF"}


def cells(svg: str) -> list[tuple[int, int, int, int, str]]:
    """The cells of an exported SVG: rectangles at least 20 px a side that are not the white
    background."""
    found = []
    for match in CELL.finditer(svg):
        x, y, width, height = (int(value) for value in match.groups()[:4])
        fill = match.group(5)
        if width >= 20 and height >= 20 and fill != "FFFFFF":
            found.append((x, y, width, height, fill))
    return found


def canvas_colour(host, x: int, y: int, index: int = 0) -> str:
    """The canvas' colour at figure point (x, y) of the page's widget `index`, as RRGGBB."""
    return host.evaluate(
        """(() => {
          const canvas = widgetRoot(arg[2]).querySelector("canvas");
          const ratio = canvas.width / canvas.getBoundingClientRect().width;
          const context = canvas.getContext("2d");
          const [r, g, b] = context.getImageData(arg[0] * ratio, arg[1] * ratio, 1, 1).data;
          return [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("").toUpperCase();
        })()""",
        [x, y, index],
    )


def page_point(host, x: float, y: float) -> tuple[float, float]:
    box = host.evaluate("widgetRoot().querySelector('canvas').getBoundingClientRect().toJSON()")
    left, top = box["left"], box["top"]
    return left + x, top + y


def drawn(figure) -> list[str]:
    return wait_for(lambda: figure.panels or figure.error, what="the figure to draw")


def test_the_figure_is_drawn_and_a_trait_change_redraws(host):
    figure = host.show(sweepmap.Figure(TIDY, width=600))
    assert drawn(figure) == ["m1"]
    assert figure.error == "" and figure.inferred == []
    assert host.evaluate("widgetRoot().querySelector('.notes').hidden") is True
    svg = figure.to_svg()
    assert svg.startswith('<svg width="600" height="205"')
    found = cells(svg)
    assert len(found) == 4
    fills = {fill for *_, fill in found}
    assert set(VIRIDIS.values()) <= fills
    # Every cell on the canvas has the colour the SVG gives it (a point inside, off its label).
    for x, y, _width, _height, fill in found:
        assert canvas_colour(host, x + 6, y + 6) == fill

    figure.colormap = "magma"
    x, y, *_ = found[0]
    wait_for(lambda: canvas_colour(host, x + 6, y + 6) != found[0][4], what="the redraw")
    found = cells(figure.to_svg())
    assert set(MAGMA.values()) <= {fill for *_, fill in found}
    for x, y, _width, _height, fill in found:
        assert canvas_colour(host, x + 6, y + 6) == fill
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_the_figure_takes_its_container_width_without_width(host):
    figure = host.show(sweepmap.Figure(TIDY))
    drawn(figure)
    assert (
        host.evaluate("widgetRoot().querySelector('canvas').getBoundingClientRect().width") == 900
    )


def test_figures_without_a_width_follow_their_container(host):
    """Two figures without a width (of both kinds, running the one module of the page), the
    window narrowed: each redraws at its container's new width, with no error (resized in the
    observer's callback, the first figure moved the second before its observer ran, and the
    page reported "ResizeObserver loop completed with undelivered notifications")."""
    first = sweepmap.Figure(run_table(), x="lr", y="wd", metric="val_acc", others={"bs": "best"})
    second = sweepmap.Figure(SCORES, models=["a", "b", "c"], bins=2)
    host.show(first, second)
    drawn(first), drawn(second)
    widths = "[0, 1].map((i) => widgetRoot(i).querySelector('canvas').clientWidth)"
    assert host.evaluate(widths) == [900, 900]
    host.call(host.page.set_viewport_size({"width": 500, "height": 900}))
    wait_for(lambda: host.evaluate(widths) == [468, 468], what="both figures to narrow")
    assert first.error == "" and second.error == ""
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_hover_and_click_reach_python(host):
    figure = host.show(sweepmap.Figure(pl.DataFrame(TIDY.to_dict("list")), width=600))
    drawn(figure)
    hovered, clicked = [], []
    figure.on_hover(hovered.append)
    figure.on_click(clicked.append)
    peak = next(cell for cell in cells(figure.to_svg()) if cell[4] == VIRIDIS["0.4"])
    x, y, width, height, _ = peak
    point = page_point(host, x + width / 2, y + height / 2)
    host.mouse_move(*point)
    cell = wait_for(lambda: figure.hover, what="hover")
    expected = {
        "title": "m1",
        "model": "m1",
        "xName": "wd",
        "xLabel": "0.2",
        "yName": "lr",
        "yLabel": "2",
        "value": 0.4,
        "rank": 1,
        "via": "pointer",
    }
    assert {key: cell[key] for key in expected} == expected
    assert hovered == [cell]
    # The tooltip shows the cell, written as text.
    assert (
        host.evaluate("widgetRoot().querySelector('.tooltip .tooltip-title').textContent") == "m1"
    )

    host.mouse_click(*point)
    host.mouse_click(*point)
    wait_for(lambda: len(clicked) == 2, what="two clicks")
    assert clicked[0]["value"] == 0.4 and clicked[1] == clicked[0]
    assert figure.click["value"] == 0.4

    host.mouse_move(2, 2)
    wait_for(lambda: figure.hover is None, what="the pointer to leave")
    assert hovered[-1] is None


def test_the_cores_errors_become_the_error_trait_and_stay_in_the_widget(host):
    text = "model,x,y,v\nm,1,2,3\nm,1,2,4\n"
    figure = host.show(sweepmap.Figure(text, width=600))
    message = (
        "lines 2 and 3 both measure the same cell (m, y = 2, x = 1); add a replicate column "
        "(seed, run or sample) if they are repeated measurements"
    )
    assert wait_for(lambda: figure.error, what="the error") == message
    assert host.evaluate("widgetRoot().querySelector('.error').textContent") == message
    with pytest.raises(sweepmap.SweepmapError, match=re.escape(message)):
        figure.to_svg()

    figure.data = TIDY
    assert wait_for(lambda: figure.panels, what="the new data") == ["m1"]
    assert figure.error == ""
    assert host.evaluate("widgetRoot().querySelector('.error').hidden") is True

    # A view the core refuses keeps the figure drawn.
    figure.colormap = "nonexistent"
    assert wait_for(lambda: figure.error, what="the error").startswith(
        'unknown colour map: "nonexistent"; expected one of "viridis", "cividis", "magma"'
    )
    # ... but exports it no more: the traits ask for a view the core refused, whose message
    # Python raises.
    with pytest.raises(sweepmap.SweepmapError, match=r'^unknown colour map: "nonexistent"'):
        figure.to_svg()
    assert host.evaluate("widgetRoot().querySelector('.error').hidden") is False
    figure.x = "nope"
    assert wait_for(lambda: figure.error.startswith("no column"), what="the column error")
    assert (
        figure.error
        == 'no column "nope" for the x axis; the columns are "model", "lr", "wd", "acc"'
    )


def test_changes_sent_together_draw_once(host, tmp_path):
    figure = host.show(sweepmap.Figure(TIDY, width=600))
    drawn(figure)
    draws = "window.host.updates.filter((names) => names.includes('panels')).length"
    assert host.evaluate(draws) == 1
    # New data with its name (two traits), then several options at once: one drawing each.
    path = tmp_path / "other.csv"
    path.write_text("model,lr,wd,acc\nm2,1,0.1,0.5\nm2,2,0.1,0.7\n", encoding="utf-8")
    figure.data = path
    assert wait_for(lambda: figure.panels == ["m2"], what="the new data")
    with figure.hold_sync():
        figure.colormap = "magma"
        figure.reverse = True
        figure.width = 500
    wait_for(lambda: host.evaluate(draws) >= 3, what="the redraw")
    assert cells(figure.to_svg())[0][4] == MAGMA["0.4"]
    assert host.evaluate(draws) == 3


def run_table() -> pd.DataFrame:
    rows = [
        {
            "lr": lr,
            "wd": wd,
            "bs": bs,
            "seed": seed,
            "val_acc": 0.5 + lr * 100 + wd + bs / 1000 + seed / 100,
            "train_loss": 1 - lr,
        }
        for lr, wd, bs, seed in itertools.product([1e-4, 3e-4, 1e-3], [0.0, 0.1], [32, 64], [1, 2])
    ]
    return pd.DataFrame(rows)


def test_a_run_table_is_drawn_at_the_view_python_names(host, tmp_path):
    figure = host.show(
        sweepmap.Figure(
            run_table(), x="lr", y="wd", metric="val_acc", others={"bs": {"fixed": 32}}, width=600
        )
    )
    drawn(figure)
    assert figure.error == ""
    assert figure.inferred == [
        'Drawn: "val_acc" (higher is better) by "lr" (x) and "wd" (y), as named in the options.',
        'Read as a table of runs: 24 runs; parameters "lr", "wd", "bs"; metrics "val_acc", '
        '"train_loss"; replicate "seed".',
        "Shown: bs = 32 (fixed); 2 runs per cell.",
    ]
    # The same lines are listed above the figure, as text.
    notes = "[...widgetRoot().querySelectorAll('.notes li')].map((item) => item.textContent)"
    assert host.evaluate(notes) == figure.inferred
    assert host.evaluate("widgetRoot().querySelector('.notes').hidden") is False
    figure.notes = False
    wait_for(lambda: host.evaluate("widgetRoot().querySelector('.notes').hidden"), what="hiding")
    found = cells(figure.to_svg())
    assert len(found) == 6
    x, y, width, height, _ = found[0]
    host.mouse_move(*page_point(host, x + width / 2, y + height / 2))
    cell = wait_for(lambda: figure.hover, what="hover")
    runs = cell["runs"]
    assert {key: runs[key] for key in ("runs", "shown", "winner")} == {
        "runs": 2,
        "shown": 2,
        "winner": None,
    }
    # The tooltip's lines, as the core words them: [name, text] pairs.
    assert runs["rows"] and all(
        len(row) == 2 and all(isinstance(part, str) for part in row) for row in runs["rows"]
    )
    assert cell["count"] == 2

    figure.others = {"bs": "best"}
    wait_for(
        lambda: figure.inferred[-1] != "Shown: bs = 32 (fixed); 2 runs per cell.", what="redraw"
    )
    assert figure.inferred[-1].startswith("Shown: best over bs")

    # A value the parameter never takes: the core's message is the error trait and what Python
    # raises on export and on saving; the figure drawn stays.
    figure.others = {"bs": {"fixed": 99}}
    message = 'field "bs": expected one of its values ("32", "64") to fix it at, found "99"'
    assert wait_for(lambda: figure.error, what="the core's refusal") == message
    with pytest.raises(sweepmap.SweepmapError, match=f"^{re.escape(message)}$"):
        figure.to_svg()
    with pytest.raises(sweepmap.SweepmapError, match=f"not saved: {re.escape(message)}$"):
        figure.save_html(tmp_path / "refused.html")
    # The metric, its direction and a mean over the other parameter, set one after another.
    with figure.hold_sync():
        figure.metric = "train_loss"
        figure.direction = "lower"
        figure.others = {"bs": "mean"}
    wait_for(lambda: not figure.error, what="the new view")
    assert figure.inferred[0].startswith('Drawn: "train_loss" (lower is better) by "lr" (x)')
    assert figure.inferred[-1] == "Shown: mean over bs; 4 runs per cell."


def test_a_lazy_frame_is_drawn_from_its_configuration_table(host):
    """A polars LazyFrame is reduced in polars; its configuration table draws the cells its
    runs draw, pooled (2 seeds each), and the notes say where it was reduced."""
    view = {"x": "lr", "y": "wd", "metric": "val_acc", "replicate": "seed", "width": 600}
    view["others"] = {"bs": {"fixed": 32}}
    eager = host.show(sweepmap.Figure(run_table(), **view))
    drawn(eager)
    from_runs = cells(eager.to_svg())
    lazy = host.show(sweepmap.Figure(pl.from_pandas(run_table()).lazy(), **view))
    drawn(lazy)
    assert lazy.error == ""
    assert lazy.reduced == "reduced in polars from 24 rows to 12 configurations"
    assert lazy.spec["load"]["columns"] == {"x": "lr", "y": "wd", "value": "val_acc.mean"}
    assert lazy.inferred[1] == (
        'Read as a configuration table: 24 runs; parameters "lr", "wd", "bs"; metrics '
        '"val_acc", "train_loss".'
    )
    assert lazy.inferred[-1] == "Shown: bs = 32 (fixed); 2 runs per cell."
    notes = "[...widgetRoot().querySelectorAll('.notes li')].map((item) => item.textContent)"
    assert host.evaluate(notes) == [lazy.reduced, *lazy.inferred]
    # The same cells in the same colours as the runs give.
    assert cells(lazy.to_svg()) == from_runs
    assert len(from_runs) == 6


def test_a_json_dataset_from_a_path_with_the_panels_chosen(host):
    figure = host.show(
        sweepmap.Figure(
            REPOSITORY / "www" / "data" / "kv-cache-sweep.json",
            layout="benchmark",
            show_benchmark="AIME24",
            width=800,
        )
    )
    assert drawn(figure) == ["R1-Llama | AIME24", "R1-Qwen | AIME24"]
    figure.show_model = "R1-Qwen"
    figure.layout = "model"
    assert wait_for(lambda: figure.panels[0] != "R1-Llama | AIME24", what="the redraw")
    assert figure.panels[0].startswith("R1-Qwen | ")
    assert figure.error == ""


def test_a_wandb_export_with_its_axes_and_metric_named(host):
    # The example: named axes and metric on a sweep with a third parameter. The tidy
    # loader would take the names and refuse the rows that differ only in warmup_steps.
    runs = pd.read_csv(REPOSITORY / "tests" / "fixtures" / "sweeps" / "synthetic-wandb-runs.csv")
    figure = host.show(sweepmap.Figure(runs, x="lr", y="batch_size", metric="val/acc", width=600))
    drawn(figure)
    assert figure.error == ""
    assert figure.inferred[0] == (
        'Drawn: "val/acc" (higher is better) by "lr" (x) and "batch_size" (y), '
        "as named in the options. 1 note to check below."
    )
    assert figure.inferred[2] == (
        "Shown: warmup_steps = 500 (fixed at the best run's); 1 to 2 runs per cell."
    )
    assert len(cells(figure.to_svg())) == 9


def test_columns_named_wrongly_for_a_run_table_get_its_message(host):
    # The tidy loader refuses the table for its columns; the run table refuses the names given.
    figure = host.show(sweepmap.Figure(run_table(), x="lr", y="lr", width=600))
    assert wait_for(lambda: figure.error, what="the error") == (
        'field "y": expected a parameter other than the x axis ("lr")'
    )
    figure.y = "wd"
    assert wait_for(lambda: figure.panels, what="the figure")
    assert figure.error == ""
    assert figure.inferred[0].startswith('Drawn: "val_acc" (higher is better) by "lr" (x)')


def test_png_export_is_the_figure_at_the_pixel_ratio(host):
    figure = host.show(sweepmap.Figure(TIDY, width=600))
    drawn(figure)
    png = figure.to_png(pixel_ratio=2)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (1200, 410)
    future = figure.export("png", pixel_ratio=1)
    assert struct.unpack(">II", future.result(10)[16:24]) == (600, 205)


def test_every_sweep_setting_of_the_core_is_a_python_option():
    """The view settings the core declares (linkSchema) for sweeps, each a Figure option: a
    setting added to the core (a theme, say) fails here until Figure has it."""
    assert core_settings("sweep") == set(LOOK.values()) | {"width"}


def test_every_pairwise_setting_of_the_core_is_a_python_option():
    """The same for per-item scores: every option SweepPairwiseFigure takes is one of Figure's
    (binsX and binsY are `bins` for both axes). The colour range of pairwise figures is its own
    setting (src/view/pairwise.rs PAIRWISE_DOMAIN), which linkSchema lists under sweeps."""
    core = core_settings("pairwise") | {"domain"}
    assert core == set(PAIRWISE_LOOK.values()) | {"width", "binsX", "binsY"}


def core_settings(kind: str) -> set[str]:
    """The options of the core's view settings of a kind ("sweep", "pairwise"), from linkSchema."""
    script = """
      import fs from "node:fs";
      const pkg = process.argv[1] + "/www/pkg/";
      const glue = await import(pkg + "sweepmap.js");
      await glue.default({ module_or_path: fs.readFileSync(pkg + "sweepmap_bg.wasm") });
      const chosen = glue.linkSchema().settings.filter((setting) => setting[process.argv[2]]);
      console.log(JSON.stringify(chosen.map((setting) => setting.option)));
    """
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(REPOSITORY), kind],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(result.stdout))


# Per-item scores: models a and b on 10 items, low (0.2) or high (0.8). a is low on items 1-6,
# b on items 1-3: with 2 bins per axis, a pair's histogram counts 3 items low-low, 3 with a low
# and b high, 4 high-high and none with a high and b low.
SCORES = pd.DataFrame(
    [
        {"model": model, "item": f"q{item}", "score": 0.2 if item <= low else 0.8}
        for model, low in (("a", 6), ("b", 3), ("c", 0))
        for item in range(1, 11)
    ]
)


PAIR_TITLES = ["a vs b"]


def test_per_item_scores_are_drawn_by_the_pairwise_package(host, tmp_path):
    figure = sweepmap.Figure(SCORES, models=["a", "b"], bins=2, width=600)
    set_options = {k: v for k, v in figure.spec["pairwise_view"].items() if v is not None}
    assert set_options == {"models": ["a", "b"], "bins": 2, "reversed": False}
    assert set(figure.spec["pairwise_view"]) == set(sweepmap._figure.PAIRWISE_LOOK.values())
    # Python read the frame as per-item scores, so the pairwise wasm goes with it; without it
    # the front end asks for it (below).
    assert len(figure._wasm_pairwise.value) > 100_000
    figure._wasm_pairwise = None
    host.show(figure)
    assert drawn(figure) == PAIR_TITLES
    assert figure.error == "" and figure.kind == "pairwise"
    assert figure._wasm_pairwise.name == "pairwise"
    found = cells(figure.to_svg())
    # a on x, b on y (low at the bottom): 3 items in each bin with b high or both low (the same
    # colour), 4 in the top range (both high), none with a high and b low (the bottom range).
    assert sorted((x, y, fill) for x, y, _w, _h, fill in found) == [
        (60, 71, "5CC862"),
        (60, 281, "5CC862"),
        (270, 71, "FDE725"),
        (270, 281, "440154"),
    ]
    # The bin of 4 items (both high) is the range's top, viridis' yellow; hover tells its count.
    peak = next(cell for cell in found if cell[4] == VIRIDIS["0.4"])
    x, y, width, height, _ = peak
    host.mouse_move(*page_point(host, x + width / 2, y + height / 2))
    cell = wait_for(lambda: figure.hover, what="hover")
    assert cell["count"] == 4 and cell["via"] == "pointer"
    assert cell["shareText"].startswith("40")
    assert canvas_colour(host, x + 4, y + 4) == VIRIDIS["0.4"]
    clicked = []
    figure.on_click(clicked.append)
    host.mouse_click(*page_point(host, x + width / 2, y + height / 2))
    wait_for(lambda: clicked, what="the click")
    assert clicked[0]["count"] == 4 and figure.click["count"] == 4
    # Options redraw: share instead of count; a model the data lack is the core's error.
    counts = figure.to_svg()
    figure.by = "share"
    shares = wait_for(lambda: (svg := figure.to_svg()) != counts and svg, what="the redraw")
    # The colour bar says what colours the bins.
    assert "Share of paired items (%)" in shares
    assert "Share of paired items (%)" not in counts
    figure.models = ["a", "zz"]
    message = wait_for(lambda: figure.error, what="the core's refusal")
    assert message.startswith('unknown model: "zz"; expected one of "a", "b", "c"')
    with pytest.raises(sweepmap.SweepmapError, match=re.escape(message)):
        figure.to_svg()
    figure.models = None
    wait_for(lambda: len(figure.panels) == 3 and not figure.error, what="three pairs")
    notes = "[...widgetRoot().querySelectorAll('.notes li')].map((item) => item.textContent)"
    assert host.evaluate(notes) == []
    # With more models than the default compares, the note says how to choose them.
    figure.data = pd.concat([SCORES, *(SCORES.assign(model=SCORES.model + n) for n in "12")])
    wait_for(lambda: len(figure.panels) == 10 and not figure.error, what="the default models")
    assert host.evaluate(notes) == [
        "Comparing the first 5 of 9 models (10 of 36 pairs). Choose them with models=[...]."
    ]
    png = figure.to_png(pixel_ratio=1)
    assert png.startswith(b"\x89PNG")
    # New data of the other kind: a sweep, drawn by the default package's figure.
    figure.bins = None
    figure.data = TIDY
    assert wait_for(lambda: figure.kind == "sweep" and figure.panels, what="the sweep") == ["m1"]
    assert figure.error == "" and len(cells(figure.to_svg())) == 4
    figure.data = SCORES
    wait_for(lambda: figure.kind == "pairwise" and not figure.error, what="scores again")
    # A run table's bins (a word) are the core's to refuse for per-item scores.
    figure.bins = "mean"
    assert wait_for(lambda: figure.error, what="the refusal") == (
        'field "bins": expected a whole number of bins from 1 to 200, found "mean"'
    )


# What the page received from Python: [kind, model id, bytes of binary data, characters of JSON]
# per message.
RECEIVED = "window.host.received"
SHARED = 'globalThis[Symbol.for("sweepmap.widget.shared")]'


def assert_cells_drawn(host, cells_of_svg, index: int) -> None:
    """Every cell of an exported SVG has its colour on the canvas of widget `index`."""
    for x, y, _width, _height, fill in cells_of_svg:
        assert canvas_colour(host, x + 6, y + 6, index) == fill, (index, x, y)


def test_two_figures_get_the_wasm_once_and_a_saved_notebook_holds_it_once(host):
    """Two figures in one page refer to the kernel's one model of the front end's module and
    one of the wasm: their bytes reach the page once (the only binary data received), the
    module is imported once and the wasm compiled once, each figure's own state is its loader
    and data, and each figure draws its own cells. Reopened from the saved widget state with no
    kernel, both draw again from the one copy the state holds."""
    first = sweepmap.Figure(TIDY, width=600)
    second = sweepmap.Figure(
        TIDY.assign(acc=TIDY.acc[::-1].to_numpy()), colormap="magma", width=600
    )
    module, asset = first._module, first._wasm
    assert second._module is module and second._wasm is asset
    assert module.name == "widget.js" and len(module.value) > 50_000
    host.show(first, second)
    assert drawn(first) == ["m1"] and drawn(second) == ["m1"]
    received = host.evaluate(RECEIVED)
    binary = [message[:3] for message in received if message[2]]
    assert binary == [
        ["open", module.model_id, len(module.value)],
        ["open", asset.model_id, len(asset.value)],
    ]
    opened = {model: size for kind, model, _, size in received if kind == "open"}
    assert list(opened) == [module.model_id, asset.model_id, first.model_id, second.model_id]
    # A figure's own state: the loader (a few kB) and its data, not the module or the wasm.
    assert len(first._esm) < 5_000
    assert opened[first.model_id] < 10_000 and opened[second.model_id] < 10_000
    assert host.evaluate(f"{SHARED}.frontEnds.size") == 1
    assert host.evaluate(f"[...{SHARED}.modules.keys()]") == [asset.sha256]
    first_cells, second_cells = cells(first.to_svg()), cells(second.to_svg())
    # The same cells, coloured from the other end of the other map: each figure drew its own.
    assert {fill for *_, fill in first_cells} >= set(VIRIDIS.values())
    assert {fill for *_, fill in second_cells} >= set(MAGMA.values())
    assert_cells_drawn(host, first_cells, 0)
    assert_cells_drawn(host, second_cells, 1)
    assert host.console == [] and host.evaluate("window.host.errors") == []

    # A notebook saved with its widget state (what a manager saves: every model, its binary
    # traits as base64 buffers), reopened with no kernel.
    # The SVG exports referred both figures to the one pairwise package (which writes SVG), so
    # the state holds it too, once.
    pairwise = first._wasm_pairwise
    assert pairwise is not None and second._wasm_pairwise is pairwise
    saved = dependency_state([first, second], drop_defaults=False)
    assert set(saved) == {
        module.model_id,
        asset.model_id,
        pairwise.model_id,
        first.model_id,
        second.model_id,
    }
    copies = sorted(
        (model_id, buffer["path"])
        for model_id, model in saved.items()
        for buffer in model.get("buffers", [])
    )
    assert copies == sorted(
        [
            (module.model_id, ["value"]),
            (asset.model_id, ["value"]),
            (pairwise.model_id, ["value"]),
        ]
    )
    host.restore(saved, [first.model_id, second.model_id])
    labelled = "widgetRoot(arg).querySelector('canvas').getAttribute('aria-label')"
    wait_for(
        lambda: all(host.evaluate(labelled, i) != "Loading the figure" for i in (0, 1)),
        what="both figures to draw from the saved state",
    )
    assert_cells_drawn(host, first_cells, 0)
    assert_cells_drawn(host, second_cells, 1)
    assert host.evaluate("[...document.querySelectorAll('.sweepmap-widget')].length") == 2
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_without_a_widget_manager_the_figures_ask_the_kernel_for_the_wasm(host):
    """A host whose models have no widget_manager cannot follow the references to the shared
    module and wasm: each figure asks the kernel ("module", then "wasm"), which sends the bytes
    to the first and only their SHA-256 to the others, since the page says it has them;
    per-item scores get the pairwise wasm the same way."""
    first = sweepmap.Figure(TIDY, width=600)
    second = sweepmap.Figure(TIDY, colormap="magma", width=600)
    scores = sweepmap.Figure(SCORES, models=["a", "b"], bins=2, width=600)
    host.show(first, second, scores, manager=False)
    assert drawn(first) == ["m1"] and drawn(second) == ["m1"]
    assert drawn(scores) == PAIR_TITLES and scores.kind == "pairwise"
    received = host.evaluate(RECEIVED)
    # The Asset models are opened (the kernel made them), but the figures cannot read them.
    opened = {model: size for kind, model, size, _ in received if kind == "open"}
    assert opened[first._wasm.model_id] == len(first._wasm.value)
    answers = [(model, size) for kind, model, size, _ in received if kind == "custom"]
    module, wasm = len(first._module.value), len(first._wasm.value)
    assert answers == [
        (first.model_id, module),
        (first.model_id, wasm),
        (second.model_id, 0),
        (second.model_id, 0),
        (scores.model_id, 0),
        (scores.model_id, 0),
        (scores.model_id, len(scores._wasm_pairwise.value)),
    ]
    assert_cells_drawn(host, cells(first.to_svg()), 0)
    assert_cells_drawn(host, cells(second.to_svg()), 1)
    assert host.console == [] and host.evaluate("window.host.errors") == []


def ppm(path: Path) -> tuple[int, int, bytes]:
    """A binary PPM (P6, 8 bits) as (width, height, RGB bytes)."""
    data = path.read_bytes()
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header, "a P6 PPM with 8-bit samples"
    return int(header.group(1)), int(header.group(2)), data[header.end() :]


def dominant(image: tuple[int, int, bytes], x: int, y: int, radius: int) -> str:
    """The colour most pixels have in the square of side 2 * radius + 1 around (x, y), as
    RRGGBB (a cell's colour at its centre, its value's digits covering fewer pixels)."""
    width, _height, pixels = image
    counts: dict[str, int] = {}
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            offset = ((y + dy) * width + x + dx) * 3
            colour = pixels[offset : offset + 3].hex().upper()
            counts[colour] = counts.get(colour, 0) + 1
    return max(counts, key=counts.__getitem__)


def test_to_pdf_is_the_figure_made_by_the_paper_package_sent_once(host, tmp_path):
    """to_pdf(): the page gets the paper package and its fonts from the kernel on the first PDF
    only, once for every figure of the page; pdftoppm renders each cell in the colour the
    figure gives it, and pdftotext finds its text."""
    first = sweepmap.Figure(TIDY, width=600)
    second = sweepmap.Figure(TIDY, colormap="magma", width=600)
    host.show(first, second)
    drawn(first), drawn(second)
    assert [size for _, _, size, _ in host.evaluate(RECEIVED) if size] == [
        len(first._module.value),
        len(first._wasm.value),
    ]
    svg = first.to_svg()
    pdf = first.to_pdf()
    assert pdf.startswith(b"%PDF-1.")
    paper = sweepmap._figure._paper()
    paper_bytes = len(paper.wasm) + sum(len(font) for font in paper.fonts)
    sent = [size for kind, _, size, _ in host.evaluate(RECEIVED) if kind == "custom" and size]
    assert sent == [paper_bytes]
    path = tmp_path / "figure.pdf"
    path.write_bytes(pdf)
    # 144 dpi: 2 image pixels per point, a point being a CSS pixel of the figure.
    subprocess.run(
        ["pdftoppm", "-r", "144", "-singlefile", str(path), str(tmp_path / "figure")], check=True
    )
    image = ppm(tmp_path / "figure.ppm")
    width, height = re.match(r'<svg width="(\d+)" height="(\d+)"', svg).groups()
    assert image[:2] == (2 * int(width), 2 * int(height))
    found = cells(svg)
    assert len(found) == 4
    for x, y, cell_width, cell_height, fill in found:
        radius = int(0.3 * min(cell_width, cell_height) * 2)
        colour = dominant(image, 2 * x + cell_width, 2 * y + cell_height, radius)
        assert colour == fill, (x, y, colour, fill)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "m1" in text and "lr" in text and "wd" in text

    # The other figure's PDF uses the package the page has: nothing more is sent.
    magma = second.to_pdf()
    assert magma.startswith(b"%PDF-1.") and magma != pdf
    sent = [size for kind, _, size, _ in host.evaluate(RECEIVED) if kind == "custom" and size]
    assert sent == [paper_bytes]
    assert host.evaluate(f"{SHARED}.paper.size") == 1
    # A refused view is refused for PDFs too, with the core's message.
    second.colormap = "nonexistent"
    wait_for(lambda: second.error, what="the refusal")
    with pytest.raises(sweepmap.SweepmapError, match=r'^unknown colour map: "nonexistent"'):
        second.to_pdf()
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_to_pdf_warns_of_characters_its_font_lacks(host):
    """A label the bundled font cannot draw (Liberation Sans has no CJK) is drawn as boxes: the
    future lists the characters and to_pdf() warns, naming them."""
    figure = host.show(sweepmap.Figure(TIDY.assign(model="模型"), width=600))
    assert drawn(figure) == ["模型"]
    missing = r"Liberation Sans, has no glyph for 模 型: drawn as boxes"
    with pytest.warns(UserWarning, match=missing):
        pdf = figure.to_pdf()
    assert pdf.startswith(b"%PDF-1.")
    future = figure.export("pdf")
    assert future.result(30).startswith(b"%PDF-1.") and future.missing == ["模", "型"]
    assert future.note == (
        "(the bundled font, Liberation Sans, has no glyph for 模 型: drawn as boxes; the plain SVG "
        "export keeps them as text)"
    )
