"""sweepmap in Python notebooks: heatmaps of ML evaluation sweeps from a DataFrame.

    import sweepmap
    sweepmap.Figure(df, x="lr", y="weight_decay", metric="val_acc")

The figure is drawn by sweepmap's core (Rust compiled to WebAssembly) in the notebook's front
end, through anywidget; the wasm and JS ship in this package, nothing is fetched.
"""

from ._figure import Figure, SweepmapError
from ._html import save_html

__all__ = ["Figure", "SweepmapError", "save_html"]
__version__ = "0.1.0"
