"""The package as PyPI would get it: a pure-Python wheel that ships the built front end."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
PACKAGE = REPOSITORY / "python"
STATIC = PACKAGE / "src" / "sweepmap" / "static"


def build_wheel(source: Path, into: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"),
            *("--quiet", "--disable-pip-version-check", "-w", str(into), str(source)),
        ],
        capture_output=True,
        text=True,
    )


def test_the_wheel_ships_the_front_end_and_works_from_itself(tmp_path):
    result = build_wheel(PACKAGE, tmp_path)
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("sweepmap-0.1.0-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for asset in (
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
        ):
            assert archive.read(f"sweepmap/static/{asset}") == (STATIC / asset).read_bytes()
        # The reduction's one SQL text, which the page's DuckDB-wasm runs too.
        assert (
            archive.read("sweepmap/reduction.sql")
            == (PACKAGE / "src" / "sweepmap" / "reduction.sql").read_bytes()
        )
        metadata = archive.read("sweepmap-0.1.0.dist-info/METADATA").decode()
    assert {"sweepmap/__init__.py", "sweepmap/_figure.py", "sweepmap/_data.py"} <= names
    assert "Requires-Dist: anywidget>=0.9" in metadata
    assert "Requires-Dist: narwhals>=1.30" in metadata
    assert "Requires-Dist: ipywidgets>=7.6" in metadata
    assert (STATIC / "sweepmap_bg.wasm").read_bytes() == (
        REPOSITORY / "www" / "pkg" / "sweepmap_bg.wasm"
    ).read_bytes()
    assert (STATIC / "standalone.html").read_bytes() == (
        REPOSITORY / "www" / "pkg" / "standalone.html"
    ).read_bytes()
    assert (STATIC / "pairwise_bg.wasm").read_bytes() == (
        REPOSITORY / "www" / "pkg" / "pairwise" / "sweepmap_bg.wasm"
    ).read_bytes()
    paper = REPOSITORY / "www" / "pkg" / "paper"
    assert (STATIC / "paper_bg.wasm").read_bytes() == (
        paper / "sweepmap_paper_bg.wasm"
    ).read_bytes()
    assert (STATIC / "font-LICENSE").read_bytes() == (paper / "LICENSE").read_bytes()
    assert (STATIC / "slice_bg.wasm").read_bytes() == (
        REPOSITORY / "www" / "pkg" / "slice" / "sweepmap_bg.wasm"
    ).read_bytes()
    # Imported from the wheel itself (first on the path), a figure gets the shipped front end.
    check = (
        "import sweepmap, sys; f = sweepmap.Figure('a,b,c,v\\n1,2,3,4\\n');"
        "print(sweepmap.__file__); print(len(f._wasm.value), len(f._module.value), len(f._esm));"
        "import tempfile, pathlib; out = pathlib.Path(tempfile.mkdtemp()) / 'f.html';"
        "print(sweepmap.save_html('a,b,c,v\\n1,2,3,4\\n', out).stat().st_size)"
    )
    run = subprocess.run(
        [sys.executable, "-c", check],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(wheel), "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    location, sizes, saved = run.stdout.splitlines()
    assert location.startswith(str(wheel))
    loader = (STATIC / "loader.js").read_text(encoding="utf-8")
    wasm, module = (
        (STATIC / "sweepmap_bg.wasm").stat().st_size,
        (STATIC / "widget.js").stat().st_size,
    )
    assert sizes == f"{wasm} {module} {len(loader)}"
    # save_html fills the template shipped in the wheel.
    template = (STATIC / "standalone.html").read_text(encoding="utf-8")
    figure = '{"data": "a,b,c,v\\n1,2,3,4\\n"}'
    assert int(saved) == len(template.replace("<!--sweepmap:figure-->", figure).encode())


def test_a_wheel_without_the_front_end_is_refused(tmp_path):
    source = tmp_path / "python"
    shutil.copytree(
        PACKAGE, source, ignore=shutil.ignore_patterns("static", "tests", "__pycache__")
    )
    result = build_wheel(source, tmp_path / "out")
    assert result.returncode != 0
    assert (
        "sweepmap's front end is missing (widget.js, loader.js, sweepmap_bg.wasm" in result.stderr
    )
    assert "build it first with `bash .ci/build && bash python/build.sh`" in result.stderr
