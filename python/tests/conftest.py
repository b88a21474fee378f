"""A widget host for tests: a Figure's front end in headless Chromium, wired to the Python widget
the way a notebook wires it.

The page (host.html) gives the widget's module anywidget's model API and a widget manager, and
runs render({model, el}). Python and the page talk in ipywidgets' comm messages: each widget
shown, and each widget its state refers to (the shared wasm, sweepmap._figure.Asset), is opened
in the page (as the kernel's comm_open) and its `comm` replaced by one that sends to the page (a
state update when a trait changes, custom messages); what the page sends (save_changes,
model.send) goes to that widget's own message handler, as a kernel would deliver it. Playwright
runs on its own thread and event loop, so the test's thread can block on to_svg() while the page
answers, as a notebook front end answers a kernel.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ipywidgets.widgets.widget import _instances, _remove_buffers
from playwright.async_api import async_playwright

HOST_URL = "http://sweepmap.test/host.html"
# Chromium and its flags as the wasm tests' runner takes them (webdriver.json): as root it needs
# --no-sandbox, and it must not reach out.
CHROME_OPTIONS = json.loads(
    (Path(__file__).resolve().parents[2] / "webdriver.json").read_text(encoding="utf-8")
)["goog:chromeOptions"]


def _encoded(buffers: list[Any]) -> list[str]:
    return [base64.b64encode(bytes(buffer)).decode("ascii") for buffer in buffers]


class _PageComm:
    """What the widget sends goes to the page (in order: one task per message on the loop)."""

    kernel = object()  # ipywidgets sends only through a comm that has a kernel

    def __init__(self, host: Host, comm_id: str) -> None:
        self.host = host
        self.comm_id = comm_id

    def send(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        # A model the update refers to that the page lacks was opened by the kernel when made
        # (the pairwise wasm's Asset, made on the front end's asking): opened first.
        for referred in self.host.unopened((data or {}).get("state", {})):
            self.host.post("window.host.open(arguments[0])", self.host.opening(referred))
        self.host.post(
            "window.host.receive(...arguments[0])", [self.comm_id, data, _encoded(buffers or [])]
        )

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, callback: Any) -> None:
        pass


class Host:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.widget: Any = None
        self.opened: set[str] = set()
        self.call(self._launch())

    def call(self, coroutine: Any, timeout: float = 30) -> Any:
        """Runs a coroutine on the host's loop and waits for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def post(self, script: str, argument: Any) -> None:
        """Evaluates a script in the page without waiting (messages keep their order)."""
        asyncio.run_coroutine_threadsafe(self._evaluate(script, argument), self.loop)

    async def _evaluate(self, script: str, argument: Any) -> Any:
        return await self.page.evaluate(f"(...arguments) => {{ {script}; }}", argument)

    async def _launch(self) -> None:
        self.playwright = await async_playwright().start()
        self.browser = await self.playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", CHROME_OPTIONS["binary"]),
            args=CHROME_OPTIONS["args"],
        )
        self.page = None

    async def _page(self, kernel: bool) -> None:
        """A new page with the host; with `kernel`, what it sends goes to the widgets."""
        if self.page is not None:
            await self.page.close()
        self.page = await self.browser.new_page(viewport={"width": 1000, "height": 900})
        self.console: list[str] = []
        self.page.on(
            "console",
            lambda message: self.console.append(message.text) if message.type == "error" else None,
        )
        html = (Path(__file__).parent / "host.html").read_text(encoding="utf-8")
        await self.page.route(
            "**/*",
            lambda route: (
                route.fulfill(body=html, content_type="text/html")
                if route.request.url == HOST_URL
                else route.abort()
            ),
        )
        if kernel:
            await self.page.expose_binding(
                "toPython",
                lambda _source, model_id, data, buffers: self._receive(model_id, data, buffers),
            )
        await self.page.goto(HOST_URL)

    def unopened(self, state: dict[str, Any]) -> list[Any]:
        """The widgets a state refers to that the page has not opened, theirs first."""
        found: list[Any] = []
        for value in state.values():
            if isinstance(value, str) and value.startswith("IPY_MODEL_"):
                referred = _instances[value.removeprefix("IPY_MODEL_")]
                if referred.model_id not in self.opened and referred not in found:
                    found += [w for w in self.unopened(referred.get_state()) if w not in found]
                    found.append(referred)
        return found

    def opening(self, widget: Any) -> dict[str, Any]:
        """The comm_open of a widget in the page (host.open's argument); its comm is the page's."""
        state, buffer_paths, buffers = _remove_buffers(widget.get_state())
        widget.comm = _PageComm(self, widget.model_id)
        self.opened.add(widget.model_id)
        return {
            "id": widget.model_id,
            "state": state,
            "buffer_paths": buffer_paths,
            "buffers": _encoded(buffers),
        }

    async def _open(self, widgets: tuple[Any, ...], manager: bool) -> None:
        await self._page(kernel=True)
        if not manager:
            await self.page.evaluate("() => { window.host.manager = undefined; }")
        self.opened: set[str] = set()
        for widget in widgets:
            # The widgets its state refers to first, as the kernel opened them before it.
            for referred in [*self.unopened(widget.get_state()), widget]:
                if referred.model_id not in self.opened:
                    message = self.opening(referred)
                    await self.page.evaluate("(message) => window.host.open(message)", message)
            await self.page.evaluate("(id) => window.host.render(id)", widget.model_id)

    async def _restore(self, saved: dict[str, Any], ids: list[str]) -> None:
        await self._page(kernel=False)
        await self.page.evaluate("(saved) => window.host.restore(saved)", saved)
        for model_id in ids:
            await self.page.evaluate("(id) => window.host.render(id)", model_id)

    def _receive(self, model_id: str, data: Any, buffers: list[str]) -> None:
        message = {
            "content": {"data": data},
            "buffers": [memoryview(base64.b64decode(buffer)) for buffer in buffers],
        }
        _instances[model_id]._handle_msg(message)

    def show(self, *widgets: Any, manager: bool = True) -> Any:
        """Shows widgets in a new page, one after the other, as a notebook displays them;
        returns the first. Without `manager`, the models have no widget_manager (a host that
        runs anywidget without ipywidgets' manager)."""
        self.widget = widgets[0]
        self.call(self._open(widgets, manager))
        return widgets[0]

    def restore(self, saved: dict[str, Any], ids: list[str]) -> None:
        """Opens a new page as a notebook reopened from its saved widget state (the `state` of
        application/vnd.jupyter.widget-state+json) with no kernel, and shows the models `ids`."""
        self.call(self._restore(saved, ids))

    def evaluate(self, script: str, argument: Any = None) -> Any:
        """The value of a JS expression in the page (`arg` is the argument)."""
        return self.call(self.page.evaluate(f"(arg) => ({script})", argument))

    def mouse_move(self, x: float, y: float) -> None:
        self.call(self.page.mouse.move(x, y))

    def mouse_click(self, x: float, y: float) -> None:
        self.call(self.page.mouse.click(x, y))

    def screenshot(self, path: Path, width: int) -> None:
        async def shoot() -> None:
            await self.page.set_viewport_size({"width": width, "height": 900})
            await self.page.screenshot(path=str(path), full_page=True)

        self.call(shoot())

    def close(self) -> None:
        async def stop() -> None:
            await self.browser.close()
            await self.playwright.stop()

        self.call(stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture(scope="session")
def host():
    browser_host = Host()
    yield browser_host
    browser_host.close()


def wait_for(condition: Callable[[], Any], timeout: float = 15, what: str = "the condition") -> Any:
    """Polls `condition` until it returns something truthy, which it returns."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)
