"""The run table's bins of a continuous parameter (src/table/bins.rs, README "Continuous
parameters"), for a reduction that bins a column in the engine (README "Too many
configurations").

Python does not run the core (the wasm is the widget's, in the browser), so this is the core's
rule written again, kept in this one place: `bins_for_values` is `Bins::for_values`, `spanning`
is `Bins::spanning`. tests/test_bins.py holds it to the core's own output on several hundred
(min, max) pairs (tests/fixtures/bins/spanning.json, which the core's test tests/table_bins.rs
writes and checks), labels and edges text for text.

A numeric parameter is binned when it has more than 12 distinct values, or at least 8 and
nearly every run its own (80 %). Bins are log-spaced when every value is positive and the
values span more than two decades (edges at 1 and 3 of each decade, or whole decades past
six), else linear with a round step (1, 2 or 5 times a power of ten) giving at most ten bins.
Bins hold `[low, high)`, the last one its top edge too; labels are ranges: `low`, an en
dash, `high`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

#: Distinct values a numeric parameter may have and stay a grid (the core's GRID_VALUES).
GRID_VALUES = 12
#: What joins a bin's two ends in its label (the core's RANGE_DASH, an en dash).
RANGE_DASH = "\u2013"


@dataclass(frozen=True)
class Bins:
    """The bins of one column: `edges` as the decimals the labels write (one more than the
    labels), `labels` one range per bin, `log` when log-spaced."""

    edges: tuple[str, ...]
    labels: tuple[str, ...]
    log: bool


def bins_for_values(values: int, runs: int, low: float, high: float) -> Bins | None:
    """The bins of a numeric column with `values` distinct values over `runs` runs from `low`
    to `high`, when the run table would bin it (the core's `Bins::for_values`); None when it
    would not, or cannot (no finite span)."""
    finite = math.isfinite(low) and math.isfinite(high) and math.isfinite(high - low)
    if not (finite and low < high):
        return None
    mostly_unique = values >= 8 and values * 5 >= runs * 4
    if values <= GRID_VALUES and not mostly_unique:
        return None
    return spanning(low, high)


def spanning(low: float, high: float) -> Bins:
    """Bins that cover `low..=high` (`low < high`, both finite): the core's `Bins::spanning`."""
    if low > 0.0 and high / low > 100.0:
        return _from_texts(_log_texts(low, high), True)
    return _from_texts(_linear_texts(low, high), False)


def _decimal(mantissa: int, exponent: int, scientific: bool) -> str:
    """`mantissa * 10^exponent` as decimal text: "0.003", "1500", "-0.25"; "1e-4" when
    `scientific` and the exponent is outside -3..=3 (the core's `decimal`)."""
    if mantissa == 0:
        return "0"
    while mantissa % 10 == 0:
        mantissa //= 10
        exponent += 1
    sign = "-" if mantissa < 0 else ""
    digits = str(abs(mantissa))
    if scientific and not -3 <= exponent <= 3:
        return f"{sign}{digits}e{exponent}"
    if exponent >= 0:
        return sign + digits + "0" * exponent
    places = -exponent
    if len(digits) > places:
        return f"{sign}{digits[: len(digits) - places]}.{digits[len(digits) - places :]}"
    return f"{sign}0.{'0' * (places - len(digits))}{digits}"


def _number(text: str) -> float:
    """An edge's text read back as the double it is (Python reads decimals correctly rounded,
    as the core does)."""
    value = float(text)
    return value if math.isfinite(value) else 0.0


def _log10_floor(value: float) -> int:
    return math.floor(math.log10(value))


def _log_texts(low: float, high: float) -> list[str]:
    decades = math.log10(high / low)
    per_decade = 1 if decades > 6.0 else 2

    def edge(j: int) -> str:
        decade, step = divmod(j, per_decade)
        return _decimal(1 if step == 0 else 3, decade, True)

    first = _log10_floor(low) * per_decade - per_decade
    while _number(edge(first + 1)) <= low:
        first += 1
    last = _log10_floor(high) * per_decade
    while _number(edge(last)) < high:
        last += 1
    return [edge(j) for j in range(first, max(last, first + 1) + 1)]


def _linear_texts(low: float, high: float) -> list[str]:
    span = high - low
    exponent = math.floor(math.log10(span / 10.0))
    for mantissa in (1, 2, 5, 10, 20, 50):
        step = mantissa * 10.0**exponent

        def text(k: int, mantissa: int = mantissa) -> str:
            return _decimal(k * mantissa, exponent, False)

        def value(k: int) -> float:
            return _number(text(k))

        first = math.floor(low / step)
        while value(first + 1) <= low:
            first += 1
        while value(first) > low:
            first -= 1
        last = math.ceil(high / step)
        while last - 1 > first and value(last - 1) >= high:
            last -= 1
        while value(last) < high:
            last += 1
        if last - first <= 10:
            return [text(k) for k in range(first, last + 1)]
    raise ValueError(f"no round step bins {low} to {high}")  # unreachable for finite spans


def _from_texts(texts: list[str], log: bool) -> Bins:
    labels = tuple(f"{a}{RANGE_DASH}{b}" for a, b in itertools.pairwise(texts))
    return Bins(tuple(texts), labels, log)
