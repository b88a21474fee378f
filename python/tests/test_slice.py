"""The slice view in the widget (`chart="slice"`, `along`, `across`): drawn by the slice
package (www/pkg/slice/), whose wasm reaches a page only when one of its figures asks for a
slice, once; the words checked in Python, for a Figure and for save_html."""

from __future__ import annotations

import itertools
import re
import subprocess
import time

import pytest
import traitlets
from conftest import wait_for
from ipywidgets.embed import dependency_state
from test_frontend import RECEIVED, SCORES, TIDY, canvas_colour, drawn, page_point
from test_html import figure_in

import sweepmap

#: A point of a slice in the exported SVG (its dots are 3 px circles): cx, cy, fill.
POINT = re.compile(r'<circle cx="(\d+)" cy="(\d+)" r="3" opacity="1" fill="#([0-9A-F]{6})"')
#: The light theme's first two series colours (src/color/series.rs).
BLUE, ORANGE = "1F77B4", "D95F02"


def svg_text(svg: str) -> list[str]:
    """The text of an SVG's <text> elements, stripped."""
    return [text.strip() for text in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def points(svg: str) -> list[tuple[int, int, str]]:
    """The dots of a slice's SVG, (cx, cy, colour), its legend's last (one per series, on the
    legend's row, the lowest of the figure)."""
    return [(int(x), int(y), fill) for x, y, fill in POINT.findall(svg)]


def svg_of(figure) -> str:
    """The figure's SVG, or "" while it or its slice is not drawn yet (the front end says so
    rather than export the heatmap still shown)."""
    try:
        return figure.to_svg()
    except sweepmap.SweepmapError as error:
        assert str(error) in (
            "the figure is not drawn yet",
            "the slice is not drawn yet (its package is starting); ask again",
        )
        return ""


def slice_bytes() -> int:
    """The size of the slice package's wasm, as the package ships it."""
    return len(sweepmap._figure._slice_wasm())


def binary_received(host) -> list[int]:
    """The sizes of the binary data the page received, message by message (0s left out)."""
    return [size for _, _, size, _ in host.evaluate(RECEIVED) if size]


def test_a_slice_is_drawn_along_x_and_a_change_of_along_redraws(host):
    """TIDY as a slice: one line per lr (2 values, one panel: across "auto" is "each"), wd
    along x. The dots sit where the values put them (0.1, 0.2, 0.3, 0.4 evenly spaced, the
    larger higher), the canvas has each series' colour at its dots, hover reports the point
    with the core's text; along="y" redraws with a line per wd."""
    figure = host.show(sweepmap.Figure(TIDY, chart="slice", width=600))
    assert drawn(figure) == ["m1"]
    assert figure.error == "" and figure.kind == "sweep"
    svg = figure.to_svg()
    width, height = (int(v) for v in re.match(r'<svg width="(\d+)" height="(\d+)"', svg).groups())
    assert width == 600
    # The canvas is the slice's size, not the heatmap's (205 px high at this width).
    box = host.evaluate("widgetRoot().querySelector('canvas').getBoundingClientRect().toJSON()")
    assert (box["width"], box["height"]) == (width, height) and height != 205
    # The canvas is named as the core names the slice, and described by the heatmap's
    # observations, said to be the heatmap's (the widget no longer puts them in its name).
    canvas = "widgetRoot().querySelector('canvas')"
    label = host.evaluate(f"{canvas}.getAttribute('aria-label')")
    assert label == (
        "Line chart of acc along wd in m1: 2 lines: lr = 1, lr = 2. A line per lr; no bands: "
        "the data carry no noise estimate."
    )
    described = host.evaluate(
        f"widgetRoot().getElementById({canvas}.getAttribute('aria-describedby')).textContent"
    )
    assert described.startswith(
        "Key observations of the heatmap this slice is read from (its cells, each a "
        "configuration of both axes). "
    ), described
    # The slice package writes the slice's SVG: the pairwise package (a heatmap's exports) is
    # not sent for it.
    assert figure._wasm_pairwise is None
    assert len(figure._wasm_slice.value) in binary_received(host)
    assert len(sweepmap._figure._assets().pairwise_wasm) not in binary_received(host)
    texts = svg_text(svg)
    assert texts[:2] == [
        "acc along wd",
        "A line per lr; no bands: the data carry no noise estimate.",
    ]
    assert texts[-2:] == ["lr = 1", "lr = 2"]
    *dots, legend_lr1, legend_lr2 = points(svg)
    assert (legend_lr1[2], legend_lr2[2]) == (BLUE, ORANGE) and legend_lr1[1] == legend_lr2[1]
    # lr = 1: 0.1 at wd 0.1, 0.2 at wd 0.2 (blue); lr = 2: 0.3 and 0.4 (orange).
    assert [(x, colour) for x, _, colour in dots] == [
        (dots[0][0], BLUE),
        (dots[1][0], BLUE),
        (dots[0][0], ORANGE),
        (dots[1][0], ORANGE),
    ]
    assert dots[0][0] < dots[1][0]
    heights = [y for _, y, _ in dots]  # acc 0.1, 0.2, 0.3, 0.4 in this order
    steps = [a - b for a, b in itertools.pairwise(heights)]
    assert all(step > 0 for step in steps) and max(steps) - min(steps) <= 1, heights
    for x, y, colour in dots:
        assert canvas_colour(host, x, y) == colour, (x, y)
    # The peak's dot: hover reports the point (series, position and the core's text).
    x, y, _ = dots[3]
    host.mouse_move(*page_point(host, x, y))
    point = wait_for(lambda: figure.hover, what="hover on the point")
    assert {key: point[key] for key in ("series", "position", "text", "via")} == {
        "series": 1,
        "position": 1,
        "text": "lr = 2 · wd = 0.2: 0.4, n = 1",
        "via": "pointer",
    }
    assert abs(point["x"] - x) < 1 and abs(point["y"] - y) < 1
    host.mouse_move(2, 2)
    wait_for(lambda: figure.hover is None, what="the pointer to leave")

    figure.along = "y"
    along_y = wait_for(lambda: (svg_y := svg_of(figure)) != svg and svg_y, what="the redraw")
    texts = svg_text(along_y)
    assert texts[:2] == [
        "acc along lr",
        "A line per wd; no bands: the data carry no noise estimate.",
    ]
    assert texts[-2:] == ["wd = 0.1", "wd = 0.2"]
    *dots, _, _ = points(along_y)
    # wd = 0.1: 0.1 and 0.3 (blue); wd = 0.2: 0.2 and 0.4 (orange), at the heights above.
    assert [(y, colour) for _, y, colour in dots] == [
        (heights[0], BLUE),
        (heights[2], BLUE),
        (heights[1], ORANGE),
        (heights[3], ORANGE),
    ]
    for x, y, colour in dots:
        assert canvas_colour(host, x, y) == colour, (x, y)
    # Back to the heatmap: drawn by the default package again, the slice's view words kept.
    figure.chart = "heatmap"
    wait_for(lambda: "<circle" not in svg_of(figure), what="the heatmap")
    assert figure.error == "" and figure._wasm_pairwise.name == "pairwise"
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_the_slice_package_reaches_a_page_only_when_a_figure_asks_for_a_slice_once(host):
    """Two heatmaps, one with a slice's words but no slice: the page never receives the slice
    package. Then the first asks for a slice, then the second: its wasm arrives once."""
    first = sweepmap.Figure(TIDY, width=600)
    second = sweepmap.Figure(TIDY, along="y", across="mean", width=600)
    host.show(first, second)
    drawn(first), drawn(second)
    assert first._wasm_slice is None and second._wasm_slice is None
    second.colormap = "magma"
    wait_for(lambda: svg_of(second).count("FCFDBF"), what="the redraw")
    module, wasm = len(first._module.value), len(first._wasm.value)
    assert binary_received(host) == [module, wasm, len(second._wasm_pairwise.value)]
    assert slice_bytes() not in binary_received(host)

    first.chart = "slice"
    wait_for(lambda: "<circle" in svg_of(first), what="the first slice")
    second.chart = "slice"
    wait_for(lambda: "acc along lr" in svg_of(second), what="the second slice, along y")
    assert first._wasm_slice is second._wasm_slice
    sizes = binary_received(host)
    assert sizes.count(slice_bytes()) == 1
    assert sizes == [module, wasm, len(second._wasm_pairwise.value), slice_bytes()]
    assert (first.error, second.error) == ("", "")
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_without_a_widget_manager_a_slice_asks_the_kernel_once(host):
    """A host that cannot follow the reference to the slice package's Asset asks the kernel
    ("wasm", trait _wasm_slice): the bytes come to the first figure, only their SHA-256 to the
    second, as the page says it has them."""
    first = sweepmap.Figure(TIDY, chart="slice", width=600)
    second = sweepmap.Figure(TIDY, chart="slice", along="y", width=600)
    host.show(first, second, manager=False)
    wait_for(lambda: "<circle" in svg_of(first), what="the first slice")
    wait_for(lambda: "acc along lr" in svg_of(second), what="the second slice")
    answers = [
        (model, size) for kind, model, size, _ in host.evaluate(RECEIVED) if kind == "custom"
    ]
    assert (first.model_id, slice_bytes()) in answers
    assert [size for _, size in answers].count(slice_bytes()) == 1
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_the_slice_words_are_checked_in_python(tmp_path):
    with pytest.raises(traitlets.TraitError, match=r"'chart' trait .* \['heatmap', 'slice'\]"):
        sweepmap.Figure(TIDY, chart="pie")
    figure = sweepmap.Figure(TIDY)
    with pytest.raises(traitlets.TraitError, match=r"'along' trait .* \['x', 'y'\] or None"):
        figure.along = "z"
    with pytest.raises(traitlets.TraitError, match=r"\['auto', 'each', 'best', 'mean'\]"):
        figure.across = "max"
    assert figure._wasm_slice is None and figure.spec["view"]["chart"] is None
    figure.across = "best"
    assert figure._wasm_slice is None
    figure.chart = "slice"
    assert figure._wasm_slice.name == "slice"
    assert len(figure._wasm_slice.value) == slice_bytes()
    view = figure.spec["view"]
    assert (view["chart"], view["along"], view["across"]) == ("slice", None, "best")

    path = tmp_path / "figure.html"
    with pytest.raises(ValueError, match=r'^chart: expected "heatmap" or "slice", found \'pie\'$'):
        sweepmap.save_html(TIDY, path, chart="pie")
    with pytest.raises(
        ValueError, match=r'^across: expected "auto", "each", "best" or "mean", found \'max\'$'
    ):
        sweepmap.save_html(TIDY, path, across="max")
    with pytest.raises(ValueError, match=r"^save_html of per-item scores does not take chart"):
        sweepmap.save_html(SCORES, path, chart="slice")
    assert not path.exists()
    # A figure's file carries the slice (the link's keys), and the template holds the slice
    # package to draw it (README "One file").
    saved = figure.save_html(path)
    assert figure_in(saved)[1]["view"] == "chart=slice&across=best"
    assert saved.read_text(encoding="utf-8").count('id="sweepmap-wasm-slice"') == 1


async def _slice_in_file(browser, url: str, timeout: float = 30) -> dict:
    """Opens a standalone file from disk in an offline context; waits for its slice; returns
    its series, every point's text, its SVG and what went wrong."""
    context = await browser.new_context(offline=True, viewport={"width": 1000, "height": 900})
    problems: list[str] = []
    await context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort(),
    )
    page = await context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        await page.goto(url)
        deadline = time.monotonic() + timeout
        ready = "(window.sweepmap?.figure?.sliceSeries?.() ?? []).length > 0"
        while not await page.evaluate(ready):
            if time.monotonic() > deadline:
                raise AssertionError(f"the slice was not drawn; problems: {problems}")
            await page.wait_for_timeout(100)
        shown = await page.evaluate(
            """async () => {
              const figure = window.sweepmap.figure;
              const texts = [];
              for (let s = 0; s < figure.sliceSeries().length; s++) {
                for (let p = 0; p < figure.slicePositions(); p++) {
                  texts.push(figure.slicePointOf(s, p)?.text ?? null);
                }
              }
              return {
                series: figure.sliceSeries(),
                texts,
                svg: await window.sweepmap.exports((exporting) => exporting.toSvg()),
              };
            }"""
        )
        return {**shown, "problems": problems}
    finally:
        await context.close()


