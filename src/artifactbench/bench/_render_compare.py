"""The paired comparison of a summary document as text lines and a per-task Markdown table."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["comparison_lines", "per_task_rows"]

_RATIO_LABELS = (("turns", "turns"), ("tokens", "tokens"), ("cost", "cost"),
                 ("agent_wall_s", "agent wall time"))


def _pct(value: object) -> str:
    return "-" if value is None else f"{float(value):+.1f}%"  # type: ignore[arg-type]


def ratio_text(r: Mapping[str, object] | None) -> str:
    """`-30.0% [-41.2%, -18.5%]`: B relative to A with its CI, `-` when not reported by both."""
    if not isinstance(r, Mapping) or r.get("pct_change") is None:
        return "-"
    if r.get("pct_low") is None:
        return _pct(r["pct_change"])
    return f"{_pct(r['pct_change'])} [{_pct(r['pct_low'])}, {_pct(r['pct_high'])}]"


def _diff_text(d: Mapping[str, object] | None) -> str:
    if not isinstance(d, Mapping):
        return "-"
    text = f"{float(d['diff']):+.0%}"  # type: ignore[arg-type]
    if d.get("low") is not None:
        text += f" [{float(d['low']):+.0%}, {float(d['high']):+.0%}]"  # type: ignore[arg-type]
    return text


def comparison_lines(doc: Mapping[str, object]) -> list[str]:
    """The heading and bullet lines of the overall comparison; [] when the run has none."""
    c = doc.get("comparison")
    if not isinstance(c, Mapping):
        return []
    m, a, b = c["mcnemar"], c["arm_a"], c["arm_b"]
    lines = [
        f"Paired comparison: {b} vs {a} on {c['pairs']} (task, run) pairs",
        f"- pass/fail, McNemar exact: {m['b']} pass only with {a}, {m['c']} pass only with "  # type: ignore[index]
        f"{b}, {m['both_pass']} both, {m['both_fail']} neither; p = {m['p_value']:.4g}",  # type: ignore[index]
    ]
    diff = c.get("pass_rate_diff")
    if isinstance(diff, Mapping):
        lines.append(f"- pass rate ({b} - {a}): {_diff_text(diff)} "
                     f"({diff['rate_b']:.0%} vs {diff['rate_a']:.0%}, paired bootstrap 95% CI)")
    ratios = c.get("ratios") or {}
    for key, label in _RATIO_LABELS:
        r = ratios.get(key)  # type: ignore[union-attr]
        if isinstance(r, Mapping) and r.get("pct_change") is not None:
            lines.append(f"- {label} ({b} relative to {a}): {ratio_text(r)} "
                         f"(ratio {r['ratio']:.3g}, n={r['n']}, paired bootstrap 95% CI, seed {r['seed']})")
        else:
            lines.append(f"- {label} ({b} relative to {a}): not reported by both arms")
    for metric, ci in c["deltas"].items():  # type: ignore[union-attr]
        if ci is None:
            lines.append(f"- {metric} delta ({b} - {a}): not reported by both arms")
        else:
            lines.append(f"- {metric} delta ({b} - {a}): mean {ci['mean_delta']:+.4g}, "
                         f"{ci['level']:.0%} CI [{ci['low']:+.4g}, {ci['high']:+.4g}] "
                         f"(n={ci['n']}, paired bootstrap, seed {ci['seed']})")
    return lines


def per_task_rows(doc: Mapping[str, object]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the per-task comparison (pairs, passes, p, pass-rate diff, % changes)."""
    c = doc.get("comparison")
    if not isinstance(c, Mapping) or not c.get("per_task"):
        return [], []
    head = ["task", "pairs", f"pass {c['arm_a']}", f"pass {c['arm_b']}", "McNemar p",
            "pass rate diff", "turns", "cost", "agent wall"]
    rows = []
    for t in c["per_task"]:  # type: ignore[union-attr]
        m, r = t["mcnemar"], t["ratios"]
        rows.append([t["instance_id"], str(t["pairs"]), str(m["both_pass"] + m["b"]),
                     str(m["both_pass"] + m["c"]), f"{m['p_value']:.3g}",
                     _diff_text(t["pass_rate_diff"]), ratio_text(r["turns"]), ratio_text(r["cost"]),
                     ratio_text(r["agent_wall_s"])])
    return head, rows
