"""Charts as inline SVG (matplotlib, Agg backend): pass rates with their intervals, no external files."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Bar", "pass_rate_chart"]

_PALETTE = ("#3b6fb6", "#e08a2c", "#4a9a5b", "#b04a5a", "#7d62b3", "#8c6d46", "#c56fb0", "#6b6b6b")


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: a group (category), a series (arm), the rate and its interval (None when unknown)."""

    group: str
    series: str
    rate: float | None
    low: float | None
    high: float | None


def pass_rate_chart(bars: Sequence[Bar], series: Sequence[str], title: str) -> str:
    """Grouped horizontal bars in [0, 1] with interval whiskers; returns an <svg> element's text.

    Text stays text (svg.fonttype none): the numbers are searchable and the file stays small.
    """
    import matplotlib

    matplotlib.use("Agg", force=True)
    from matplotlib import pyplot as plt

    groups = list(dict.fromkeys(b.group for b in bars))
    n_series = max(1, len(series))
    height = 0.8 / n_series
    fig_h = min(12.0, 0.9 + 0.28 * len(groups) * n_series + 0.15 * len(groups))
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": title, "font.size": 9}):
        fig, ax = plt.subplots(figsize=(7.0, fig_h))
        try:
            for s, name in enumerate(series):
                mine = {b.group: b for b in bars if b.series == name}
                ys, rates, errs = [], [], [[], []]
                for g, group in enumerate(groups):
                    bar = mine.get(group)
                    if bar is None or bar.rate is None:
                        continue
                    ys.append(g + (s - (n_series - 1) / 2) * height)
                    rates.append(bar.rate)
                    lo = bar.rate if bar.low is None else bar.low
                    hi = bar.rate if bar.high is None else bar.high
                    errs[0].append(max(0.0, bar.rate - lo))
                    errs[1].append(max(0.0, hi - bar.rate))
                ax.barh(ys, rates, height=height * 0.9, xerr=errs, capsize=2,
                        color=_PALETTE[s % len(_PALETTE)], label=name, error_kw={"elinewidth": 0.8})
                for y, r in zip(ys, rates):
                    ax.text(min(r, 1.0) + 0.01, y, f"{r:.0%}", va="center", fontsize=7)
            ax.set_yticks(range(len(groups)), groups)
            ax.invert_yaxis()
            ax.set_xlim(0, 1.12)
            ax.set_xticks([0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"])
            ax.set_title(title, fontsize=10)
            ax.grid(axis="x", alpha=0.3)
            ax.spines[["top", "right"]].set_visible(False)
            if len(series) > 1:
                ax.legend(loc="lower right", fontsize=8, frameon=False)
            fig.tight_layout()
            buf = io.StringIO()
            fig.savefig(buf, format="svg")
        finally:
            plt.close(fig)
    svg = buf.getvalue()
    # Inline use: drop the XML prolog and doctype, keep the <svg> element.
    return svg[svg.index("<svg"):] if "<svg" in svg else re.sub(r"<\?xml[^>]*>", "", svg)
