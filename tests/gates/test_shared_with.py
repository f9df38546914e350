"""shared_with(text, values) keeps exactly the values that distinctive("text", text) also holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from artifactbench.gates.leaks._values import distinctive, shared_with

TOKENS = st.sampled_from(["812.5", "812.50", "8125", "0.030", "1e3", "-42.75", "ORD-4471", "alpha", "Alpha",
                          "total", "id", "2023-10-15", "3.14159", "x", "beta_value", "12", "+812.5", "nan"])
TEXTS = st.lists(TOKENS, max_size=30).map(" ".join)


@settings(max_examples=300, derandomize=True)
@given(reference=TEXTS, visible=TEXTS)
def test_the_same_values_as_minus_of_the_whole_distinctive_set(reference, visible):
    answer = distinctive("text", reference)
    assert answer.minus(shared_with(visible, answer)) == answer.minus(distinctive("text", visible))
