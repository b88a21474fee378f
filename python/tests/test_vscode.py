"""The widget under VS Code's own ipywidgets 8 manager (@vscode/jupyter-ipywidgets8, the bundle
VS Code's Jupyter extension renders widgets with), in headless Chromium (vscode.html).

Python runs as a kernel does: every comm the widgets open is a kernel comm (comm.BaseComm, as
ipykernel's Comm, made through comm.create_comm as ipywidgets makes it) whose comm_open,
comm_msg and comm_close go to the page as the iopub messages a kernel publishes (content
{comm_id, data, target_name}, metadata {version}, buffers), one after the other; what the
page's manager sends (shell comm_msg and comm_open) goes to the kernel's comm manager
(CommManager.comm_msg), framed by status busy and idle with the message as their parent, as a
kernel frames the handling of a request. The figure's output is rendered from the mimebundle
Python gives it (application/vnd.jupyter.widget-view+json), as VS Code's renderer renders it.
anywidget's front end is loaded by the manager through requirejs from the environment's
nbextensions folder (share/jupyter/nbextensions/anywidget), where VS Code's local widget script
source finds it; the page reaches nothing else.
"""

from __future__ import annotations

import base64
import sys
import threading
from pathlib import Path
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm
from conftest import Host, wait_for
from ipywidgets.embed import dependency_state
from playwright.async_api import Error as PlaywrightError
from test_frontend import MAGMA, TIDY, VIRIDIS, canvas_colour, cells, drawn, page_point

import sweepmap
from sweepmap import _figure

REPOSITORY = Path(__file__).resolve().parents[2]
PAGE_URL = "http://sweepmap.test/vscode.html"
MANAGER = REPOSITORY / "node_modules" / "@vscode" / "jupyter-ipywidgets8" / "dist" / "ipywidgets.js"
REQUIREJS = REPOSITORY / "node_modules" / "requirejs" / "require.js"
NBEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "nbextensions"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# The policy VS Code's notebook webview declares when `notebook.experimental.enableCsp` is on
# (off by default: then the webview declares none), as its backLayerWebView.ts writes it, with
# the test's origin for webviewGenericCspSource (https://*.vscode-cdn.net, where VS Code serves
# renderers and preloads).
VSCODE_CSP = (
    "default-src 'none'; "
    "script-src {source} 'unsafe-inline' 'unsafe-eval'; "
    "style-src {source} 'unsafe-inline'; "
    "img-src {source} https: http: data:; "
    "font-src {source} https:; "
    "connect-src https:; "
    "child-src https: data:;"
).format(source="http://sweepmap.test")


class _KernelComm(BaseComm):
    """A kernel's comm (as ipykernel.comm.Comm): what it publishes goes to the page as an iopub
    message with the content ipykernel gives it."""

    def __init__(self, kernel: VSCodeHost, **kwargs: Any) -> None:
        self.kernel = kernel
        self.page = kernel.page_number
        super().__init__(**kwargs)

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        content = dict(data=data, comm_id=self.comm_id, **keys)
        self.kernel.iopub(self.page, msg_type, content, metadata or {}, buffers or [])