def test_the_widgets_slice_is_the_slice_packages_own_in_a_file(host, tmp_path):
    """The same data and view saved as one file and opened from disk: the explorer there draws
    the slice with the slice package itself; its series and points (the core's text for each)
    are the widget's, and its SVG has the same text and dots at the widget's heights."""
    figure = host.show(sweepmap.Figure(TIDY, chart="slice", along="y", width=600))
    wait_for(lambda: "acc along lr" in svg_of(figure), what="the slice")
    hovered = []
    for x, y, _ in points(figure.to_svg())[:-2]:
        host.mouse_move(*page_point(host, x, y))
        hovered.append(wait_for(lambda: figure.hover, what="hover")["text"])
        host.mouse_move(2, 2)
        wait_for(lambda: figure.hover is None, what="the pointer to leave")
    path = figure.save_html(tmp_path / "slice.html")
    shown = host.call(_slice_in_file(host.browser, path.resolve().as_uri()), timeout=60)
    assert shown["problems"] == []
    assert shown["series"] == ["wd = 0.1", "wd = 0.2"]
    assert shown["texts"] == hovered
    assert hovered == [
        "wd = 0.1 · lr = 1: 0.1, n = 1",
        "wd = 0.1 · lr = 2: 0.3, n = 1",
        "wd = 0.2 · lr = 1: 0.2, n = 1",
        "wd = 0.2 · lr = 2: 0.4, n = 1",
    ]
    assert svg_text(shown["svg"]) == svg_text(figure.to_svg())


