"""save_html: the standalone template (README "One file") filled with the data and the view as
link text, the options a file cannot carry refused, and the file opened from file:// in
headless Chromium with every request but the file's refused, drawing the figure."""

from __future__ import annotations

import itertools
import json
import re
import time
from pathlib import Path
from urllib.parse import parse_qsl

import pandas as pd
import pytest
from conftest import wait_for

import sweepmap
from sweepmap._data import frame_to_csv

REPOSITORY = Path(__file__).resolve().parents[2]
STATIC = Path(sweepmap.__file__).parent / "static"
SLOT = "<!--sweepmap:figure-->"
FIGURE_ELEMENT = re.compile(
    r'<script type="application/json" id="sweepmap-figure">(.*?)</script>', re.DOTALL
)
# Text that would end the script element, open a tag and start a comment if it were not escaped.
HOSTILE = "</script><b>m1</b><!--"
TIDY = pd.DataFrame(
    {
        "model": [HOSTILE] * 4,
        "lr": [1, 1, 2, 2],
        "wd": [0.1, 0.2, 0.1, 0.2],
        "acc": [0.1, 0.2, 0.3, 0.4],
    }
)
# The ends of magma as the core draws them (0.1 and 0.4 are the panel's range).
MAGMA = {"0.1": "000004", "0.4": "FCFDBF"}


def figure_in(path: Path) -> tuple[str, dict[str, str]]:
    """The filled slot's text and the JSON object it holds; the rest of the file must be the
    template's."""
    html = path.read_text(encoding="utf-8")
    template = (STATIC / "standalone.html").read_text(encoding="utf-8")
    before, after = template.split(SLOT)
    assert html.startswith(before) and html.endswith(after)
    text = html[len(before) : len(html) - len(after)]
    (element,) = FIGURE_ELEMENT.findall(html)
    assert element == text
    return text, json.loads(text)


def test_the_file_holds_the_data_and_the_view_given_with_nothing_unescaped(tmp_path):
    look = {
        "layout": "grid",
        "show_model": "a&b=c d",
        "show_benchmark": ":mean",
        "colormap": "magma",
        "reverse": True,
        "range": "fixed",
        "min": -1.5,
        "max": 2,
        "annotate": False,
        "decimals": 0,
        "uncertainty": 0,
        "theme": "dark",
    }
    path = tmp_path / "figure.html"
    assert sweepmap.save_html(TIDY, path, title=HOSTILE, **look) == path
    text, figure = figure_in(path)
    assert "<" not in text
    assert figure.keys() == {"data", "title", "view"}
    assert figure["data"] == frame_to_csv(TIDY)
    assert HOSTILE in figure["data"]
    assert figure["title"] == HOSTILE
    # The view is link text: SweepFigure's option names, URL-encoded, in the order given.
    assert parse_qsl(figure["view"], keep_blank_values=True, strict_parsing=True) == [
        ("layout", "grid"),
        ("model", "a&b=c d"),
        ("benchmark", ":mean"),
        ("colorMap", "magma"),
        ("reversed", "1"),
        ("domain", "fixed"),
        ("min", "-1.5"),
        ("max", "2"),
        ("annotate", "0"),
        ("decimals", "0"),
        ("uncertainty", "0"),
        ("theme", "dark"),
    ]


def test_a_file_path_gives_its_name_and_no_options_give_no_view(tmp_path):
    data = tmp_path / "results.csv"
    data.write_text("model,lr,wd,acc\nm,1,0.1,0.5\nm,2,0.1,0.7\n", encoding="utf-8")
    _text, figure = figure_in(sweepmap.save_html(data, tmp_path / "out.html"))
    assert figure == {"data": data.read_text(encoding="utf-8"), "name": "results.csv"}
    # JSON text is passed on as it is, its format read from the text.
    json_text = '{"title": "t", "rows": []}\n'
    _text, figure = figure_in(sweepmap.save_html(json_text, tmp_path / "j.html"))
    assert figure == {"data": json_text}