class VSCodeHost(Host):
    """A page with VS Code's widget manager, and Python as its kernel."""

    def __init__(self) -> None:
        self.page_number = 0
        self.parent = threading.local()
        # What the page sent the kernel: (msg_type, data.method, content.type of a custom one).
        self.shell: list[tuple[str, str | None, str | None]] = []
        # A Content-Security-Policy the page declares (a <meta> first in its head), or None.
        self.csp: str | None = None
        super().__init__()

    def iopub(
        self, page: int, msg_type: str, content: Any, metadata: Any, buffers: list[Any]
    ) -> None:
        if page != self.page_number:
            return  # a comm of a page closed since (a widget closed in a later test)
        message = {
            "msg_type": msg_type,
            "content": content,
            "metadata": metadata,
            "buffers": [base64.b64encode(bytes(buffer)).decode("ascii") for buffer in buffers],
            "parent_header": getattr(self.parent, "header", None) or {},
        }
        self.post("window.host.kernel.iopub(arguments[0])", message)

    def _shell(self, header: Any, content: Any, metadata: Any, buffers: list[str]) -> None:
        """A shell message from the page, handled as a kernel handles it."""
        data = content.get("data") or {}
        custom = data.get("content") if data.get("method") == "custom" else None
        self.shell.append(
            (header["msg_type"], data.get("method"), (custom or {}).get("type") if custom else None)
        )
        message = {
            "header": header,
            "parent_header": {},
            "metadata": metadata,
            "content": content,
            "buffers": [memoryview(base64.b64decode(buffer)) for buffer in buffers],
        }
        page = self.page_number
        self.parent.header = header
        self.iopub(page, "status", {"execution_state": "busy"}, {}, [])
        try:
            manager = comm.get_comm_manager()
            handler = getattr(manager, header["msg_type"])  # comm_open, comm_msg, comm_close
            handler(None, None, message)
        finally:
            self.iopub(page, "status", {"execution_state": "idle"}, {}, [])
            self.parent.header = None

    async def _page(self, kernel: bool) -> None:
        if self.page is not None:
            await self.page.close()
        self.page_number += 1
        self.shell = []
        self.page = await self.browser.new_page(viewport={"width": 1000, "height": 900})
        self.console: list[str] = []
        self.page.on(
            "console",
            lambda message: self.console.append(message.text) if message.type == "error" else None,
        )
        files = {
            PAGE_URL: (Path(__file__).parent / "vscode.html", "text/html"),
            "http://sweepmap.test/ipywidgets.js": (MANAGER, "text/javascript"),
            "http://sweepmap.test/require.js": (REQUIREJS, "text/javascript"),
        }
        for name in ("index.js", "extension.js"):
            files[f"http://sweepmap.test/nbextensions/anywidget/{name}"] = (
                NBEXTENSIONS / "anywidget" / name,
                "text/javascript",
            )
        self.requested: list[str] = []

        async def route(route: Any) -> None:
            url = route.request.url
            self.requested.append(url)
            if url in files:
                path, content_type = files[url]
                body = path.read_bytes()
                if url == PAGE_URL and self.csp is not None:
                    meta = f'<meta http-equiv="Content-Security-Policy" content="{self.csp}">'
                    body = body.replace(b"<head>", f"<head>\n{meta}".encode(), 1)
                await route.fulfill(body=body, content_type=content_type)
            else:
                await route.abort()

        await self.page.route("**/*", route)
        if kernel:
            await self.page.expose_binding(
                "toPython", lambda _source, *message: self._shell(*message)
            )
        await self.page.goto(PAGE_URL)
        await self.page.wait_for_function("window.host?.ready === true")
        if kernel:
            await self.page.evaluate("() => window.host.connect()")

    async def _show(self, widgets: tuple[Any, ...]) -> None:
        for widget in widgets:
            data, metadata = widget._repr_mimebundle_()
            # The kernel's display_data (display(figure)), then the output rendered from it.
            self.iopub(
                self.page_number,
                "display_data",
                {"data": data, "metadata": metadata, "transient": {}},
                {},
                [],
            )
            await self.page.evaluate("(data) => window.host.render(data)", data[WIDGET_VIEW])

    def kernel(self) -> None:
        """A new page and a fresh kernel session: the kernel's shared Assets closed (the next
        figure makes new ones, whose comms open in this page), and comms made from now on
        the kernel's."""
        self.call(self._page(kernel=True))
        for asset in list(_figure._shared.values()):
            asset.close()

    async def _restore(self, saved: dict[str, Any], ids: list[str]) -> None:
        await self._page(kernel=False)
        widgets = {
            "application/vnd.jupyter.widget-state+json": {
                "version_major": 2,
                "version_minor": 0,
                "state": saved,
            }
        }
        await self.page.evaluate("(widgets) => window.host.restore(widgets)", widgets)
        for model_id in ids:
            data = {"version_major": 2, "version_minor": 0, "model_id": model_id}
            await self.page.evaluate("(data) => window.host.render(data)", data)

    def close(self) -> None:
        self.page_number += 1  # what comms publish from now on (widgets deleted) is dropped
        super().close()

    def show(self, *widgets: Any, manager: bool = True) -> Any:
        """Renders the widgets' outputs, one after the other; returns the first."""
        self.widget = widgets[0]
        self.call(self._show(widgets))
        return widgets[0]


@pytest.fixture(scope="module")
def vscode():
    for needed in (MANAGER, REQUIREJS, NBEXTENSIONS / "anywidget" / "index.js"):
        if not needed.exists():
            raise AssertionError(f"{needed} is missing: run 'bash .ci/setup'")
    browser_host = VSCodeHost()
    yield browser_host
    browser_host.close()