def test_a_saved_notebook_holds_the_slice_package_once_and_redraws_the_slice(host):
    """A notebook saved with its widget state (every model, binary traits as buffers) holds the
    slice package's Asset once for two slices, none for a heatmap; reopened with no kernel, the
    slices draw from it, their dots in their series' colours."""
    first = sweepmap.Figure(TIDY, chart="slice", width=600)
    second = sweepmap.Figure(TIDY, chart="slice", along="y", width=600)
    heatmap = sweepmap.Figure(TIDY, width=600)
    host.show(first, second, heatmap)
    wait_for(lambda: "acc along wd" in svg_of(first), what="the first slice")
    wait_for(lambda: "acc along lr" in svg_of(second), what="the second slice")
    drawn(heatmap)
    svgs = [first.to_svg(), second.to_svg()]
    saved = dependency_state([heatmap], drop_defaults=False)
    assert first._wasm_slice.model_id not in saved
    saved = dependency_state([first, second], drop_defaults=False)
    holding = [
        model_id
        for model_id, model in saved.items()
        if any(buffer["path"] == ["value"] for buffer in model.get("buffers", []))
        and model["state"].get("name") == "slice"
    ]
    assert holding == [first._wasm_slice.model_id]
    host.restore(saved, [first.model_id, second.model_id])
    labelled = "widgetRoot(arg).querySelector('canvas').getAttribute('aria-label')"
    wait_for(
        lambda: all(
            host.evaluate(labelled, i) not in ("Loading the figure", "Loading the slice view")
            for i in (0, 1)
        ),
        what="both slices to draw from the saved state",
    )
    for index, svg in enumerate(svgs):
        for x, y, colour in points(svg)[:-2]:
            assert canvas_colour(host, x, y, index) == colour, (index, x, y)
    assert host.console == [] and host.evaluate("window.host.errors") == []


def test_a_slices_pdf_is_the_slice(host, tmp_path):
    """to_pdf() of a slice: the paper package makes the slice's SVG (written by the slice
    package) a PDF; pdftotext finds the slice's title, note and legend."""
    figure = host.show(sweepmap.Figure(TIDY, chart="slice", width=600))
    wait_for(lambda: "acc along wd" in svg_of(figure), what="the slice")
    pdf = figure.to_pdf()
    assert pdf.startswith(b"%PDF-1.")
    assert figure._wasm_pairwise is None
    path = tmp_path / "slice.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    for line in ("acc along wd", "A line per lr", "lr = 1", "lr = 2"):
        assert line in text, (line, text)