def runs() -> pd.DataFrame:
    """A sweep the tidy loader refuses (three parameters, two metrics, a seed): a run table.
    val_acc rises with lr, wd and bs; train_loss falls with lr and rises with wd."""
    rows = [
        {
            "lr": lr,
            "wd": wd,
            "bs": bs,
            "seed": seed,
            "val_acc": 0.5 + lr * 100 + wd + bs / 1000 + seed / 100,
            "train_loss": 1 - lr * 100 + wd * 2 + seed / 1000,
        }
        for lr, wd, bs, seed in itertools.product([1e-4, 3e-4, 1e-3], [0.0, 0.1], [32, 64], [1, 2])
    ]
    return pd.DataFrame(rows)


def test_a_run_tables_columns_and_view_are_link_keys_in_the_file(tmp_path):
    path = sweepmap.save_html(
        runs(),
        tmp_path / "figure.html",
        metric="train_loss",
        direction="lower",
        x="wd",
        y="bs",
        replicate="seed",
        others={"lr": {"fixed": 0.001}},
        bins="best",
        roles={"odd,name\\": "ignore"},
        colormap="magma",
    )
    _text, figure = figure_in(path)
    # The run table's keys first (src/view/table.rs's order), then the look; names in a list
    # escaped as links write them (`\,` and `\\`).
    assert parse_qsl(figure["view"], strict_parsing=True) == [
        (
            "roles",
            "odd\\,name\\\\,ignore,wd,parameter,bs,parameter,train_loss,metric,seed,replicate",
        ),
        ("metric", "train_loss"),
        ("direction", "lower"),
        ("x", "wd"),
        ("y", "bs"),
        ("others", "lr,fixed,0.001"),
        ("binned", "best"),
        ("colorMap", "magma"),
    ]


def test_a_run_tables_view_of_the_wrong_kind_is_a_python_error(tmp_path):
    path = tmp_path / "figure.html"
    with pytest.raises(ValueError, match=r'^direction: expected "higher" or "lower", found'):
        sweepmap.save_html(runs(), path, direction="up")
    with pytest.raises(ValueError, match=r"^others\['lr'\]: expected \{\"fixed\": value\}"):
        sweepmap.save_html(runs(), path, others={"lr": "median"})
    with pytest.raises(TypeError, match=r"^others\['lr'\]: expected"):
        sweepmap.save_html(runs(), path, others={"lr": 3})
    with pytest.raises(ValueError, match=r'^bins: expected "mean" or "best", found'):
        sweepmap.save_html(runs(), path, bins="max")
    with pytest.raises(
        ValueError,
        match=r'^x: column "seed" is named as a replicate and as a parameter; name it once$',
    ):
        sweepmap.save_html(runs(), path, x="seed", roles={"seed": "replicate"})
    with pytest.raises(
        ValueError, match=r"^save_html cannot carry x for JSON data: a JSON dataset's axes"
    ):
        sweepmap.save_html(REPOSITORY / "www" / "data" / "kv-cache-sweep.json", path, x="lr")
    assert not path.exists()


def test_other_options_a_file_cannot_hold_are_refused(tmp_path):
    path = tmp_path / "figure.html"
    with pytest.raises(ValueError, match=r"^save_html does not take width, pixel_ratio: the file"):
        sweepmap.save_html(TIDY, path, width=600, pixel_ratio=2)
    with pytest.raises(
        ValueError, match=r"^decimals: a file \(like a link\) holds 0 to 6 decimals, found 8$"
    ):
        sweepmap.save_html(TIDY, path, decimals=8)
    with pytest.raises(ValueError, match=r"^uncertainty: a file \(like a link\) holds the level"):
        sweepmap.save_html(TIDY, path, uncertainty=0.5)
    with pytest.raises(TypeError, match=r"^save_html\(\) got unknown option\(s\) 'cmap'; the"):
        sweepmap.save_html(TIDY, path, cmap="magma")
    with pytest.raises(TypeError, match=r"^reverse: expected True or False, found 'yes'$"):
        sweepmap.save_html(TIDY, path, reverse="yes")
    with pytest.raises(TypeError, match=r"^max: expected a finite number, found inf$"):
        sweepmap.save_html(TIDY, path, max=float("inf"))
    assert not path.exists()