@pytest.fixture
def kernel(vscode, monkeypatch):
    """The page, with every comm made in the test a kernel comm whose messages go to it."""
    vscode.kernel()
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: _KernelComm(vscode, **kwargs))
    return vscode


def test_a_figure_renders_hovers_and_redraws_under_vscodes_manager(kernel):
    figure = kernel.show(sweepmap.Figure(TIDY, width=600))
    assert drawn(figure) == ["m1"]
    assert figure.error == ""
    # The manager loaded anywidget's model and view from the kernel's nbextensions (asked the
    # script loader for that module only; the Assets are @jupyter-widgets/base models it has).
    version = figure._model_module_version
    assert kernel.evaluate("window.host.scripts") == [["anywidget", version]]
    loaded = kernel.evaluate("window.host.loaded")
    assert ["AnyModel", "anywidget", version] in loaded
    assert ["AnyView", "anywidget", version] in loaded
    assert ["WidgetModel", "@jupyter-widgets/base", "2.0.0"] in loaded
    # The kernel opened the Assets, then the figure that refers to them (its state holds
    # "IPY_MODEL_<id>" strings the manager resolves); the module came through get_model: the
    # figure never asked the kernel for it (no "module" message).
    opened = [kind for kind, _ in kernel.evaluate("window.host.received") if kind == "comm_open"]
    assert len(opened) == 3  # widget.js, the default wasm, the figure
    assert all(kind != "module" for *_, kind in kernel.shell)
    # The page, the manager, requirejs and anywidget's module: nothing else was asked for.
    assert sorted(kernel.requested) == [
        "http://sweepmap.test/ipywidgets.js",
        "http://sweepmap.test/nbextensions/anywidget/index.js",
        "http://sweepmap.test/require.js",
        PAGE_URL,
    ]

    # Every cell on the canvas has the colour the core's SVG gives it.
    found = cells(figure.to_svg())
    assert len(found) == 4
    assert set(VIRIDIS.values()) <= {fill for *_, fill in found}
    for x, y, _width, _height, fill in found:
        assert canvas_colour(kernel, x + 6, y + 6) == fill

    # Hover and click reach Python through the comm (shell comm_msg updates and custom
    # messages, each framed by the kernel's busy and idle).
    hovered, clicked = [], []
    figure.on_hover(hovered.append)
    figure.on_click(clicked.append)
    peak = next(cell for cell in found if cell[4] == VIRIDIS["0.4"])
    x, y, width, height, _ = peak
    point = page_point(kernel, x + width / 2, y + height / 2)
    kernel.mouse_move(*point)
    cell = wait_for(lambda: figure.hover, what="hover")
    expected = {"model": "m1", "xLabel": "0.2", "yLabel": "2", "value": 0.4, "via": "pointer"}
    assert {key: cell[key] for key in expected} == expected
    assert hovered == [cell]
    kernel.mouse_click(*point)
    kernel.mouse_click(*point)
    wait_for(lambda: len(clicked) == 2, what="two clicks")
    assert clicked[0]["value"] == 0.4 and clicked[1] == clicked[0]
    kernel.mouse_move(2, 2)
    wait_for(lambda: figure.hover is None, what="the pointer to leave")
    assert hovered[-1] is None
    updates = [method for kind, method, _ in kernel.shell if kind == "comm_msg"]
    assert updates.count("update") >= 2 and "custom" in updates

    # A trait change redraws: the colours at the cell centres are magma's.
    figure.colormap = "magma"
    wait_for(lambda: canvas_colour(kernel, x + 6, y + 6) == MAGMA["0.4"], what="the redraw")
    found = cells(figure.to_svg())
    assert set(MAGMA.values()) <= {fill for *_, fill in found}
    for x, y, _width, _height, fill in found:
        assert canvas_colour(kernel, x + 6, y + 6) == fill
    assert kernel.console == [] and kernel.evaluate("window.host.errors") == []


def test_two_figures_share_the_kernels_assets_under_vscodes_manager(kernel):
    """Two figures: the module and the wasm opened once (one comm_open each), both drawn."""
    first = sweepmap.Figure(TIDY, width=600)
    second = sweepmap.Figure(TIDY, width=500, colormap="magma")
    kernel.show(first, second)
    assert drawn(first) == ["m1"] and drawn(second) == ["m1"]
    opened = [kind for kind, _ in kernel.evaluate("window.host.received") if kind == "comm_open"]
    assert len(opened) == 4  # widget.js, the wasm, two figures
    for index, figure in enumerate((first, second)):
        for x, y, _width, _height, fill in cells(figure.to_svg()):
            assert canvas_colour(kernel, x + 6, y + 6, index) == fill
    assert all(kind != "module" for *_, kind in kernel.shell)
    assert kernel.console == [] and kernel.evaluate("window.host.errors") == []


