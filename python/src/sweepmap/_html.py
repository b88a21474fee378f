"""`save_html`: a figure as one self-contained HTML file (README "One file").

The template (`static/standalone.html`, copied from the build's `www/pkg/standalone.html` by
`python/build.sh`) is the explorer with its JavaScript and wasm inside and one slot,
`<!--sweepmap:figure-->`. Filling it is one string replacement: the slot becomes a JSON object
{data, name, format, title, view} written with every `<` as `\\u003c`, so that nothing in the
data can end the script element that holds it. The view is share-link text: a run table's keys
(`roles`, `metric`, `direction`, `x`, `y`, `others`, `binned`, src/view/table.rs), then the look
(`colorMap=magma&reversed=1`, SweepFigure's option names), so the file carries what a link
carries. Standard library only; nothing is fetched.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from . import _settings
from ._data import Source, read_source
from ._figure import LOOK, OPTIONS, PAIRWISE_COLUMNS, SweepmapError, reduction_options
from ._reduce import Column, infer_pairwise_roles

#: The template's one slot (www/lib/standalone.js FIGURE_SLOT).
FIGURE_SLOT = "<!--sweepmap:figure-->"

#: The loader's columns (Figure's keywords) as the roles a run table gives them: in a file, as
#: in the widget, naming a column names its role (src/table/roles.rs TableOptions::named).
COLUMN_ROLES = {
    "x": "parameter",
    "y": "parameter",
    "metric": "metric",
    "model": "facet",
    "benchmark": "facet",
    "replicate": "replicate",
}
#: A run table's view in a link: Figure's keyword -> link key (src/view/table.rs, in the order
#: of its TABLE, which is the order links write them).
TABLE_KEYS = {"metric": "metric", "direction": "direction", "x": "x", "y": "y"}
#: Per-item scores' view in a link (README "Share links"): Figure's keyword -> link key.
PAIRWISE_KEYS = {name: _settings.LINK_KEYS[name] for name in _settings.PAIRWISE_ONLY}
#: The bins a link (and so a file) holds for per-item scores.
LINK_BINS = _settings.LINK_BINS
#: Options that only sweeps take (the loader's and a run table's, and the sweep view's), and
#: those that only per-item scores take (`bins` is a run table's too).
SWEEP_ONLY = (
    *("x", "y", "replicate", "ignore", "roles", "direction", "others"),
    *_settings.SWEEP_ONLY,
)
PAIRWISE_ONLY = ("item", *(name for name in _settings.PAIRWISE_ONLY if name != "bins"))

#: Options of the figure in a notebook that a file decides for itself (its window, its screen).
OF_THE_NOTEBOOK = ("width", "pixel_ratio", "notes")

#: What a link holds of the options that are numbers in Python but a short list there (README
#: "Share links": the values the explorer's controls offer).
LINK_DECIMALS = _settings.LINK_DECIMALS
LINK_LEVELS = _settings.LINK_LEVELS
#: The slice view's words, as Figure's traits of the same names take them (src/view/sweep.rs
#: CHART, ALONG, ACROSS): checked here as the traits check them in a notebook.
SLICE_WORDS = {name: _settings.WORDS[name] for name in ("chart", "along", "across")}


def _template(name: str = "standalone.html") -> str:
    static = resources.files("sweepmap") / "static"
    try:
        return (static / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SweepmapError(
            f"sweepmap's standalone template is missing from the package (static/{name}):"
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
                f"decimals: a file (like a link) holds 0 to {LINK_DECIMALS[-1]} decimals, found "
                f"{value!r}"
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
                f"uncertainty: a file (like a link) holds the level {_either(LINK_LEVELS[1:])}, "
                f"or 0 for no marks, found {value!r}"
            )
        return repr(float(value)) if isinstance(value, float) else str(value)
    if name in SLICE_WORDS and value not in SLICE_WORDS[name]:
        words = SLICE_WORDS[name]
        expected = ", ".join(f'"{word}"' for word in words[:-1]) + f' or "{words[-1]}"'
        raise ValueError(f"{name}: expected {expected}, found {value!r}")
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected text, found {value!r}")
    return value


def _either(values: Any) -> str:
    """`5, 10 or 20`: the values a link holds, as a message lists them."""
    texts = [str(value) for value in values]
    return ", ".join(texts[:-1]) + f" or {texts[-1]}"


def _names(names: list[str]) -> str:
    """Names as one link value: `,` between them, `\\,` and `\\\\` inside a name (src/link/read.rs
    join_names)."""
    return ",".join(name.replace("\\", "\\\\").replace(",", "\\,") for name in names)


def _text_option(name: str, value: Any, what: str = "a column name") -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"{name}: expected {what} (text), found {value!r}")
    return value


def table_pairs(options: Mapping[str, Any], *, reduced: bool = False) -> list[tuple[str, str]]:
    """A run table's view as link pairs (src/view/table.rs): `roles` (those given, and the role
    of each column named: x and y parameters, the metric, model and benchmark facets, the
    replicate, the columns ignored), `metric`, `direction`, `x`, `y`, `others`, `binned`. For a
    configuration table (`reduced`), the replicate and ignored columns were reduced away and are
    left out. Raises TypeError or ValueError for a value of the wrong kind; the names are the
    core's to check against the data when the file opens."""
    roles: dict[str, str] = {}

    def name_role(column: str, role: str, option: str) -> None:
        if roles.get(column, role) != role:
            raise ValueError(
                f'{option}: column "{column}" is named as a {roles[column]} and as a {role}; '
                "name it once"
            )
        roles[column] = role

    given = options.get("roles")
    if given is not None:
        if not isinstance(given, Mapping):
            raise TypeError(f"roles: expected a dict of column -> role, found {given!r}")
        for column, role in given.items():
            role = _text_option(f"roles[{column!r}]", role, "a role")
            name_role(_text_option("roles", column), role, "roles")
    for option, role in COLUMN_ROLES.items():
        if options.get(option) is not None:
            name_role(_text_option(option, options[option]), role, option)
    ignore = options.get("ignore") or []
    if isinstance(ignore, str):
        raise TypeError(f"ignore: expected a list of column names, found {ignore!r}")
    for column in ignore:
        name_role(_text_option("ignore", column), "ignore", "ignore")
    if reduced:
        # A configuration table's metric column is `m.mean` (shown as `m`, which the metric key
        # names); its replicate and ignored columns were reduced away.
        roles = {
            (c + ".mean" if r == "metric" else c): r
            for c, r in roles.items()
            if r not in ("replicate", "ignore")
        }
    pairs: list[tuple[str, str]] = []
    if roles:
        pairs.append(("roles", _names([item for pair in roles.items() for item in pair])))
    for option, key in TABLE_KEYS.items():
        value = options.get(option)
        if value is None:
            continue
        if option == "direction" and value not in ("higher", "lower"):
            raise ValueError(f'direction: expected "higher" or "lower", found {value!r}')
        pairs.append((key, _text_option(option, value)))
    others = options.get("others")
    if others:
        from ._figure import _others

        items: list[str] = []
        for parameter, choice in _others(others).items():
            if isinstance(choice, Mapping):
                items += [parameter, "fixed", choice["fixed"]]
            elif choice in ("best", "mean", "facet"):
                items += [parameter, choice]
            else:
                raise ValueError(
                    f'others[{parameter!r}]: expected {{"fixed": value}}, "best", "mean" or '
                    f'"facet", found {choice!r}'
                )
        pairs.append(("others", _names(items)))
    bins = options.get("bins")
    if bins is not None:
        if bins not in ("mean", "best"):
            raise ValueError(f'bins: expected "mean" or "best", found {bins!r}')
        pairs.append(("binned", bins))
    return pairs


