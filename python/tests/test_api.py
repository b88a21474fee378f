"""The Python API without a browser: DataFrames written as the CSV the core reads, options as
keywords and traits, what the front end is given, and errors raised in Python."""

from __future__ import annotations

import base64
import math

import pandas as pd
import polars as pl
import pytest
import traitlets

import sweepmap
from sweepmap._figure import LOOK, OPTIONS

SWEEP = {
    "model": ["m1", "m1", "m2", "m2"],
    "lr": [1e-4, 3e-4, 1e-4, 3e-4],
    "weight_decay": [0.0, 0.1, 0.0, 0.1],
    "val_acc": [0.5, 0.625, math.nan, 0.75],
}
# pandas and polars write the same text: the missing value (NaN) as an empty field.
SWEEP_CSV = (
    "model,lr,weight_decay,val_acc\n"
    "m1,0.0001,0.0,0.5\n"
    "m1,0.0003,0.1,0.625\n"
    "m2,0.0001,0.0,\n"
    "m2,0.0003,0.1,0.75\n"
)


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame(SWEEP),
        pl.DataFrame(SWEEP),
    ],
    ids=["pandas", "polars"],
)
def test_frames_are_written_as_csv_with_missing_values_empty(frame):
    figure = sweepmap.Figure(frame, x="lr", y="weight_decay", metric="val_acc")
    assert figure.data == SWEEP_CSV
    assert figure._name == ""


def test_polars_nan_and_null_are_both_missing():
    frame = pl.DataFrame({"a": ["p", "q", "r"], "v": [1.5, float("nan"), None]})
    assert sweepmap.Figure(frame).data == "a,v\np,1.5\nq,\nr,\n"


def test_pandas_named_index_is_kept_and_unnamed_one_left_out():
    frame = pd.DataFrame(SWEEP).set_index(["model", "lr"])
    assert sweepmap.Figure(frame).data.splitlines()[:2] == [
        "model,lr,weight_decay,val_acc",
        "m1,0.0001,0.0,0.5",
    ]
    filtered = pd.DataFrame(SWEEP)[lambda frame: frame["model"] == "m2"]
    assert list(filtered.index) == [2, 3]
    assert sweepmap.Figure(filtered).data == (
        "model,lr,weight_decay,val_acc\nm2,0.0001,0.0,\nm2,0.0003,0.1,0.75\n"
    )


def test_labels_with_commas_and_quotes_are_quoted():
    frame = pl.DataFrame({"model": ['a,"b"', "c"], "x": [1, 2], "y": [3, 4], "v": [0.5, 0.25]})
    assert sweepmap.Figure(frame).data.splitlines()[1] == '"a,""b""",1,3,0.5'


def test_an_optuna_study_gives_its_trials_dataframe():
    class Study:
        def trials_dataframe(self):
            return pd.DataFrame({"number": [0, 1], "value": [0.5, 0.25], "params_lr": [0.1, 0.2]})

    assert sweepmap.Figure(Study()).data == "number,value,params_lr\n0,0.5,0.1\n1,0.25,0.2\n"


def test_paths_and_text(tmp_path):
    path = tmp_path / "sweep.csv"
    path.write_text(SWEEP_CSV, encoding="utf-8")
    for data in (path, str(path)):
        figure = sweepmap.Figure(data)
        assert (figure.data, figure._name) == (SWEEP_CSV, "sweep.csv")
    figure = sweepmap.Figure(SWEEP_CSV)
    assert (figure.data, figure._name) == (SWEEP_CSV, "")


def test_missing_files_folders_and_other_types_are_python_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"data: '[^']*nowhere\.csv' does not exist"):
        sweepmap.Figure(tmp_path / "nowhere.csv")
    with pytest.raises(FileNotFoundError, match="is a folder"):
        sweepmap.Figure(str(tmp_path))
    binary = tmp_path / "latin1.csv"
    binary.write_bytes("model,x,y,v\ncaf\xe9,1,2,3\n".encode("latin-1"))
    with pytest.raises(ValueError, match=r"is not UTF-8 text \(byte 15\)"):
        sweepmap.Figure(binary)
    with pytest.raises(TypeError, match="found bytes: decode them first"):
        sweepmap.Figure(SWEEP_CSV.encode())
    with pytest.raises(TypeError, match=r"expected a DataFrame .* found builtins\.dict"):
        sweepmap.Figure(SWEEP)
    with pytest.raises(ValueError, match="the DataFrame has no columns"):
        sweepmap.Figure(pd.DataFrame())