def test_a_figure_without_a_width_follows_its_output_under_vscodes_manager(kernel):
    """The view's element is in the Lumino widget display_view attaches to the output: a figure
    without a width takes the output's width, and follows it when the window narrows."""
    figure = kernel.show(sweepmap.Figure(TIDY))
    drawn(figure)
    widths = """[widgetRoot().querySelector('canvas').clientWidth,
        document.querySelector('.cell-output').clientWidth]"""
    assert kernel.evaluate(widths) == [900, 900]
    assert kernel.evaluate("!!document.querySelector('.cell-output .lm-Widget .sweepmap-widget')")
    kernel.call(kernel.page.set_viewport_size({"width": 500, "height": 900}))
    wait_for(lambda: kernel.evaluate(widths) == [468, 468], what="the figure to narrow")
    for x, y, _width, _height, fill in cells(figure.to_svg()):
        assert canvas_colour(kernel, x + 6, y + 6) == fill
    assert figure.error == ""
    assert kernel.console == [] and kernel.evaluate("window.host.errors") == []


def test_a_notebook_saved_with_its_widget_state_reopens_in_vscode_with_no_kernel(kernel):
    """VS Code's manager renders the widget state a notebook was saved with (by JupyterLab),
    with no kernel: the figure drawn from it, in the colours it had. (The extension itself
    passes no saved state to it today: loading widget state from .ipynb files is "temporarily
    disabled", vscode-jupyter#11117, rendererComms.ts sends widgetState undefined; this is the
    path it takes when given one.)"""
    figure = kernel.show(sweepmap.Figure(TIDY, width=600, colormap="magma"))
    drawn(figure)
    found = cells(figure.to_svg())
    assert set(MAGMA.values()) <= {fill for *_, fill in found}
    saved = dependency_state([figure], drop_defaults=False)
    kernel.restore(saved, [figure.model_id])
    labelled = """document.querySelector('.sweepmap-widget')?.shadowRoot
        .querySelector('canvas')?.getAttribute('aria-label') ?? null"""
    wait_for(
        lambda: kernel.evaluate(labelled) not in (None, "Loading the figure"),
        what="the figure to draw from the saved state",
    )
    for x, y, _width, _height, fill in found:
        assert canvas_colour(kernel, x + 6, y + 6) == fill
    assert kernel.shell == []  # no kernel: nothing was sent
    assert kernel.console == [] and kernel.evaluate("window.host.errors") == []


@pytest.fixture
def csp_kernel(vscode, monkeypatch):
    """The page under VS Code's optional notebook policy (VSCODE_CSP), Python its kernel."""
    vscode.csp = VSCODE_CSP
    try:
        vscode.kernel()
        monkeypatch.setattr(comm, "create_comm", lambda **kwargs: _KernelComm(vscode, **kwargs))
        yield vscode
    finally:
        vscode.csp = None


def test_vscodes_optional_notebook_csp_allows_wasm_but_not_anywidgets_blob_import(csp_kernel):
    """With `notebook.experimental.enableCsp` on, VS Code's webview allows WebAssembly
    ('unsafe-eval'), but its script-src has no blob:, and anywidget imports every widget's
    module (_esm) from a blob: URL: the import is refused before sweepmap's code runs, so no
    anywidget widget renders there (the default, with the setting off, declares no policy)."""
    empty_module = "new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])"
    compiled = f"WebAssembly.compile({empty_module}).then(() => 'compiled', String)"
    assert csp_kernel.evaluate(compiled) == "compiled"
    figure = sweepmap.Figure(TIDY, width=600)
    with pytest.raises(PlaywrightError, match="widget_manager"):
        csp_kernel.show(figure)
    wait_for(
        lambda: ["script-src-elem", "blob"] in csp_kernel.evaluate("window.host.violations"),
        what="the policy to refuse the blob: import",
    )
    assert "handling comm_msg: Error: [anywidget] Failed to initialize model." in (
        csp_kernel.evaluate("window.host.errors")
    )
    assert csp_kernel.evaluate("document.querySelectorAll('.sweepmap-widget').length") == 0
    assert figure.panels == []