def test_a_figure_saves_its_data_and_the_look_set(tmp_path):
    figure = sweepmap.Figure(TIDY, colormap="magma", annotate=False, width=600, pixel_ratio=2)
    figure.decimals = 0
    saved = figure.save_html(tmp_path / "figure.html", title="A sweep")
    _text, held = figure_in(saved)
    assert held == {
        "data": frame_to_csv(TIDY),
        "title": "A sweep",
        "view": "colorMap=magma&annotate=0&decimals=0",
    }
    figure.x = "lr"
    figure.others = {"bs": "best"}
    _text, held = figure_in(figure.save_html(tmp_path / "other.html"))
    assert held["view"] == (
        "roles=lr%2Cparameter&x=lr&others=bs%2Cbest&colorMap=magma&annotate=0&decimals=0"
    )
    # A view the core refused in the front end is not saved: its message is the exception's.
    figure.error = 'no column "nope" for the x axis'
    with pytest.raises(
        sweepmap.SweepmapError,
        match=r'^the figure\'s view is not drawn, so it is not saved: no column "nope" for',
    ):
        figure.save_html(tmp_path / "refused.html")


async def _open_offline(browser, url: str, timeout: float = 30) -> dict:
    """Opens `url` in a new offline context where every request but for a file is aborted;
    waits for the figure; returns what it shows and what happened."""
    context = await browser.new_context(offline=True, viewport={"width": 1000, "height": 900})
    requests: list[str] = []
    problems: list[str] = []
    await context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort(),
    )
    page = await context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        await page.goto(url)
        deadline = time.monotonic() + timeout
        while not await page.evaluate("(window.sweepmap?.figure?.panels() ?? []).length > 0"):
            if time.monotonic() > deadline:
                raise AssertionError(f"the figure was not drawn; problems: {problems}")
            await page.wait_for_timeout(100)
        shown = await page.evaluate(
            """async () => {
              const figure = window.sweepmap.figure;
              const canvas = document.getElementById("figure-canvas");
              const scale = canvas.width / canvas.getBoundingClientRect().width;
              const colour = (x, y) => {
                const rect = figure.cellRect(0, x, y);
                const [r, g, b] = canvas.getContext("2d").getImageData(
                  Math.floor((rect.x + rect.width / 2) * scale),
                  Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data;
                return [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("").toUpperCase();
              };
              const options = figure.options();
              const projection = window.sweepmap.projection;
              return {
                view: projection ? projection.view() : null,
                description: projection ? projection.description() : null,
                // Every notice; a run table's explanation as its headline, then its folded
                // details (as tests/e2e/browser.mjs reads them).
                notices: [...document.querySelectorAll("#notice-list > li")].flatMap((li) =>
                  li.classList.contains("explained")
                    ? [li.firstChild.textContent,
                       ...[...li.querySelectorAll("details li")].map((item) => item.textContent)]
                    : [li.textContent]),
                svg: await window.sweepmap.exports((exporting) => exporting.toSvg()),
                // The canvas near the corner of every cell of every panel (off its label; up to
                // 25 by 25).
                canvasColours: figure.panels().flatMap((_panel, index) => {
                  const found = [];
                  for (let y = 0; y < 25; y++) for (let x = 0; x < 25; x++) {
                    let rect = null;
                    try { rect = figure.cellRect(index, x, y); } catch { rect = null; }
                    if (!rect) continue;
                    const [r, g, b] = canvas.getContext("2d").getImageData(
                      Math.floor((rect.x + rect.width * 0.15) * scale),
                      Math.floor((rect.y + rect.height * 0.15) * scale), 1, 1).data;
                    found.push([r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")
                      .toUpperCase());
                  }
                  return found;
                }),
                panels: figure.panels().map((panel) => panel.title),
                colorMap: options.colorMap,
                annotate: options.annotate,
                colours: [colour(0, 0), colour(1, 1)],
                bold: document.querySelectorAll("b").length,
                title: document.title,
              };
            }"""
        )
        return {**shown, "requests": requests, "problems": problems}
    finally:
        await context.close()