def write_html(
    source: Source,
    path: str | os.PathLike[str],
    look: Mapping[str, Any],
    title: str | None,
    table: list[tuple[str, str]] | None = None,
    *,
    template: str = "standalone.html",
) -> Path:
    """Writes the template filled with the data's text, the view (a run table's link pairs
    `table`, then the look, LOOK's names) and `title` to `path`; returns the path. The format is
    the template's default: from the file's name, else from the text."""
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title: expected text, found {title!r}")
    figure: dict[str, str] = {"data": source.text}
    if source.name:
        figure["name"] = source.name
    if title:
        figure["title"] = title
    view = "&".join(part for part in (urlencode(table or []), view_text(look)) if part)
    if view:
        figure["view"] = view
    if template != "standalone.html":
        figure["kind"] = "pairwise"
    template = _template(template)
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
    `Reduced in DuckDB from 52,000,000 rows to 3,240 configurations`). Options as Figure names
    them, written into the file as its view's link text: a run table's columns and view (`x`,
    `y`, `metric`, `model`, `benchmark`, `replicate`, `ignore`, `roles`, `direction`, `others`,
    `bins`: the link keys `roles`, `metric`, `direction`, `x`, `y`, `others`, `binned`), and the
    look (`layout`, `colormap`, `reverse`, `range`, `min`, `max`, `center`, `annotate`,
    `decimals`, `uncertainty`, `theme`, `show_model`, `show_model_b`, `show_benchmark`, ...);
    and `title`, the page's heading and tab title unless the data have their own (a JSON
    dataset's `title`); without either, the data's file name. A name the data do not have is
    the core's to judge when the file opens: as in a link, the file says so and shows that
    setting's default (a Figure shown in a notebook says it in its `error` trait first).
    """
    title = options.pop("title", None)
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise TypeError(
            f"save_html() got unknown option(s) {', '.join(map(repr, unknown))}; the options "
            f"are {', '.join(name for name in OPTIONS if name not in OF_THE_NOTEBOOK)} and title"
        )
    notebook = [name for name in OF_THE_NOTEBOOK if name in options]
    if notebook:
        raise ValueError(
            f"save_html does not take {', '.join(notebook)}: the file draws at its window's "
            "width, at its screen's pixel ratio, with a run table's notes listed; leave "
            f"{'it' if len(notebook) == 1 else 'them'} out"
        )
    view_options = {name: options.pop(name) for name in list(options) if name not in LOOK}
    source = read_source(data, reduction_options(view_options))
    if source.reduced:
        # A lazy frame reduced in its engine: the file says so in its title.
        said = source.reduced[0].upper() + source.reduced[1:]
        title = f"{title} ({source.reduced})" if title else said
    return write_figure(source, path, {**view_options, **options}, title)


def write_figure(
    source: Source, path: str | os.PathLike[str], options: Mapping[str, Any], title: str | None
) -> Path:
    """Writes the file of `source` with Figure's options (None: not set): for per-item scores
    (`source.pairwise`, or an `item` column named) the pairwise template with their view, else
    the sweeps' template with a run table's view; then the look."""
    given = {name: value for name, value in options.items() if value not in (None, [], {})}
    look = {name: value for name, value in given.items() if name in LOOK}
    if source.pairwise or given.get("item"):
        named = [
            name
            for name in given
            if name in SWEEP_ONLY
            or (name in PAIRWISE_COLUMNS and not _read_so(source, name, given[name]))
            or (name == "bins" and isinstance(given[name], str))
        ]
        if named:
            raise ValueError(
                f"save_html of per-item scores does not take {', '.join(named)}: their view is "
                "models, group, bins, by, log and the look, and a file reads their columns by "
                "name (item, model, score, and a group such as benchmark: name them so in the "
                "data; a column named as the file would read it anyway is fine)"
            )
        return write_html(
            source, path, look, title, pairwise_pairs(given), template="pairwise_standalone.html"
        )
    named = [
        name
        for name in given
        if name in PAIRWISE_ONLY or (name == "bins" and not isinstance(given[name], str))
    ]
    if named:
        raise ValueError(
            f"save_html: {', '.join(named)} {'is' if len(named) == 1 else 'are'} for per-item "
            "scores (a column named like an item: item, id, question, ...), and these data are "
            "a sweep"
        )
    table = table_view(source, {name: value for name, value in given.items() if name not in LOOK})
    return write_html(source, path, look, title, table)


def _read_so(source: Source, option: str, column: str) -> bool:
    """True when the pairwise loader, reading the data's header by its names, takes `column`
    for the role `option` names (PAIRWISE_COLUMNS): naming it in a file changes nothing."""
    header = next(csv.reader(io.StringIO(source.text.removeprefix("\ufeff"))), [])
    roles = infer_pairwise_roles([Column(name.strip(), True, "") for name in header])
    if roles is None:
        return False
    role = PAIRWISE_COLUMNS[option]
    found = {"item": roles.item, "model": roles.model, "score": roles.score, "group": roles.group}
    return found[role] == column


def pairwise_pairs(options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Per-item scores' view as link pairs: `models` (a list, at least two), `group`, `bins`
    (5, 10 or 20, as a link holds them), `by` (count or share), `log`."""
    pairs: list[tuple[str, str]] = []
    for option, key in PAIRWISE_KEYS.items():
        value = options.get(option)
        if value is None:
            continue
        if option == "models":
            if isinstance(value, str) or len(value) < 2:
                raise ValueError(f"models: expected a list of at least two models, found {value!r}")
            text = _names([_text_option("models", model, "model names") for model in value])
        elif option == "bins":
            if isinstance(value, bool) or value not in LINK_BINS:
                raise ValueError(
                    f"bins: a file (like a link) holds {_either(LINK_BINS)} bins of per-item "
                    f"scores, found {value!r}"
                )
            text = str(value)
        elif option == "by":
            if value not in ("count", "share"):
                raise ValueError(f'by: expected "count" or "share", found {value!r}')
            text = value
        elif option == "log":
            if not isinstance(value, bool):
                raise TypeError(f"log: expected True or False, found {value!r}")
            text = "1" if value else "0"
        else:
            text = _text_option(option, value, "a group's name")
        pairs.append((key, text))
    return pairs


def table_view(source: Source, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The link pairs of a run table's columns and view named in `options` (table_pairs) for
    the data of `source`; ValueError for JSON data, whose axes are their own."""
    table = table_pairs(options, reduced=bool(source.reduced))
    if table and _is_json(source):
        named = [name for name, value in options.items() if value not in (None, [], {})]
        raise ValueError(
            f"save_html cannot carry {', '.join(named)} for JSON data: a JSON dataset's axes, "
            "metric and panels are its own (README JSON); leave them out"
        )
    return table


def _is_json(source: Source) -> bool:
    """True for JSON data, as the template tells them: by the file's name, else by the text."""
    if source.name:
        return source.name.lower().endswith(".json")
    return source.text.lstrip().startswith(("{", "["))
