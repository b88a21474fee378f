"""`save_html`: a figure as one self-contained HTML file (README "One file").

The template (`static/standalone.html`, copied from the build's `www/pkg/standalone.html` by
`python/build.sh`) is the explorer with its JavaScript and wasm inside and one slot,
`<!--sweepmap:figure-->`. Filling it is one string replacement: the slot becomes a JSON object
{data, name, format, title, view} written with every `<` as `\\u003c`, so that nothing in the
data can end the script element that holds it. The view is share-link text
(`colorMap=magma&reversed=1`, SweepFigure's option names), so the file carries exactly what a
link carries: the look, not the loader's columns or a run table's view. Standard library only;
nothing is fetched.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from ._data import Source, read_source
from ._figure import LOOK, OPTIONS, SweepmapError

#: The template's one slot (www/lib/standalone.js FIGURE_SLOT).
FIGURE_SLOT = "<!--sweepmap:figure-->"

#: Options a file cannot carry yet: a link holds the look, not the loader's columns or a run
#: table's view, so the file opens the data's default reading and view.
NOT_IN_A_LINK = ("x", "y", "metric", "model", "benchmark", "replicate", "ignore")
NOT_IN_A_LINK_VIEW = ("roles", "direction", "others", "bins")
#: Options of the figure in a notebook that a file decides for itself (its window, its screen).
OF_THE_NOTEBOOK = ("width", "pixel_ratio", "notes")

#: What a link holds of the options that are numbers in Python but a short list there (README
#: "Share links": the values the explorer's controls offer).
LINK_DECIMALS = range(7)
LINK_LEVELS = (0.0, 0.9, 0.95, 0.99)


def _template() -> str:
    static = resources.files("sweepmap") / "static"
    try:
        return (static / "standalone.html").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SweepmapError(
            "sweepmap's standalone template is missing from the package (static/standalone.html):"
            " in the repository, build it with `bash .ci/build && bash python/build.sh`"
        ) from None


def view_text(look: Mapping[str, Any]) -> str:
    """The view as share-link text: `option=value` pairs (SweepFigure's option names,
    URL-encoded) joined by `&`, in the order given. `look` maps Python's names (LOOK) to values;
    None is left out."""
    pairs = []
    for name, value in look.items():
        if value is None:
            continue
        pairs.append((LOOK[name], _link_value(name, value)))
    return urlencode(pairs)


def _link_value(name: str, value: Any) -> str:
    if name in ("reverse", "annotate"):
        if not isinstance(value, bool):
            raise TypeError(f"{name}: expected True or False, found {value!r}")
        return "1" if value else "0"
    if name == "decimals":
        if isinstance(value, bool) or not isinstance(value, int) or value not in LINK_DECIMALS:
            raise ValueError(
                f"decimals: a file (like a link) holds 0 to 6 decimals, found {value!r}"
            )
        return str(value)
    if name in ("min", "max", "center", "uncertainty"):
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise TypeError(f"{name}: expected a finite number, found {value!r}")
        if name == "uncertainty" and value not in LINK_LEVELS:
            raise ValueError(
                "uncertainty: a file (like a link) holds the level 0.9, 0.95 or 0.99, or 0 for "
                f"no marks, found {value!r}"
            )
        return repr(float(value)) if isinstance(value, float) else str(value)
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected text, found {value!r}")
    return value


def refuse_what_a_file_cannot_carry(options: Mapping[str, Any]) -> None:
    """Raises ValueError naming the options given that a file's view cannot hold."""
    columns = [name for name in NOT_IN_A_LINK if options.get(name) not in (None, [], ())]
    view = [name for name in NOT_IN_A_LINK_VIEW if options.get(name) is not None]
    if columns or view:
        named = ", ".join(columns + view)
        raise ValueError(
            f"save_html cannot carry {named} yet: a file holds its view as a share link does, "
            "and links do not hold the loader's columns or a run table's view, so the file opens "
            "the data's default view. Leave them out (or choose the columns in the data, "
            "keeping only those to draw)"
        )


def write_html(
    source: Source, path: str | os.PathLike[str], look: Mapping[str, Any], title: str | None
) -> Path:
    """Writes the template filled with the data's text, the view `look` (LOOK's names) and
    `title` to `path`; returns the path. The format is the template's default: from the file's
    name, else from the text."""
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title: expected text, found {title!r}")
    figure: dict[str, str] = {"data": source.text}
    if source.name:
        figure["name"] = source.name
    if title:
        figure["title"] = title
    view = view_text(look)
    if view:
        figure["view"] = view
    template = _template()
    if template.count(FIGURE_SLOT) != 1:
        raise SweepmapError(
            "sweepmap's standalone template in the package has no single figure slot: rebuild "
            "it with `bash .ci/build && bash python/build.sh`"
        )
    filled = template.replace(FIGURE_SLOT, json.dumps(figure).replace("<", "\\u003c"))
    target = Path(path)
    target.write_text(filled, encoding="utf-8")
    return target


def save_html(data: Any, path: str | os.PathLike[str], **options: Any) -> Path:
    """Saves a figure of `data` as one self-contained HTML file at `path` (README "One file"):
    the data, the view and the explorer's controls, hover and exports, with the JavaScript and
    wasm inside; it opens from disk with no server and no network. Returns the path.

    `data` as `Figure` takes it (a lazy frame is reduced in its engine, and the title says so:
    `Reduced in DuckDB from 52,000,000 rows to 3,240 configurations`). Options: the look, as
    Figure names it (`layout`, `colormap`, `reverse`, `range`, `min`, `max`, `center`,
    `annotate`, `decimals`, `uncertainty`, `theme`, `show_model`, `show_model_b`,
    `show_benchmark`), written into the file as its view's link
    text; and `title`, the page's heading and tab title unless the data have their own (a JSON
    dataset's `title`); without either, the data's file name.
    Columns (`x`, `y`, `metric`, ...) and a run table's view (`roles`, `others`, ...) raise
    ValueError: a file holds its view as a link does, and links do not carry them yet.
    """
    title = options.pop("title", None)
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise TypeError(
            f"save_html() got unknown option(s) {', '.join(map(repr, unknown))}; the options "
            f"are {', '.join(name for name in LOOK if name != 'pixel_ratio')} and title"
        )
    refuse_what_a_file_cannot_carry(options)
    notebook = [name for name in OF_THE_NOTEBOOK if name in options]
    if notebook:
        raise ValueError(
            f"save_html does not take {', '.join(notebook)}: the file draws at its window's "
            "width, at its screen's pixel ratio, with a run table's notes listed; leave "
            f"{'it' if len(notebook) == 1 else 'them'} out"
        )
    source = read_source(data)
    if source.reduced:
        # A lazy frame reduced in its engine: the file says so in its title.
        said = source.reduced[0].upper() + source.reduced[1:]
        title = f"{title} ({source.reduced})" if title else said
    return write_html(source, path, options, title)