def test_the_file_opens_offline_from_disk_and_draws_the_view_given(host, tmp_path):
    path = sweepmap.save_html(
        TIDY, tmp_path / "figure.html", colormap="magma", annotate=False, title="Offline"
    )
    url = path.resolve().as_uri()
    shown = host.call(_open_offline(host.browser, url), timeout=60)
    assert shown["problems"] == []
    assert [request for request in shown["requests"] if request != url] == []
    # The hostile label is the panel's title, as text: no element made of it.
    assert shown["panels"] == [HOSTILE]
    assert shown["bold"] == 0
    assert shown["colorMap"] == "magma" and shown["annotate"] is False
    # The lowest value (lr 1, wd 0.1) and the peak (lr 2, wd 0.2) at magma's two ends.
    assert shown["colours"] == [MAGMA["0.1"], MAGMA["0.4"]]
    assert "Offline" in shown["title"]


# The view of a run table: each kind of choice for the other parameters (fixed at a value, best,
# mean, facet), with the metric, its direction and the axes named.
VIEWS = [
    {
        "metric": "train_loss",
        "direction": "lower",
        "x": "wd",
        "y": "lr",
        "others": {"bs": {"fixed": 64}},
    },
    {"metric": "val_acc", "x": "lr", "y": "wd", "others": {"bs": "best"}},
    {"metric": "val_acc", "x": "bs", "y": "lr", "others": {"wd": "mean"}},
    {"metric": "val_acc", "x": "lr", "y": "wd", "others": {"bs": "facet"}, "layout": "grid"},
]
#: What each view says it shows (the projection's description, the core's words).
SHOWN = [
    "bs = 64 (fixed); 2 runs per cell",
    "best over bs",
    "mean over wd",
    "2 runs per cell",
]


@pytest.mark.parametrize("index", range(len(VIEWS)))
def test_a_run_tables_view_reopens_from_the_file_as_the_widget_draws_it(host, tmp_path, index):
    """The file, opened from disk offline, draws the view named: the core's view and
    description, no notice, and every cell in the colour the widget gives the same view."""
    from test_frontend import cells

    view = VIEWS[index]
    path = sweepmap.save_html(runs(), tmp_path / "figure.html", **view)
    url = path.resolve().as_uri()
    shown = host.call(_open_offline(host.browser, url), timeout=60)
    assert shown["problems"] == []
    assert [request for request in shown["requests"] if request != url] == []
    drawn = shown["view"]
    assert (drawn["metric"], drawn["x"], drawn["y"]) == (view["metric"], view["x"], view["y"])
    (parameter, choice), *_ = view["others"].items()
    expected = {"fixed": str(choice["fixed"])} if isinstance(choice, dict) else choice
    assert drawn["others"][parameter] == expected
    if "direction" in view:
        assert drawn["direction"] == view["direction"]
    assert SHOWN[index] in shown["description"]
    if choice == "facet":
        assert shown["panels"] == ["bs = 32", "bs = 64"]
    # The same cells in the same colours as the widget's figure of the view (the core's SVG of
    # each, at each one's width: the fills in drawing order), and the canvas agrees.
    file_cells = cells(shown["svg"])
    figure = host.show(sweepmap.Figure(runs(), **view, width=800))
    wait_for(lambda: figure.panels or figure.error, what="the widget")
    assert figure.error == ""
    # The file lists what the widget lists (what is drawn, how the table was read, what it
    # shows; why the axes are drawn is said in each one's words): no notice of a refused key.
    assert len(shown["notices"]) == len(figure.inferred) == 3
    assert shown["notices"][0].split(", ")[0] == figure.inferred[0].split(", ")[0]
    assert shown["notices"][1] == figure.inferred[1]
    assert shown["notices"][2] == figure.inferred[2]
    widget_cells = cells(figure.to_svg())
    assert [fill for *_, fill in file_cells] == [fill for *_, fill in widget_cells]
    assert len(file_cells) == len(shown["canvasColours"]) == 6 * len(shown["panels"])
    assert sorted(shown["canvasColours"]) == sorted(fill for *_, fill in file_cells)
    # The metric's range ends at viridis' ends: the peak and the low cell are in the view.
    assert {"440154", "FDE725"} <= {fill for *_, fill in file_cells}


