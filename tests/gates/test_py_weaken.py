"""py_weaken: which comparisons and guards of a reference module the probe changes, by what the prompt states
(every acceptance a warn: an outside review built six sound tasks whose change altered nothing)."""

from __future__ import annotations

from artifactbench.gates.fuzz._py_weaken import MAX_MUTANTS, weakenings

MODULE = '''from datetime import date


def in_force(effective, expiration, loss):
    start = date.fromisoformat(effective)
    end = date.fromisoformat(expiration)
    when = date.fromisoformat(loss)
    if when < start or when > end:
        return False
    return True


def next_runs(count):
    out = []
    while len(out) < count:
        out.append(len(out))
    return out


def to_isbn10(s):
    if not s.startswith("978"):
        return None
    return s[3:12]
'''
TERM = "Return True when the loss is inside the term. The term includes **both** the effective date and\nthe expiration date."


def _whats(prompt: str) -> list[str]:
    return [what for what, _, _ in weakenings(MODULE, prompt)]


def test_a_bound_the_prompt_states_is_flipped_where_it_decides_what_is_returned():
    whats = _whats(TERM)
    assert whats == ["line 8: `when < start` with < as <=", "line 8: `when > end` with > as >="]
    text = dict((w, t) for w, t, _ in weakenings(MODULE, TERM))[whats[1]]
    assert "if when < start or when >= end:" in text
    # a loop's bound is never flipped, whatever the prompt says of `count`
    assert not any("len(out)" in w for w in _whats("Return at most `count` runs, strictly after `count`."))


def test_no_bound_word_or_no_named_value_no_change():
    assert _whats("Return True when the loss is inside the term.") == []
    assert _whats("The range is inclusive.") == []  # (names nothing the comparison reads)


def test_a_guard_is_taken_out_where_the_prompt_says_what_its_case_gives():
    prompt = "A valid `978` ISBN-13 is converted. A `979` ISBN-13 has no ISBN-10, so it gives `None`."
    found = weakenings(MODULE, prompt)
    assert [w for w, _, _ in found] == ['line 21: the guard `if not s.startswith("978"):` taken out']
    assert "    pass\n    return s[3:12]" in found[0][1]
    # the literal alone, with nothing said of what the case gives, is no statement of the case
    assert weakenings(MODULE, "Numbers start with `978`.") == []
    # a list item's number is no literal of the text
    assert weakenings("def f(s):\n    if len(s) < 4:\n        return None\n    return s\n",
                      "4. The BBAN follows; otherwise return `None`.") == []


def test_odd_sources_give_no_change():
    assert weakenings("def f(:\n", "inclusive") == []
    assert weakenings("", "The term includes both ends.") == []
    assert weakenings("x = 1 if a <= b else 2\n", "`a` inclusive") == []  # (module level: no function)


def test_review_repro_a_hostile_module_and_prompt_are_read_quickly():
    """An outside review: 1000 guards reading 100 names each against 200 sentences with a bound word took
    295 s; the names are looked up in each sentence lower-cased once, a bounded number of them."""
    import time

    names = " + ".join(f"qq{i}x" for i in range(100))
    module = "def f(" + ", ".join(f"qq{i}x" for i in range(100)) + ", www):\n    vvv = " + names + "\n" + \
        "".join("    if vvv < www:\n        return None\n" for _ in range(1000)) + "    return 1\n"
    prompt = " ".join("The qq1x value is inclusive of www and vvv." for _ in range(200)) * 4
    started = time.monotonic()
    weakenings(module, prompt)
    assert time.monotonic() - started < 10


SWITCH = '''OPEN_AT = 28.0
CLOSE_AT = 25.0


def run(readings):
    is_open = False
    out = []
    for r in readings:
        temp = r["temp_c"]
        if is_open:
            if temp <= CLOSE_AT:
                is_open = False
        elif temp >= OPEN_AT:
            is_open = True
        if temp > 99:
            out.append(None)
        out.append(is_open)
    return out
'''


