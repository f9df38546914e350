"""Rules from blind batches p169-p172 and from the false findings left by p157-p168, each with a twin that must
keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

_SITES = [("N-014", 0.512053, 158.645), ("S-022", 0.03397, 93.399), ("E-035", 0.239862, 77.045),
          ("M-040", 1.0, 76.0), ("H-051", 0.41, 12.5)]
_REPORT = ("Riverside Clinic weekly forecast sheet\n\nFitted by golden-section search on the squared errors.\n\n"
           "| site | alpha | next_week |\n|------|------:|----------:|\n"
           + "".join(f"| {s} | {a:.6f} | {n:.3f} |\n" for s, a, n in _SITES)
           + "\nMissing weeks were skipped.\n")
_PROMPT = ("# Forecast\n\nWrite `forecast.md`: a Markdown table with one row per site, columns `site`, `alpha` "
           "(within 0.0001) and `next_week` (within 0.01).\n")


def _table_grader(extra_rows: str) -> str:
    return f"""\
        want = {{s: (a, n) for s, a, n in {_SITES!r}}}
        lines = text.splitlines()
        at = next(i for i, l in enumerate(lines) if l.replace(" ", "").startswith("|site|"))
        got = {{}}
        for line in lines[at + 2:]:
            if not line.startswith("|"):
                break
            s, a, n = [c.strip() for c in line.strip("|").split("|")]
            if s in got:
                return False, "site twice: " + s
            got[s] = (float(a), float(n))
        for s, (a, n) in want.items():
            if s not in got or not abs(got[s][0] - a) <= 1e-4 or not abs(got[s][1] - n) <= 0.01:
                return False, "wrong or missing: " + s
        {extra_rows}
        return True, "all sites match"
        """


def test_a_title_or_a_row_outside_the_table_is_no_record_of_it(tmp_path):
    # (p158: a title line written twice; p164, p165: a table row copied above the header, or over a sentence):
    # the grader finds the table by its header and reads its body; what stands outside is no record of it
    sound = _task(tmp_path, "outside", "forecast.md", _REPORT, _PROMPT, _table_grader(
        'if set(got) - set(want):\n            return False, "extra site"'))
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))
    # its twin never rejects a site of the body the answer does not have: that row, inside the table, still fails
    flawed = _task(tmp_path, "inside", "forecast.md", _REPORT, _PROMPT, _table_grader("pass"))
    assert any(f.startswith("inject_record:") for f in _fails(_fuzz(flawed))), _fails(_fuzz(flawed))