def test_a_lazy_frames_view_reopens_from_its_configuration_table(host, tmp_path):
    """A polars LazyFrame reduced in polars: the file holds the configuration table, its metric
    role on `m.mean`, and draws the cells the runs draw."""
    import polars as pl
    from test_frontend import cells

    view = {"metric": "val_acc", "x": "lr", "y": "wd", "replicate": "seed"}
    view["others"] = {"bs": {"fixed": 32}}
    lazy = sweepmap.save_html(pl.from_pandas(runs()).lazy(), tmp_path / "lazy.html", **view)
    _text, figure = figure_in(lazy)
    assert figure["title"] == "Reduced in polars from 24 rows to 12 configurations"
    assert figure["view"] == (
        "roles=lr%2Cparameter%2Cwd%2Cparameter%2Cval_acc.mean%2Cmetric"
        "&metric=val_acc&x=lr&y=wd&others=bs%2Cfixed%2C32"
    )
    eager = sweepmap.save_html(runs(), tmp_path / "eager.html", **view)
    from_lazy = host.call(_open_offline(host.browser, lazy.resolve().as_uri()), timeout=60)
    from_runs = host.call(_open_offline(host.browser, eager.resolve().as_uri()), timeout=60)
    assert from_lazy["problems"] == [] and from_lazy["view"]["others"] == {"bs": {"fixed": "32"}}
    assert from_lazy["notices"][1].startswith("Read as a configuration table: 24 runs;")
    assert len(cells(from_lazy["svg"])) == 6
    assert cells(from_lazy["svg"]) == cells(from_runs["svg"])


def test_per_item_scores_reopen_from_the_pairwise_file_as_the_widget_draws_them(host, tmp_path):
    """Per-item scores go into the template with both packages, kind pairwise, their view as
    link keys; offline from disk the file draws the widget's bins colour for colour."""
    from test_frontend import SCORES, cells

    view = {"models": ["a", "b"], "bins": 5, "by": "share", "log": False, "colormap": "magma"}
    path = sweepmap.save_html(SCORES, tmp_path / "scores.html", **view)
    html = path.read_text(encoding="utf-8")
    template = (STATIC / "pairwise_standalone.html").read_text(encoding="utf-8")
    before, after = template.split(SLOT)
    assert html.startswith(before) and html.endswith(after)
    figure = json.loads(html[len(before) : len(html) - len(after)])
    assert figure["kind"] == "pairwise"
    assert figure["view"] == "models=a%2Cb&bins=5&by=share&log=0&colorMap=magma"
    shown = host.call(_open_offline(host.browser, path.resolve().as_uri()), timeout=60)
    assert shown["problems"] == [] and shown["notices"] == []
    assert shown["panels"] == ["a vs b"] and shown["colorMap"] == "magma"
    file_cells = cells(shown["svg"])
    widget = host.show(sweepmap.Figure(SCORES, **view, width=800))
    wait_for(lambda: widget.panels or widget.error, what="the widget")
    assert widget.error == ""
    assert [fill for *_, fill in file_cells] == [fill for *_, fill in cells(widget.to_svg())]
    # 25 bins; the most items (4 of 10, both high) at magma's top.
    assert len(file_cells) == 25 and MAGMA["0.4"] in {fill for *_, fill in file_cells}
    assert sorted(shown["canvasColours"]) == sorted(fill for *_, fill in file_cells)


