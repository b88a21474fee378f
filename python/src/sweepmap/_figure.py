"""`Figure`: a sweepmap figure in a notebook, as an anywidget widget.

Python holds the data (as the CSV text the core reads) and the view as traits; the front end
(`static/widget.js`, built from `python/js/widget.js` and the project's JS by
`python/build.sh`) reads and draws them with the same wasm and JS as the page. Every view option
is a keyword and a trait: changing one redraws. The view's keywords, types, words and help text
are the core's (src/view/, generated into _settings.py); the loader's columns are the tables
below. What comes
back from the front end (hover, click, errors, what a run table inferred, exports) arrives as
traits, callbacks and answers to requests.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from . import _settings
from ._data import Source, read_source
from ._errors import SweepmapError

#: The loader's column options: keyword -> the core's name (`metric` is the loader's `value`).
#: Each names a column; in a run table x, y and metric are also the view's axes and metric.
COLUMNS: dict[str, str] = {
    "x": "x",
    "y": "y",
    "metric": "value",
    "model": "model",
    "benchmark": "benchmark",
    "replicate": "replicate",
}

#: SweepFigure's options: keyword -> option (src/view/ through _settings.py). `show_model`,
#: `show_model_b` and `show_benchmark` choose what is drawn (the figure's `model`, `modelB`,
#: `benchmark`), since `model` and `benchmark` name columns here, as in the loader.
LOOK: dict[str, str] = _settings.SWEEP

#: A run table's view beyond its axes and metric (README "Run tables").
RUN_TABLE = ("roles", "direction", "others", "bins")

#: Per-item scores' columns (loadPairwise's roles): keyword -> role. `metric` is the score and
#: `benchmark` the group, as in the pairwise CSV form (item,model,score[,benchmark]).
PAIRWISE_COLUMNS: dict[str, str] = {
    "item": "item",
    "model": "model",
    "metric": "score",
    "benchmark": "group",
}

#: SweepPairwiseFigure's options: keyword -> option (src/view/ through _settings.py). The
#: pairwise view's own keywords are its link keys (README "Share links": models, group, bins, by,
#: log); the look is shared with sweeps.
PAIRWISE_LOOK: dict[str, str] = _settings.PAIRWISE
#: The keywords of per-item scores alone (`bins` is a run table's too).
PAIRWISE = ("item", *(name for name in _settings.PAIRWISE_ONLY if name not in RUN_TABLE))


@dataclass(frozen=True)
class _Assets:
    loader: str  # each figure's _esm (python/js/loader.js)
    front_end: bytes  # the module it imports once per page (python/js/widget.js, bundled)
    wasm: bytes
    pairwise_wasm: bytes


@cache
def _slice_wasm() -> bytes:
    """The slice package's wasm (www/pkg/slice/: the slice view), read when a figure first asks
    for a slice."""
    try:
        return (_static() / "slice_bg.wasm").read_bytes()
    except FileNotFoundError as error:
        raise _missing(error) from None


def _static() -> Any:
    return resources.files("sweepmap") / "static"


def _missing(error: FileNotFoundError) -> SweepmapError:
    return SweepmapError(
        f"sweepmap's front end is missing from the package ({error.filename}): in the "
        "repository, build it with `bash .ci/build && bash python/build.sh`"
    )


@cache
def _assets() -> _Assets:
    """The built front end shipped in the package (read once per process)."""
    static = _static()
    try:
        return _Assets(
            loader=(static / "loader.js").read_text(encoding="utf-8"),
            front_end=(static / "widget.js").read_bytes(),
            wasm=(static / "sweepmap_bg.wasm").read_bytes(),
            pairwise_wasm=(static / "pairwise_bg.wasm").read_bytes(),
        )
    except FileNotFoundError as error:
        raise _missing(error) from None


@dataclass(frozen=True)
class _Paper:
    """The paper package (www/pkg/paper/: SVG to PDF) and its fonts, for PDF exports only."""

    wasm: bytes
    fonts: tuple[bytes, bytes]  # Liberation Sans, regular then bold
    sha256: str


@cache
def _paper() -> _Paper:
    """The paper package as the package ships it, read on the first PDF export."""
    static = _static()
    try:
        wasm = (static / "paper_bg.wasm").read_bytes()
        fonts = (
            (static / "LiberationSans-Regular.ttf").read_bytes(),
            (static / "LiberationSans-Bold.ttf").read_bytes(),
        )
    except FileNotFoundError as error:
        raise _missing(error) from None
    digest = hashlib.sha256()
    for part in (wasm, *fonts):
        digest.update(hashlib.sha256(part).digest())
    return _Paper(wasm, fonts, digest.hexdigest())


class Asset(ipywidgets.Widget):
    """Bytes shared by every figure of a kernel (a wasm package, or the front end's module): a
    model of its own that each Figure refers to (`IPY_MODEL_<id>`, as a Box refers to its
    children), so a front end gets the bytes once however many figures it shows, and a notebook
    saved with its widget state holds them once. `sha256` names the bytes: the page imports the
    module and compiles the wasm once per SHA-256 (python/js/loader.js, widget.js). A plain
    ipywidgets model (no view), which every widget manager knows."""

    name = traitlets.Unicode("").tag(sync=True)
    sha256 = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Bytes(b"").tag(sync=True)


_shared: dict[str, Asset] = {}
_shared_lock = threading.Lock()


def shared_asset(name: str) -> Asset:
    """The kernel's one Asset of the front end's module ("widget.js") or of a wasm package
    ("sweepmap", "pairwise" or "slice"), made on first use (again after Widget.close_all())."""
    with _shared_lock:
        asset = _shared.get(name)
        if asset is None or asset.comm is None:
            if name == "slice":
                value = _slice_wasm()
            else:
                assets = _assets()
                value = {
                    "widget.js": assets.front_end,
                    "sweepmap": assets.wasm,
                    "pairwise": assets.pairwise_wasm,
                }[name]
            asset = Asset(name=name, sha256=hashlib.sha256(value).hexdigest(), value=value)
            _shared[name] = asset
        return asset


def _optional_text(help_text: str) -> traitlets.Unicode:
    return traitlets.Unicode(None, allow_none=True, help=help_text)


def _optional_number(help_text: str) -> traitlets.Float:
    return traitlets.Float(None, allow_none=True, help=help_text)


def _optional_choice(values: Sequence[str], help_text: str) -> traitlets.Enum:
    return traitlets.Enum(list(values), None, allow_none=True, help=help_text)


def _view_trait(name: str) -> traitlets.TraitType:
    """The trait of a view setting, from its type, words and doc text (_settings.py): None is
    the core's default."""
    kind, help_text = _settings.KINDS[name], _settings.DOCS[name]
    if kind == "word":
        return _optional_choice(_settings.WORDS[name], help_text)
    if kind == "flag":
        return traitlets.Bool(None, allow_none=True, help=help_text)
    if kind == "number":
        return _optional_number(help_text)
    if kind == "whole":
        maximum = _settings.MAX_DECIMALS
        return traitlets.Int(None, allow_none=True, min=0, max=maximum, help=help_text)
    if kind == "names":
        return traitlets.List(
            traitlets.Unicode(), default_value=None, allow_none=True, help=help_text
        )
    return _optional_text(help_text)


#: The traits of every view setting but `bins` (a run table's and per-item scores', declared in
#: Figure) and `reverse` (declared in Figure with its default): adding a setting to the core
#: (src/view/) adds its keyword here when _settings.py is generated again. Figure's first base,
#: so that its traits come before the widget's attributes of the same name (ipywidgets' `log`).
_ViewTraits = type(
    "_ViewTraits",
    (traitlets.HasTraits,),
    {
        name: _view_trait(name)
        for name in {**_settings.SWEEP, **_settings.PAIRWISE}
        if name not in ("bins", "reverse")
    },
)


class Figure(_ViewTraits, anywidget.AnyWidget):
    """A heatmap of an evaluation sweep, drawn by sweepmap's core in the notebook's front end.

    `data`: a pandas or polars DataFrame (or any frame narwhals reads, eager or lazy), an Optuna
    study or its `trials_dataframe()`, a path to a CSV or JSON file, or CSV or JSON text. Read as
    the page reads files: a tidy sweep (two parameters, one metric), else a run table at its
    default view (README "Your own sweeps"); per-item scores (a column named like an item, or
    `item` named) as pairwise comparisons, drawn by the pairwise package. Every keyword is a
    trait of the same name.
    """

    # What the front end reads (synced): its module and the wasm (references to the kernel's
    # shared Assets; _esm is the loader that imports the module), the data, what to read them
    # with, how to draw them.
    _module = traitlets.Instance(Asset, allow_none=True).tag(
        sync=True, **ipywidgets.widget_serialization
    )
    _wasm = traitlets.Instance(Asset, allow_none=True).tag(
        sync=True, **ipywidgets.widget_serialization
    )
    _text = traitlets.Unicode("").tag(sync=True)
    _name = traitlets.Unicode("").tag(sync=True)
    _load = traitlets.Dict().tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    # Per-item scores: their figure's options, and the pairwise package's wasm (the shared
    # Asset), referred to only for such data (when Python reads them so, or when the front end
    # asks).
    _pairwise_view = traitlets.Dict().tag(sync=True)
    _wasm_pairwise = traitlets.Instance(Asset, allow_none=True).tag(
        sync=True, **ipywidgets.widget_serialization
    )
    # The slice package's wasm (the shared Asset), referred to once the figure asks for a slice
    # (`chart="slice"`): a figure that never shows one never sends it.
    _wasm_slice = traitlets.Instance(Asset, allow_none=True).tag(
        sync=True, **ipywidgets.widget_serialization
    )

    # Columns (the loader's roles), each a column name.
    x = _optional_text("the column on the x axis")
    y = _optional_text("the column on the y axis")
    metric = _optional_text("the column of the metric (the value drawn)")
    model = _optional_text("the column naming the model")
    benchmark = _optional_text("the column naming the benchmark")
    replicate = _optional_text("the column numbering repeated runs (a seed)")
    ignore = traitlets.List(traitlets.Unicode(), help="columns to leave out")

    # A run table's view.
    roles = traitlets.Dict(
        value_trait=traitlets.Unicode(),
        default_value=None,
        allow_none=True,
        help='role per column: "parameter", "metric", "facet", "replicate" or "ignore"',
    )
    direction = _optional_choice(["higher", "lower"], "which way the metric is better")
    others = traitlets.Dict(
        default_value=None,
        allow_none=True,
        help='per other parameter: {"fixed": value}, "best", "mean" or "facet"',
    )
    bins = traitlets.Union(
        [traitlets.Enum(["mean", "best"]), traitlets.Int(min=1)],
        default_value=None,
        allow_none=True,
        help='a run table: what a cell of a binned axis shows of its runs ("mean", "best"); '
        "per-item scores: the number of bins on each axis of a pair's histogram",
    )

    # Per-item scores (a pairwise comparison of models, item by item).
    item = _optional_text("per-item scores: the column naming the item")
    # The view's settings (models, group, by, log; layout, show_model, ..., theme, pixel_ratio)
    # are traits of _ViewTraits, made from the core's declarations (_settings.py). One is kept
    # here: `reverse` is False by default (not None, "the core's default", as the others).
    reverse = traitlets.Bool(False, help=_settings.DOCS["reverse"])
    width = traitlets.Int(None, allow_none=True, min=1, help="width in CSS pixels").tag(sync=True)
    notes = traitlets.Bool(
        True, help="list what a run table's reading inferred, and what to check, above it"
    ).tag(sync=True)

    # What the front end reports (read them, observe them).
    error = traitlets.Unicode("", help="the core's message when the data or view failed").tag(
        sync=True
    )
    hover = traitlets.Dict(None, allow_none=True, help="the cell under the pointer").tag(sync=True)
    click = traitlets.Dict(None, allow_none=True, help="the cell last clicked").tag(sync=True)
    inferred = traitlets.List(
        traitlets.Unicode(), help="for a run table: how it was read, what is drawn, what to check"
    ).tag(sync=True)
    panels = traitlets.List(traitlets.Unicode(), help="the titles of the panels drawn").tag(
        sync=True
    )
    kind = traitlets.Unicode(
        "", help='what the data were read as: "sweep" or "pairwise" (per-item scores)'
    ).tag(sync=True)
    reduced = traitlets.Unicode(
        "", help="for a lazy frame: where it was reduced, from how many rows to how many"
    ).tag(sync=True)

    def __init__(self, data: Any, **options: Any) -> None:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise TypeError(
                f"Figure() got unknown option(s) {', '.join(map(repr, unknown))}; "
                f"the options are {', '.join(OPTIONS)}"
            )
        assets = _assets()
        self._esm = assets.loader
        source = read_source(data, reduction_options(options))
        self._click_callbacks: list[Callable[[dict[str, Any]], None]] = []
        self._exports: dict[int, tuple[str, Future[Any]]] = {}
        self._export_ids = itertools.count(1)
        super().__init__(
            _module=shared_asset("widget.js"),
            _wasm=shared_asset("sweepmap"),
            _wasm_pairwise=shared_asset("pairwise")
            if source.pairwise or options.get("item")
            else None,
            _text=source.text,
            _name=source.name,
            reduced=source.reduced,
            **options,
        )
        self._sync_spec()
        self.observe(lambda _change: self._sync_spec(), names=list(OPTIONS))
        self.on_msg(self._on_message)

    @traitlets.validate("others")
    def _validate_others(self, proposal: Any) -> dict[str, Any] | None:
        return None if proposal["value"] is None else _others(proposal["value"])

    # -- data -------------------------------------------------------------------------------

    @property
    def data(self) -> str:
        """The data's text as the core reads it (a DataFrame as CSV). Set a new DataFrame, path
        or text to draw it with the same options."""
        return self._text

    @data.setter
    def data(self, data: Any) -> None:
        options = {name: getattr(self, name) for name in (*COLUMNS, "item", "ignore", "roles")}
        source = read_source(data, reduction_options(options))
        with self.hold_sync():
            if source.pairwise and self._wasm_pairwise is None:
                self._wasm_pairwise = shared_asset("pairwise")
            self._name = source.name
            self._text = source.text
            self.reduced = source.reduced
            self._sync_spec()

    @property
    def spec(self) -> dict[str, Any]:
        """What the front end is given, besides the data: `load` (the loader's columns, a run
        table's roles and view, per-item scores' columns as `pairwise`), `view` (SweepFigure's
        options) and `pairwise_view` (SweepPairwiseFigure's, those set)."""
        return {
            "load": dict(self._load),
            "view": dict(self._view),
            "pairwise_view": dict(self._pairwise_view),
        }

    def _sync_spec(self) -> None:
        columns: dict[str, Any] = {
            core: getattr(self, name)
            for name, core in COLUMNS.items()
            if getattr(self, name) is not None
        }
        if self.ignore:
            columns["ignore"] = list(self.ignore)
        view = {
            key: getattr(self, key) for key in ("direction", "others", "bins") if getattr(self, key)
        }
        roles = self.roles or None
        if self.reduced:
            columns, roles = reduced_columns(columns, roles)
        pairwise_columns = {
            role: getattr(self, name)
            for name, role in PAIRWISE_COLUMNS.items()
            if getattr(self, name) is not None
        }
        load = {
            "columns": columns,
            "roles": roles,
            "view": view or None,
            "pairwise": pairwise_columns,
        }
        look = {option: getattr(self, name) for name, option in LOOK.items()}
        # Per-item scores' options: null is the default, as for sweeps (a run table's `bins`, a
        # word, is the core's to refuse for them, as a number is for a run table).
        pairwise_look = {option: getattr(self, name) for name, option in PAIRWISE_LOOK.items()}
        with self.hold_sync():
            if self.chart == "slice" and self._wasm_slice is None:
                # The first slice: the front end draws it with the slice package, which arrives
                # in the same update as the view that asks for it.
                self._wasm_slice = shared_asset("slice")
            self._load = load
            self._view = look
            self._pairwise_view = pairwise_look

    # -- one file ---------------------------------------------------------------------------

    def save_html(self, path: str | os.PathLike[str], *, title: str | None = None) -> Path:
        """Saves the figure as one self-contained HTML file at `path`, as `sweepmap.save_html`
        does: its data, its columns and run-table view and the look options set, with `title`.
        The width, pixel ratio and notes are the notebook's: the file draws at its own window's.
        When the figure is shown and the core refused its view (the `error` trait), raises
        SweepmapError with the core's message instead of saving a view that does not draw.
        Returns the path."""
        from ._html import write_figure

        if self.error:
            raise SweepmapError(f"the figure's view is not drawn, so it is not saved: {self.error}")
        # Set: not None (reverse is False by default, which a link leaves out too).
        options = {
            name: getattr(self, name)
            for name in OPTIONS
            if name not in ("width", "pixel_ratio", "notes")
            and not (name == "reverse" and getattr(self, name) is False)
        }
        if self.reduced:
            said = self.reduced[0].upper() + self.reduced[1:]
            title = f"{title} ({self.reduced})" if title else said
        source = Source(self._text, self._name, self.reduced)
        return write_figure(source, path, options, title)

    # -- events -----------------------------------------------------------------------------

    def on_hover(self, callback: Callable[[dict[str, Any] | None], None]) -> None:
        """Calls `callback(cell)` when the cell under the pointer (or reached with the keyboard)
        changes; `cell` is None when the pointer leaves the cells. A cell is the figure's cell
        info: panel, x, y (indices), value, title, xLabel, yLabel, text, via ("pointer" or
        "keyboard"), and for a run table runs ({runs, shown, winner})."""
        self.observe(lambda change: callback(change["new"]), names="hover")

    def on_click(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Calls `callback(cell)` on every click on a cell (or Enter or Space on the focused
        one), the same cell again included; `cell` as for on_hover."""
        self._click_callbacks.append(callback)

    def _on_message(self, _widget: Any, content: Any, buffers: Sequence[Any]) -> None:
        if not isinstance(content, Mapping):
            return
        kind = content.get("type")
        if kind == "pairwise":
            # The front end read per-item scores: it needs the pairwise package's wasm.
            if self._wasm_pairwise is None:
                self._wasm_pairwise = shared_asset("pairwise")
        elif kind == "paper":
            # A PDF export, in a front end that has not got the paper package yet.
            paper = _paper()
            reply = {"type": "paper", "ask": content.get("ask"), "sha256": paper.sha256}
            self.send(reply, [paper.wasm, *paper.fonts])
        elif kind in ("wasm", "module"):
            # A front end whose widget manager cannot give the Asset a trait refers to: the
            # bytes, unless it says it has them (by SHA-256).
            trait = "_module" if kind == "module" else content.get("trait")
            asset = (
                getattr(self, trait)
                if trait in ("_module", "_wasm", "_wasm_pairwise", "_wasm_slice")
                else None
            )
            if asset is not None:
                have = content.get("have") or ()
                reply = {"type": kind, "ask": content.get("ask"), "sha256": asset.sha256}
                self.send(reply, [] if asset.sha256 in have else [asset.value])
        elif kind == "click":
            for callback in list(self._click_callbacks):
                callback(content.get("cell"))
        elif kind == "export":
            pending = self._exports.pop(content.get("id"), None)
            if pending is None:
                return
            format_, future = pending
            if content.get("error"):
                future.set_exception(SweepmapError(content["error"]))
            elif format_ == "svg":
                future.set_result(content.get("svg", ""))
            else:
                # A PDF says which characters its font lacks (drawn as boxes), and the paper
                # package's note on them (None when none is missing); to_pdf() warns with it.
                future.missing = [str(c) for c in content.get("missing") or ()]  # type: ignore[attr-defined]
                future.note = content.get("note")  # type: ignore[attr-defined]
                future.set_result(bytes(buffers[0]) if buffers else b"")

    # -- exports ----------------------------------------------------------------------------

    def export(self, format: str = "svg", *, pixel_ratio: float = 2.0) -> Future[Any]:  # noqa: A002
        """Asks the front end for the figure as SVG (text), PNG (bytes, at `pixel_ratio`
        device pixels per CSS pixel, less when a browser canvas cannot hold that) or PDF (bytes:
        the SVG made a one-page PDF by the paper package, 1 CSS pixel = 1 pt, cells as vector
        shapes, text as text in the embedded Liberation Sans; the front end gets the package and the
        font from the kernel on its first PDF, once, about 2.1 MB). Returns a Future that the
        answer completes (with SweepmapError if the figure failed); a PDF's future also has
        `missing`, the characters the font lacks (drawn as boxes). Needs the figure shown in a
        live front end. In a notebook the answer arrives once the cell has finished: read
        `future.result()` in a later cell, or `future.add_done_callback(...)`."""
        if format not in ("svg", "png", "pdf"):
            raise ValueError(f'export: format must be "svg", "png" or "pdf", found {format!r}')
        if not isinstance(pixel_ratio, int | float) or not 0 < pixel_ratio <= 16:
            raise ValueError(
                f"export: pixel_ratio must be a number above 0, at most 16, found {pixel_ratio!r}"
            )
        message: dict[str, Any] = {"type": "export", "format": format, "pixelRatio": pixel_ratio}
        if format in ("svg", "pdf") and self._wasm_pairwise is None and self.chart != "slice":
            # The front end writes a heatmap's SVG (and the PDF made from it) with the pairwise
            # package, which has the exports (the default package, which every figure loads,
            # has none: README "Package size"); a slice's, with the slice package it draws with.
            self._wasm_pairwise = shared_asset("pairwise")
        if format == "pdf":
            # Which paper package: a front end that has it (from any figure) converts at once.
            message["paper"] = _paper().sha256
        identifier = next(self._export_ids)
        future: Future[Any] = Future()
        self._exports[identifier] = (format, future)
        self.send({**message, "id": identifier})
        return future

    def to_svg(self, *, timeout: float = 10.0) -> str:
        """The figure as SVG text, from the front end (see `export`); waits for the answer."""
        return self._wait(self.export("svg"), timeout)

    def to_png(self, *, pixel_ratio: float = 2.0, timeout: float = 10.0) -> bytes:
        """The figure as PNG bytes, from the front end (see `export`); waits for the answer."""
        return self._wait(self.export("png", pixel_ratio=pixel_ratio), timeout)

    def to_pdf(self, *, timeout: float = 30.0) -> bytes:
        """The figure as PDF bytes, from the front end (see `export`); waits for the answer.
        Warns (UserWarning) when the font lacks characters of the figure, drawn as boxes."""
        future = self.export("pdf")
        pdf = self._wait(future, timeout)
        note = getattr(future, "note", None)
        if note:
            # The paper package's words, written to follow a status line in parentheses.
            warnings.warn(note.removeprefix("(").removesuffix(")"), stacklevel=2)
        return pdf

    def _wait(self, future: Future[Any], timeout: float) -> Any:
        if _in_kernel_thread():
            future.cancel()
            raise SweepmapError(
                "to_svg(), to_png() and to_pdf() cannot wait inside a notebook cell: the kernel "
                "hears the front end's answer only after the cell ends. Use fig.export('svg') (or "
                "'png', 'pdf'), "
                "then future.result() in a later cell or future.add_done_callback(...)"
            )
        try:
            return future.result(timeout)
        except FutureTimeout:
            raise SweepmapError(
                f"no answer from the front end within {timeout:g} s: exports need the figure "
                "shown in a live front end (a notebook that displays it)"
            ) from None


def _in_kernel_thread() -> bool:
    """True when running in an IPython kernel's main thread, which cannot receive messages while
    a cell runs."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return (
        getattr(shell, "kernel", None) is not None
        and threading.current_thread() is threading.main_thread()
    )


#: Every keyword Figure takes besides data.
OPTIONS: tuple[str, ...] = (
    *COLUMNS,
    "ignore",
    *RUN_TABLE,
    *PAIRWISE,
    *LOOK,
    "width",
    "notes",
)


def reduction_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """What a lazy frame's reduction is told of the columns Figure's options name: the metric
    (and roles "metric") are the metrics, the replicate (and roles "replicate") reduced over,
    ignored columns left out, axes, facets and roles "parameter" and "facet" grouped; for
    per-item scores, the item, model and group (benchmark) columns."""
    roles = options.get("roles") or {}

    def named(option: str, role: str) -> list[str]:
        given = options.get(option)
        return ([given] if given else []) + [c for c, r in roles.items() if r == role]

    keep = [options[name] for name in ("x", "y", "model", "benchmark") if options.get(name)]
    keep += [c for c, r in roles.items() if r in ("parameter", "facet")]
    return {
        "metrics": named("metric", "metric"),
        "over": named("replicate", "replicate"),
        "ignore": [*(options.get("ignore") or ()), *(c for c, r in roles.items() if r == "ignore")],
        "keep": keep,
        # Per-item scores' columns (a log of models answering items reduces to one row per
        # model and item; the metric is the score).
        "item": options.get("item"),
        "model": options.get("model"),
        "group": options.get("benchmark"),
    }


def reduced_columns(
    columns: dict[str, Any], roles: dict[str, str] | None
) -> tuple[dict[str, Any], dict[str, str] | None]:
    """The loader's columns and roles for a configuration table: the metric is its `.mean`
    column; the replicate and ignored columns were reduced away."""
    columns = {k: v for k, v in columns.items() if k not in ("replicate", "ignore")}
    if "value" in columns:
        columns["value"] = columns["value"] + ".mean"
    if roles:
        roles = {
            (c + ".mean" if r == "metric" else c): r
            for c, r in roles.items()
            if r not in ("replicate", "ignore")
        } or None
    return columns, roles


def _others(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise TypeError(
            f"others: expected a dict of parameter -> choice, found {type(value).__name__}"
        )
    choices: dict[str, Any] = {}
    for parameter, choice in value.items():
        if isinstance(choice, Mapping) and set(choice) == {"fixed"}:
            choices[str(parameter)] = {"fixed": str(choice["fixed"])}
        elif isinstance(choice, str):
            choices[str(parameter)] = choice
        else:
            raise TypeError(
                f'others[{parameter!r}]: expected {{"fixed": value}}, "best", "mean" or "facet", '
                f"found {choice!r}"
            )
    return choices