def test_options_become_what_the_front_end_is_given():
    figure = sweepmap.Figure(
        pd.DataFrame(SWEEP),
        x="lr",
        y="weight_decay",
        metric="val_acc",
        ignore=["notes"],
        others={"batch_size": {"fixed": 64}, "seed": "mean"},
        direction="lower",
        layout="difference",
        show_model="m1",
        show_model_b="m2",
        colormap="magma",
        reverse=True,
        range="fixed",
        min=0.0,
        max=1.0,
        decimals=2,
        uncertainty=0.95,
    )
    assert figure.spec == {
        "load": {
            "columns": {"x": "lr", "y": "weight_decay", "value": "val_acc", "ignore": ["notes"]},
            "roles": None,
            "view": {
                "direction": "lower",
                "others": {"batch_size": {"fixed": "64"}, "seed": "mean"},
            },
            "pairwise": {"score": "val_acc"},
        },
        "view": {
            "layout": "difference",
            "model": "m1",
            "modelB": "m2",
            "benchmark": None,
            "order": None,
            "colorMap": "magma",
            "reversed": True,
            "colorScale": None,
            "domain": "fixed",
            "min": 0.0,
            "max": 1.0,
            "center": None,
            "annotate": None,
            "decimals": 2,
            "uncertainty": 0.95,
            "marginals": None,
            "chart": None,
            "along": None,
            "across": None,
            "theme": None,
            "pixelRatio": None,
        },
        # Were they per-item scores: the options their figure takes (null: the default).
        "pairwise_view": {
            "models": None,
            "group": None,
            "bins": None,
            "value": None,
            "logarithmic": None,
            "colorMap": "magma",
            "reversed": True,
            "domain": "fixed",
            "min": 0.0,
            "max": 1.0,
            "annotate": None,
            "decimals": 2,
            "theme": None,
            "pixelRatio": None,
        },
    }


def test_every_option_is_a_trait_and_changing_one_changes_what_is_sent():
    figure = sweepmap.Figure(pd.DataFrame(SWEEP))
    assert set(OPTIONS) <= set(figure.trait_names())
    sent = []
    figure.observe(lambda change: sent.append(change["name"]), names=["_view", "_load"])
    figure.colormap = "puor"
    assert figure.spec["view"]["colorMap"] == "puor"
    figure.marginals = "on"
    assert figure.spec["view"]["marginals"] == "on"
    figure.roles = {"seed": "replicate"}
    assert figure.spec["load"]["roles"] == {"seed": "replicate"}
    figure.metric = "val_acc"
    assert figure.spec["load"]["columns"] == {"value": "val_acc"}
    assert sent == ["_view", "_view", "_load", "_load"]
    assert set(figure.spec["view"]) == set(LOOK.values())


def test_a_new_frame_replaces_the_data():
    figure = sweepmap.Figure(pd.DataFrame(SWEEP), colormap="magma")
    figure.data = pl.DataFrame({"a": ["p"], "b": [1], "c": [2], "v": [0.5]})
    assert figure.data == "a,b,c,v\np,1,2,0.5\n"
    assert figure.colormap == "magma"


def test_wrong_options_are_python_errors():
    frame = pd.DataFrame(SWEEP)
    with pytest.raises(TypeError, match=r"unknown option\(s\) 'colour_map'; the options are x, y,"):
        sweepmap.Figure(frame, colour_map="magma")
    with pytest.raises(
        traitlets.TraitError,
        match=r"'layout' trait of a Figure instance expected any of \['model',",
    ):
        sweepmap.Figure(frame, layout="spiral")
    with pytest.raises(traitlets.TraitError, match="decimals"):
        sweepmap.Figure(frame, decimals=13)
    with pytest.raises(TypeError, match=r"others\['lr'\]: expected \{\"fixed\": value\}"):
        sweepmap.Figure(frame, others={"lr": 0.1})
    figure = sweepmap.Figure(frame)
    with pytest.raises(traitlets.TraitError):
        figure.direction = "up"
    assert figure.direction is None


