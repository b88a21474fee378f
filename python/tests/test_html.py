"""save_html: the standalone template (README "One file") filled with the data and the view as
link text, the options a file cannot carry refused, and the file opened from file:// in
headless Chromium with every request but the file's refused, drawing the figure."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import parse_qsl

import pandas as pd
import pytest

import sweepmap
from sweepmap._data import frame_to_csv

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


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"x": "lr"}, "x"),
        ({"x": "lr", "y": "wd", "metric": "acc"}, "x, y, metric"),
        ({"model": "m", "ignore": ["seed"]}, "model, ignore"),
        ({"roles": {"seed": "replicate"}}, "roles"),
        (
            {"others": {"bs": "best"}, "bins": "best", "direction": "lower"},
            "direction, others, bins",
        ),
    ],
)
def test_columns_and_a_run_tables_view_are_refused_by_name(tmp_path, options, named):
    path = tmp_path / "figure.html"
    with pytest.raises(ValueError) as raised:
        sweepmap.save_html(TIDY, path, colormap="magma", **options)
    assert str(raised.value) == (
        f"save_html cannot carry {named} yet: a file holds its view as a share link does, and "
        "links do not hold the loader's columns or a run table's view, so the file opens the "
        "data's default view. Leave them out (or choose the columns in the data, keeping only "
        "those to draw)"
    )
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
    with pytest.raises(ValueError, match=r"^save_html cannot carry x yet: "):
        figure.save_html(tmp_path / "other.html")


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
            """() => {
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
              return {
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