def test_a_state_switch_is_flipped_where_the_sentence_gives_its_threshold():
    # blind p96: "Switch to open when `temp_c` is at or above 28.0" over `elif temp >= OPEN_AT: is_open = True`,
    # whose tests never read 28.0 exactly; the switch decides no return, so only the stated number selects it
    prompt = ("Switch to *open* when `temp_c` is at or above 28.0. Once open, stay open until `temp_c` is at or\n"
              "below 25.0. A reading of 99 or more is an error.")
    whats = [what for what, _, _ in weakenings(SWITCH, prompt)]
    assert whats == ["line 11: `temp <= CLOSE_AT` with <= as <", "line 13: `temp >= OPEN_AT` with >= as >"]
    # no number in the sentence (or another one), or a name bound twice: nothing
    assert weakenings(SWITCH, "Switch to open when `temp_c` is at or above the limit.") == []
    assert weakenings(SWITCH, "Switch to open when `temp_c` is at or above 28.5.") == []
    assert weakenings(SWITCH.replace("CLOSE_AT = 25.0\n", "CLOSE_AT = 25.0\nOPEN_AT = 29.0\n"),
                      "Switch to open when `temp_c` is at or above 28.0.") == []


def test_review_repro_a_state_switch_crowds_out_no_comparison_that_decides_a_return():
    n = MAX_MUTANTS  # (a switch with as many thresholds as are graded, the last one annotated)
    values = [10.0 + k for k in range(n - 1)] + [-5.0]
    constants = "".join(f"L{k} = {v}\n" for k, v in enumerate(values[:-1])) + f"L{n - 1}: float = -5.0\n"
    switch = "\n".join(f"    elif temp >= L{k}:\n        s = {k}" for k in range(n))
    module = (f"{constants}\n\ndef step(temp):\n"
              f"    s = 0\n    if temp < -9:\n        s = -1\n{switch}\n    return s\n\n\ndef late(due, done):\n"
              "    if done > due:\n        return True\n    return False\n")
    prompt = (f"The state moves when `temp` is at or above {', '.join(map(str, values))}. A return is late "
              "when `done` is strictly after `due`.")
    whats = [what for what, _, _ in weakenings(module, prompt)]
    assert len(whats) == n and "`done > due`" in whats[0]  # (first, whatever the switch holds)
    last = f"`temp >= L{n - 1}` with >= as >"
    assert not any(last in w for w in whats)  # (the last flip of the switch: over the cap)
    negative = module.replace("L0 = 10.0", "L0 = 99.0")  # (10.0 no longer said: the annotated last is reached)
    assert any(last in w for w, _, _ in weakenings(negative, prompt))


DESK = '''def lanes_for(cars, lanes):
    if lanes >= cars:
        return [1] * cars + [0] * (lanes - cars)
    return [cars // lanes + (i < cars % lanes) for i in range(lanes)]


def sails_on(day, closures):
    if day.weekday() == 6 or day in closures:
        return False
    return True


def pick(items, it):
    if next(it) >= len(items):
        return None
    if not items:
        return None
    elif len(items) >= 3:
        return items[0]
    return sorted(items, key=lambda v: (-v["length_m"], v["plate"]))
'''
DESK_PROMPT = ("If there are at least as many lanes as cars, each car gets a lane of its own. A date listed in "
               "`closures` is not a sailing day. Vehicles of equal length board in ascending `plate` order.")


def test_a_case_a_test_must_reach_gets_a_raise_and_a_tie_break_is_taken_out():
    found = {w: t for w, t, _ in weakenings(DESK, DESK_PROMPT)}
    assert list(found) == ["line 2: a raise where `lanes > cars`, the guard `if lanes >= cars:` past equals",
                           "line 8: a raise where `or day in closures` decides the guard",
                           "line 20: the sort key's last part `v[\"plate\"]` taken out"]
    raised = found["line 2: a raise where `lanes > cars`, the guard `if lanes >= cars:` past equals"]
    assert "    if (lanes) > (cars):\n        raise BaseException(" in raised and "    if lanes >= cars:\n" in raised
    closed = found["line 8: a raise where `or day in closures` decides the guard"]
    assert "    if not (day.weekday() == 6) and (day in closures):\n        raise" in closed
    assert 'key=lambda v: (-v["length_m"],))' in found["line 20: the sort key's last part `v[\"plate\"]` taken out"]
    # nothing the prompt does not state: no tie sentence, no "at least", no closure said
    assert weakenings(DESK, "Cars go round-robin from lane 0.") == []


def test_no_raise_before_an_elif_or_a_test_that_draws_something():
    # `next(it)` evaluated twice would draw twice; an `elif` has no line of its own to put a raise on
    prompt = "Give None when there are at least as many `it` as `items` or when `items` has 3 or more."
    assert not any("raise" in w for w, _, _ in weakenings(DESK, prompt))