def test_exports_need_a_front_end():
    figure = sweepmap.Figure(pd.DataFrame(SWEEP))
    with pytest.raises(sweepmap.SweepmapError, match=r"no answer from the front end within 0.2 s"):
        figure.to_svg(timeout=0.2)
    with pytest.raises(ValueError, match='format must be "svg", "png" or "pdf", found \'eps\''):
        figure.export("eps")
    with pytest.raises(ValueError, match="pixel_ratio must be a number above 0"):
        figure.export("png", pixel_ratio=0)


def test_waiting_inside_a_notebook_cell_is_refused(monkeypatch):
    monkeypatch.setattr("sweepmap._figure._in_kernel_thread", lambda: True)
    figure = sweepmap.Figure(pd.DataFrame(SWEEP))
    with pytest.raises(sweepmap.SweepmapError, match=r"cannot wait inside a notebook cell"):
        figure.to_png()


def test_per_item_scores_are_told_by_the_cores_rule():
    """Python's reading of the kind (which wasm to send, which template to fill) is the core's
    (src/pairwise/csv_format.rs looks_like_item_scores), its item names list for list."""
    import re
    from pathlib import Path

    from sweepmap._data import ITEM_NAMES, looks_like_item_scores

    source = (Path(__file__).resolve().parents[2] / "src/pairwise/csv_format.rs").read_text(
        encoding="utf-8"
    )
    block = re.search(r"const ITEM_NAMES: &\[&str\] = &\[(.*?)\];", source, re.S)
    assert block and tuple(re.findall(r'"([^"]*)"', block.group(1))) == ITEM_NAMES
    assert looks_like_item_scores("Task_ID,model,score\n1,a,0.5\n")
    assert looks_like_item_scores("model\tquestion\tscore\n")
    assert not looks_like_item_scores("model,lr,wd,acc\nm,1,2,0.5\n")
    assert looks_like_item_scores('{"items": []}') and not looks_like_item_scores(
        '{"items": [], "panels": []}'
    )
    figure = sweepmap.Figure(pd.DataFrame({"model": ["a"], "id": [1], "score": [0.5]}))
    assert len(figure._wasm_pairwise.value) > 100_000
    assert sweepmap.Figure(pd.DataFrame(SWEEP))._wasm_pairwise is None


def test_figures_refer_to_one_shared_wasm_model():
    """Every figure's wasm and front-end module are references to the kernel's one Asset model
    of each (sent to a front end once, saved once), named by SHA-256; a closed one is made
    again. A figure's own module (_esm) is the loader."""
    import hashlib

    from ipywidgets.embed import dependency_state

    from sweepmap._figure import Asset

    first, second = sweepmap.Figure(pd.DataFrame(SWEEP)), sweepmap.Figure(pd.DataFrame(SWEEP))
    asset = first._wasm
    assert isinstance(asset, Asset) and second._wasm is asset
    assert asset.name == "sweepmap"
    assert asset.sha256 == hashlib.sha256(asset.value).hexdigest()
    assert first.get_state()["_wasm"] == f"IPY_MODEL_{asset.model_id}"
    assert first.get_state()["_wasm_pairwise"] is None
    module = first._module
    assert second._module is module and module.name == "widget.js"
    assert first.get_state()["_module"] == f"IPY_MODEL_{module.model_id}"
    assert "sweepmap.widget.shared" in first._esm and len(first._esm) < 5_000
    # The state a notebook saves of both figures holds the wasm and the module once each, in
    # the Assets' state.
    state = dependency_state([first, second], drop_defaults=False)
    assert set(state) == {first.model_id, second.model_id, asset.model_id, module.model_id}
    buffers = sorted(
        (model_id, b["path"], len(b["data"]))
        for model_id, model in state.items()
        for b in model.get("buffers", [])
    )
    assert buffers == sorted(
        [
            (asset.model_id, ["value"], len(base64.b64encode(asset.value))),
            (module.model_id, ["value"], len(base64.b64encode(module.value))),
        ]
    )
    # Closed (Widget.close_all() closes every model), it is made again for the next figure.
    asset.close()
    again = sweepmap.Figure(pd.DataFrame(SWEEP))._wasm
    assert again is not asset and again.comm is not None and again.value == asset.value
