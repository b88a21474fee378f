"""Refuses to build a wheel without the front end (python/build.sh puts it in the package)."""

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ASSETS = (
    "widget.js",
    "loader.js",
    "sweepmap_bg.wasm",
    "standalone.html",
    "pairwise_bg.wasm",
    "pairwise_standalone.html",
    "paper_bg.wasm",
    "LiberationSans-Regular.ttf",
    "LiberationSans-Bold.ttf",
    "font-LICENSE",
    "slice_bg.wasm",
)


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if version == "editable":
            return
        static = Path(self.root) / "src" / "sweepmap" / "static"
        missing = [name for name in ASSETS if not (static / name).is_file()]
        if missing:
            raise RuntimeError(
                f"sweepmap's front end is missing ({', '.join(missing)} in {static}): "
                "build it first with `bash .ci/build && bash python/build.sh`"
            )
