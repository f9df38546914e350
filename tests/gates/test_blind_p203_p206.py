"""Rules from blind batches p203-p206, each with a twin that must keep its verdict."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _blind_task import _fails, _fuzz, _task  # noqa: E402

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._accuracy import stated_tolerance
from artifactbench.gates.core._doubt import doubt
from artifactbench.gates.core._prompt import inner_grant, keys_closed
from artifactbench.gates.fuzz._fuzz import _cut_open_tail

_CHECKLIST = """\
## Acceptance criteria

- [ ] `[data] valid_records` is the integer number of valid records.
- [ ] `[data] mean_speed_ms` is the arithmetic mean wind speed over all valid records (zeros included), within ±0.001 m/s.
- [ ] `[weibull] k` and `[weibull] c_ms` are the maximum-likelihood estimates over the fit records, i.e. the solution \
of the likelihood equations; each is within 0.1 % (relative) of the exact MLE.
- [ ] `[aep] weibull_mwh` = 8760 × Σ P × (F(v + 0.25) − F(v − 0.25)) / 1000; it is within 0.1 % (relative) of the \
correct value.
- [ ] `[aep] capacity_factor` = `weibull_mwh` / (`rated_kw` × 8760 / 1000), as a fraction, within ±0.0005.
"""


def test_a_checklist_item_states_the_band_of_the_table_key_it_defines():
    # (p205: `[aep] weibull_mwh` moved by 0.05 of 13 900, inside its 0.1 % band, was held to the ±0.001 m/s of
    # `[data] mean_speed_ms`, read as every number's band; the capacity factor's ±0.0005 was `weibull_mwh`'s)
    stated = stated_tolerance(_CHECKLIST)
    assert stated.band_at(("aep", "weibull_mwh"), 13900.21) > 13.8
    assert stated.band_at(("weibull", "k"), 2.0) > 0.0019
    assert stated.band_at(("data", "mean_speed_ms"), 7.61) == 0.001
    assert stated.band_at(("aep", "capacity_factor"), 0.44) == 0.0005
    assert not stated.general and not stated.states_for(("data", "valid_records"))
    # a band stated after the formula's keys, in a sentence that defines no key first, is still theirs
    loose = stated_tolerance("The ratio of `weibull_mwh` to `rated_kw` must be within ±0.0005.\n")
    assert loose.band_at(("weibull_mwh",), 13900.0) == 0.0005


_FITS = """\
[T101]
a = 96.335837
b = 0.28374310
half_life_months = 2.442869
usable_months = 15

[T102]
a = 116.643864
b = 0.36103652
half_life_months = 1.128164
usable_months = 20
"""


def _fits_prompt(rule: str) -> str:
    return ("# Decay fits\n\nFit each title's checkouts and write `fits.toml`, one table per title id, with keys "
            "`a`, `b` and `half_life_months`[1][2].\n\nA title with fewer than 6 usable months must not appear in the "
            f"output.\n\n---\n\n[1] {rule}\n\n[2] Tolerances: `a`, `b` and `half_life_months` within 0.5 % relative.\n")


_INNER = "Extra keys inside a table (sample size, SSE, the title text, …) are allowed and ignored; no other top-level keys."

_FITS_GRADER = """\
    doc = tomllib.loads(text)
    want = {"T101": (96.335837, 0.28374310, 2.442869), "T102": (116.643864, 0.36103652, 1.128164)}
    if set(doc) != set(want):
        return False, "titles differ"
    for title, values in want.items():
        for key, value in zip(("a", "b", "half_life_months"), values):
            if not abs(doc[title][key] - value) <= 0.005 * abs(value):
                return False, f"{title} {key} off"
    return True, "all fits within tolerance"
    """


def test_extra_keys_inside_tables_stay_open_where_only_top_level_keys_are_closed(tmp_path):
    # (p206: "Extra keys inside a table (sample size, SSE, ...) are allowed and ignored; ...; no other top-level keys"
    # beside a reference carrying `usable_months`, whose words the prompt's prose says: a far number there, and the
    # last line cut off with a digit of `half_life_months` inside its band, were fails)
    prompt = _fits_prompt(_INNER)
    assert keys_closed(prompt) and "Extra keys inside a table" in inner_grant(prompt)
    assert doubt(prompt, "line 5", ("usable_months",))[0] == "warn"
    assert doubt(prompt, "line 4", ("half_life_months",)) is None
    allows = read_prompt(prompt)
    cut = _FITS[:_FITS.rindex("1.128164") + 7]
    assert "half_life_months" in _cut_open_tail(_FITS, cut, prompt, allows)
    assert _cut_open_tail(_FITS, _FITS[:_FITS.rindex("1.128164") + 3], prompt, allows) is None  # (1.1: outside)
    sound = _task(tmp_path, "fits", "fits.toml", _FITS, prompt, _FITS_GRADER)
    assert not _fails(_fuzz(sound)), _fails(_fuzz(sound))


def test_a_closing_of_more_than_the_top_level_opens_no_inner_key():
    # its twins: every key closed, or a refusal that is not the top level's alone, open nothing inside
    for rule in ("Extra keys inside a table are allowed; no other keys.",
                 "Extra keys are fine inside a table but not at the top level.",
                 "Use exactly these keys; extra keys inside a table are rejected."):
        prompt = _fits_prompt(rule)
        assert inner_grant(prompt) == "", rule
        assert doubt(prompt, "line 5", ("usable_months",)) is None, rule
    # a tree's top-level key stays closed under an inner grant
    tree = "Write `fits.json` with keys `a` and `b` per title. Extra keys inside an object are ignored; no other top-level keys."
    assert doubt(tree, "at $.T101.usable_months")[0] == "warn"
    assert doubt(tree, "at $.generated_by") is None


def test_a_grader_ignoring_a_listed_key_inside_tables_still_fails(tmp_path):
    # the flawed twin: `half_life_months` never compared is a finding, whatever the inner grant frees
    grader = _FITS_GRADER.replace('("a", "b", "half_life_months")', '("a", "b")')
    flawed = _task(tmp_path, "fits_flawed", "fits.toml", _FITS, _fits_prompt(_INNER), grader)
    assert any("half_life_months" in f or "line 4" in f or "line 10" in f for f in _fails(_fuzz(flawed))), \
        _fails(_fuzz(flawed))