def test_options_of_the_other_kind_of_data_are_refused(tmp_path):
    from test_frontend import SCORES

    path = tmp_path / "figure.html"
    with pytest.raises(
        ValueError, match=r"^save_html of per-item scores does not take x, layout: their view"
    ):
        sweepmap.save_html(SCORES, path, x="lr", layout="grid")
    with pytest.raises(ValueError, match=r"^bins: a file \(like a link\) holds 5, 10 or 20 bins"):
        sweepmap.save_html(SCORES, path, bins=7)
    with pytest.raises(ValueError, match=r"^save_html: models, by are for per-item scores"):
        sweepmap.save_html(runs(), path, models=["a", "b"], by="share")
    assert not path.exists()


def test_a_tidy_sweeps_axes_named_reopen_as_named(host, tmp_path):
    """Data the tidy loader reads (two parameters, one metric), with the axes named the other
    way round: the file reads them as a run table at that view, as the widget does (lib/source.js
    loadSweep reads CSV whose link names a run table's view as a run table first)."""
    from test_frontend import cells

    frame = TIDY.assign(model="m1")
    path = sweepmap.save_html(frame, tmp_path / "swapped.html", x="wd", y="lr")
    shown = host.call(_open_offline(host.browser, path.resolve().as_uri()), timeout=60)
    assert shown["problems"] == []
    assert (shown["view"]["x"], shown["view"]["y"]) == ("wd", "lr")
    widget = host.show(sweepmap.Figure(frame, x="wd", y="lr", width=800))
    wait_for(lambda: widget.panels or widget.error, what="the widget")
    assert [f for *_, f in cells(shown["svg"])] == [f for *_, f in cells(widget.to_svg())]
    # Unnamed, the file opens the tidy reading as before (no run table).
    plain = sweepmap.save_html(frame, tmp_path / "plain.html")
    shown = host.call(_open_offline(host.browser, plain.resolve().as_uri()), timeout=60)
    assert shown["view"] is None and shown["panels"] == ["m1"]


def test_a_figure_of_per_item_scores_saves_their_view(tmp_path):
    from test_frontend import SCORES

    figure = sweepmap.Figure(SCORES, models=["a", "c"], bins=10, width=600)
    figure.by = "share"
    figure.log = True
    html = figure.save_html(tmp_path / "scores.html").read_text(encoding="utf-8")
    template = (STATIC / "pairwise_standalone.html").read_text(encoding="utf-8")
    before, after = template.split(SLOT)
    held = json.loads(html[len(before) : len(html) - len(after)])
    assert held == {
        "data": frame_to_csv(SCORES),
        "kind": "pairwise",
        "view": "models=a%2Cc&bins=10&by=share&log=1",
    }


def test_a_group_of_items_reopens_from_the_file_as_the_widget_draws_it(host, tmp_path):
    """Per-item scores with a benchmark column (the group): `group` draws its items only, in the
    widget and in the file (link key group)."""
    from test_frontend import SCORES, cells

    grouped = SCORES.assign(
        benchmark=["math" if int(item[1:]) <= 5 else "code" for item in SCORES["item"]]
    )
    view = {"models": ["a", "b"], "bins": 5, "group": "math"}
    path = sweepmap.save_html(grouped, tmp_path / "group.html", **view)
    shown = host.call(_open_offline(host.browser, path.resolve().as_uri()), timeout=60)
    assert shown["problems"] == [] and shown["notices"] == []
    widget = host.show(sweepmap.Figure(grouped, **view, width=800))
    wait_for(lambda: widget.panels or widget.error, what="the widget")
    assert widget.error == "" and widget.panels == shown["panels"]
    file_fills = [fill for *_, fill in cells(shown["svg"])]
    assert file_fills == [fill for *_, fill in cells(widget.to_svg())]
    # Items 1 to 5: a and b both low on 1 to 3, a low and b high on 4 and 5: two bins with
    # items, 3 (the range's top) and 2; the other 23 empty (the range's bottom).
    assert len(file_fills) == 25 and file_fills.count("440154") == 23
    assert "FDE725" in file_fills
    everything = host.show(sweepmap.Figure(grouped, models=["a", "b"], bins=5, width=800))
    wait_for(lambda: everything.panels or everything.error, what="all items")
    assert [fill for *_, fill in cells(everything.to_svg())] != file_fills
