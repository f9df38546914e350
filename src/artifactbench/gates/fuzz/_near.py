"""number_near: a number moved just beyond the accuracy the prompt demands of the answer.

The other number kinds move values far (10x + 1000), so a grader whose tolerance is a thousand times
looser than the prompt's "within 1e-8" passes them all. This kind moves one non-integer value of the
reference by FACTORS times the band the prompt states (StatedTolerance: abs + rel * |x|, a value the
prompt does not call absolute or relative counting as both, so the reading is the loosest one). A
grader that accepts the move accepts an answer the prompt calls wrong: at 100x or 16x a fail, at only 8x
a warning (a grader may keep some slack for the reference's own error, and a band misread from the
prompt's words is more likely off by a few times than by sixteen). 8x, not 10x: a grader exactly 10x
looser than its prompt (0.5% stated, 5% checked) would accept or reject a move of exactly 10x by
rounding, field by field; at 8x it accepts every one. 16x names a grader 20x looser (2% where the prompt
says 0.1%; blind p52).
"""

from __future__ import annotations

import math
import re
from typing import Any


from artifactbench.gates.fuzz._draws import Draws, pick, scout_first
from artifactbench.gates.core import StatedTolerance, singular
from artifactbench.gates.fuzz._formats import NUMBER_RE, TextDoc, as_number
from artifactbench.gates.fuzz._mutation import Mutation, short
from artifactbench.gates.fuzz._text_strategies import config_owners
from artifactbench.gates.fuzz._tree_targets import TreeTargets

FACTORS = (100, 16, 8)  # shrinks towards the first: the report names the largest move accepted
WARN_FACTOR = 8
_FACTOR = re.compile(r", (\d+)x the prompt's tolerance$")


def factor_of(where: str) -> int | None:
    """The factor a number_near mutant's `where` names (None for other kinds)."""
    found = _FACTOR.search(where)
    return int(found.group(1)) if found else None


def near_strategy(t: TreeTargets, stated: StatedTolerance | None) -> Draws | None:
    """None when the prompt states no accuracy or the reference has no non-integer number."""
    if stated is None:
        return None
    cells = t.doc.fmt == "csv"
    pool = []
    for path, old in t.numbers:
        value = as_number(old, numeric_strings=cells)
        integer = isinstance(old, int) or (isinstance(old, str) and not re.search(r"[.eE]", old))
        if value is None or (integer and not whole_in_unit(stated, _keys(path), value)):
            continue  # an integer (a count, an id) is exact, whatever tolerance numbers get
        if stated.band_at(_keys(path), value) > 0 and stated.states_for(_keys(path)):
            pool.append((path, old, value))
    pool = _extremes(pool, lambda c: _keys(c[0]), lambda c: c[2])
    clocks = _extremes([(path, old, band, seconds) for path, old in t.strings
                        if (seconds := clock_seconds(old)) is not None
                        and (band := clock_band(stated, _keys(path), old)) is not None],
                       lambda c: _keys(c[0]), lambda c: c[3])
    if not pool and not clocks:
        return None

    def move(c: tuple, factor: int) -> Mutation:
        if len(c) == 4:  # (a clock time: moved by seconds, written as it was)
            path, old, band, _ = c
            factor, new = _clock_move(old, band, factor)
            mutant = t.set_leaf("number_near", path, old, new)
            return Mutation(mutant.kind, f"{mutant.where}, {factor}x the prompt's tolerance", mutant.old,
                            mutant.new, mutant.text)
        path, old, value = c
        step = factor * stated.band_at(_keys(path), value)
        new = _away(_keys(path), value, step)
        mutant = t.set_leaf("number_near", path, old, _like(old, new, step))
        return Mutation(mutant.kind, f"{mutant.where}, {factor}x the prompt's tolerance", mutant.old,
                        mutant.new, mutant.text)
    # The factor first: a search shrinks to the largest move accepted. A scout tries the smallest move at
    # each field first (a grader too loose at one field accepts it there before any larger move; blind
    # p105: one key of four held to 15 % where the prompt says ±0.15 days, met at 100x and 16x only).
    pool = pool + clocks
    return scout_first(pick(FACTORS).flatmap(lambda f: pick(pool).map(lambda c: move(c, f))),
                       pick(pool).map(lambda c: move(c, WARN_FACTOR)))


# A clock time (`07:27:26`, `7:05`), alone or after a date (`2025-02-10T07:27:26`, `2025-02-10 07:27`), a `Z` after it
_CLOCK = re.compile(r"(\d{4}-\d{2}-\d{2}[T ])?([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(Z?)")
_SECONDS_IN = {"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "min": 60, "mins": 60, "minute": 60,
               "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600}
# the nouns a band is said of that name no one field ("anything within 2 seconds")
_ANY_VALUE = frozenset({"anything", "everything", "value", "answer", "result", "figure", "number", "output", "entry"})
# a sentence that speaks of clock times: where a band in seconds or minutes said of no key of the answer is theirs
_TIMES = re.compile(r"\b(?:times?|clock|timestamps?|hh:mm(?::ss)?)\b", re.IGNORECASE)


def clock_seconds(value: object) -> int | None:
    """A clock time's seconds after midnight (its date aside); None for anything else."""
    found = _CLOCK.fullmatch(value.strip()) if isinstance(value, str) and len(value) < 40 else None
    return None if found is None else int(found.group(2)) * 3600 + int(found.group(3)) * 60 + int(found.group(4) or 0)


def clock_band(stated: StatedTolerance, keys: tuple[str, ...], value: str) -> float | None:
    """The band in seconds the prompt states of a clock time on this path, in a unit of time ("anything within 2
    seconds", "`departs` within ±1 minute"): the loosest said of a key on its path, else the loosest of all such
    bands where one is said of no key or in a sentence about times (blind p297: departures graded within 2
    minutes where the prompt says 2 seconds, and no mutant moved `07:27:26` by seconds). None where none is, where
    the band is finer than the value's last place (a band of seconds on `07:27`), or where a move of 16 times it
    would pass midnight both ways (of 100 times: moved 16 times, see clock_factor)."""
    bands = [(said, value * _SECONDS_IN[unit.lower()]) for said, unit, value, *_ in stated.units
             if unit.lower() in _SECONDS_IN and value > 0]
    nouns = {singular(k.lower()) for k in keys} | {singular(w) for k in keys for w in re.split(r"[_.\-\s]+", k.lower())}
    own = [band for said, band in bands if said and said in nouns]
    # (else only a band said of no key, or of "anything" or times, in a sentence about times: never another field's,
    # "`travel_s` ... within 2 seconds" beside an `eta` whose own "5 minutes" no rule read; review)
    of = dict(stated.said_of)
    shared = [(said, band) for said, band in bands if not said or said in _ANY_VALUE or _TIMES.fullmatch(said)]
    band = max(own) if own else max((b for _, b in shared), default=None) if any(
        not said or _TIMES.search(of.get(said, stated.general_sentence)) for said, _ in shared) else None
    shown = _CLOCK.fullmatch(value.strip())
    if band is None or shown is None or (shown.group(4) is None and band < 60):
        return None
    return band if all(clock_moved(value, f * band) is not None for f in (16, WARN_FACTOR)) else None


def _clock_move(text: str, band: float, factor: int) -> tuple[int, str]:
    """(the factor used, the clock time `text` moved by it times `band`): clock_factor's."""
    factor = clock_factor(text, band, factor)
    return factor, clock_moved(text, factor * band)


def clock_factor(text: str, band: float, factor: int) -> int:
    """`factor`, or the largest of FACTORS below it by which the clock time `text` can be moved without passing
    midnight both ways (a band of 10 minutes is 16 hours at 100x: such bands were never probed; review)."""
    return next((f for f in sorted((*FACTORS, WARN_FACTOR), reverse=True)
                 if f <= factor and clock_moved(text, f * band) is not None), WARN_FACTOR)


def clock_moved(text: str, step: float) -> str | None:
    """The clock time `text` moved later by `step` seconds (earlier where that passes midnight), written as it was:
    in whole seconds, or whole minutes where it shows none."""
    found = _CLOCK.fullmatch(text.strip())
    if found is None:
        return None
    date, hours, minutes, seconds, zone = found.groups()
    step = math.ceil(step) if seconds is not None else 60 * math.ceil(step / 60)
    now = int(hours) * 3600 + int(minutes) * 60 + int(seconds or 0)
    new = now + step if now + step < 86400 else now - step
    if new < 0 or step <= 0:
        return None
    hh, rest = divmod(new, 3600)
    clock = f"{hh:0{len(hours)}d}:{rest // 60:02d}" + (f":{rest % 60:02d}" if seconds is not None else "")
    return text[:len(text) - len(text.lstrip())] + (date or "") + clock + zone + text[len(text.rstrip()):]


# `key = value` or `key: value` with a non-integer number as the whole value (a trailing comment aside); also
# `KEY value`, a word and the number alone on the line (`LAMBDA 56.50`; blind p323)
_KEY_NUMBER = re.compile(r"\s*([A-Za-z_][\w.-]*)(?:\s*[=:]\s*|[ \t]+)([-+]?(?:\d+\.\d*|\.\d+|\d+(?:\.\d*)?[eE][-+]?\d+)"
                         r"(?:[eE][-+]?\d+)?)\s*(?:[#;].*)?")


_ANY_KEY_LINE = re.compile(r"\s*(?:\"[^\"\n]{1,60}\"|'[^'\n]{1,60}'|[A-Za-z_][\w.-]{0,60})\s*(?:=|:\s)")  # (a config line)
_PAIRS_LINE = re.compile(r"\s*(?:[A-Za-z_][\w.-]{0,60}=[^\s=]+\s+)+[A-Za-z_][\w.-]{0,60}=[^\s=]+\s*")
_INLINE_PAIR = re.compile(r"(?<![\w.=-])([A-Za-z_][\w.-]{0,60})=([-+]?\d{1,15}\.\d{1,15})(?![\w.])")


def text_near_strategy(doc: TextDoc, stated: StatedTolerance | None) -> Draws | None:
    """number_near in a text answer: the numbers that are a `key = value` line's whole value (an INI
    or TOML answer read as lines; blind p40: a grader checking 1e-3 where the prompt says 0.01%), and
    the non-integer numbers that are a Markdown table cell's whole value, keyed by their column's header
    (blind p53: a grader checking 1% where the prompt promises ±1 kg). A number in prose has no key the
    band could be scoped by: not drawn."""
    if stated is None:
        return None
    pool = []  # (line, key, span of the number in the line, its text, its value, the keys a band may be said of)
    # (a `[metrics]` table's key under "Each `[metrics]` value is within 0.01 %": its table's names after its own)
    owners = config_owners(doc.lines) if any(_TABLE.match(doc.lines[i]) for i in doc.records[:2000]) else None
    for i in doc.records:
        found = _KEY_NUMBER.fullmatch(doc.lines[i]) or _KEY_INTEGER.fullmatch(doc.lines[i])
        if found is not None and found.re is _KEY_INTEGER and not whole_in_unit(
                stated, (found.group(1),), float(found.group(2))):
            found = None
        if found is None or not NUMBER_RE.fullmatch(found.group(2)):
            # (`key=value` pairs inside a line: `AUDIT 2025-03-14 room_revenue=501.98 tax=86.58`, blind p70;
            # not a `key = value` line's comment or quoted value, `n_bins = 12  # rule of thumb, k=3.3`)
            # (but a line of `KEY=value` tokens only, `WARD=AMU A=41.8000 B=0.043625`, is pairs; blind p277)
            if _ANY_KEY_LINE.match(doc.lines[i]) and not _PAIRS_LINE.fullmatch(doc.lines[i][:2000]):
                continue
            for pair in _INLINE_PAIR.finditer(doc.lines[i][:2000]):
                value = float(pair.group(2))
                if stated.band_at((pair.group(1),), value) > 0 and stated.states_for((pair.group(1),)):
                    pool.append((i, pair.group(1), pair.span(2), pair.group(2), value, (pair.group(1),)))
            continue
        value = float(found.group(2))
        owner = owners[i] if owners is not None and i < len(owners) else None
        keys = (found.group(1), *(t for t in reversed(owner[0].split(".")) if t)) if owner else (found.group(1),)
        if math.isfinite(value) and stated.band_at(keys, value) > 0 and stated.states_for(keys):
            pool.append((i, found.group(1), found.span(2), found.group(2), value, keys))
    cells = [*_table_cells(doc.lines), *column_cells(doc.lines)]
    taken = {i for i, *_ in cells} | {c[0] for c in pool}
    for i, key, span, text in [*cells, *headerless_cells(doc.lines, taken)]:
        value = float(text)
        if _WHOLE.fullmatch(text) and not whole_in_unit(stated, (key,), value):
            continue  # (a whole number only in a column named for the band's unit: `margin_s`; blind p357)
        if math.isfinite(value) and stated.band_at((key,), value) > 0 and stated.states_for((key,)):
            pool.append((i, key, span, text, value, (key,)))
    pool = _extremes(pool, lambda c: c[1], lambda c: c[4]) + _text_clocks(doc, stated)
    if not pool:
        return None

    def move(c: tuple, factor: int) -> Mutation:
        if len(c) == 5:  # (a clock time: moved by seconds, written as it was)
            i, key, (start, end), text, band = c
            lines = list(doc.lines)
            factor, new = _clock_move(text, band, factor)
            lines[i] = lines[i][:start] + new + lines[i][end:]
            place = f"key '{key}'" if key else f"clock time {text}"
            return Mutation("number_near", f"line {i + 1}, {place}, {factor}x the prompt's tolerance",
                            short(text), short(new), doc.render(lines))
        i, key, (start, end), text, value, keys = c
        step = factor * stated.band_at(keys, value)
        new = _like(text, _away(keys, value, step), step)
        new = "+" + new if text.startswith("+") and not new.startswith(("-", "+")) else new  # (`+0.844`)
        lines = list(doc.lines)
        lines[i] = lines[i][:start] + new + lines[i][end:]
        return Mutation("number_near", f"line {i + 1}, key '{key}', {factor}x the prompt's tolerance",
                        short(text), short(new), doc.render(lines))
    return scout_first(pick(FACTORS).flatmap(lambda f: pick(pool).map(lambda c: move(c, f))),
                       pick(pool).map(lambda c: move(c, WARN_FACTOR)))  # (see near_strategy)


# a clock time as a whole token of a text answer's line (`R09 07:14:05`, `depart = "07:14"`), not in prose's `07:14.`
_CLOCK_TOKEN = re.compile(r"(?<![\w:.\-])(?:\d{4}-\d{2}-\d{2}T)?\d{1,2}:\d{2}(?::\d{2})?Z?(?![\w:.\-])")
_KEY_CLOCK = re.compile(r"\s*([A-Za-z_][\w.-]*)\s*[=:]\s*[\"']?([^\s\"']+)[\"']?\s*(?:[#;].*)?")
MAX_CLOCK_TOKENS = 8  # words on a line of records (`R09 07:14:05`): a longer line is prose


def _text_clocks(doc: TextDoc, stated: StatedTolerance) -> list[tuple]:
    """(line, key, span, text, band) of the clock times a text answer's lines hold where the prompt states a band in
    seconds or minutes that is theirs (`clock_band`): a `key = value` line's whole value, keyed by it, or a word of a
    short line whose shape (its other words, any id as any other, and the clock's place among them) at least one
    other line shares: a list of records (blind p297's `R01 07:27:26`), not a header's `generated 07:00`. The
    earliest and the latest of each key or shape."""
    found: dict[tuple, list[tuple]] = {}
    for i in doc.records[:MAX_TABLE_ROWS * 5]:
        line = doc.lines[i]
        if len(line) > 2000 or ":" not in line:
            continue
        keyed = _KEY_CLOCK.fullmatch(line)
        if keyed is not None and clock_seconds(keyed.group(2)) is not None:
            words = keyed.group(2)
            found.setdefault(("key", keyed.group(1)), []).append((i, keyed.group(1), keyed.span(2), words))
            continue
        words = line.split()
        if len(words) > MAX_CLOCK_TOKENS:
            continue
        for m in _CLOCK_TOKEN.finditer(line):
            # (the line's other words as they read, an id's as any id: `R01 07:27:26` and `R02 07:26:55` are one shape,
            # `generated 06:00:00` another)
            place = len(line[:m.start()].split())
            shape = tuple("<id>" if re.search(r"\d", w) else w.lower() for k, w in enumerate(words) if k != place)
            found.setdefault(("shape", place, shape), []).append((i, "", m.span(), m.group()))
    out = []
    for (what, *_), items in found.items():
        if what == "shape" and len({i for i, *_ in items}) < 2:
            continue
        kept = [(i, key, span, text, band) for i, key, span, text in items
                if (band := clock_band(stated, (key,) if key else (), text)) is not None]
        out += _extremes(kept, lambda c: c[1], lambda c: clock_seconds(c[3]))
    return out


_TABLE = re.compile(r"\s*\[\[?[^\[\]\n]{1,80}\]\]?\s*(?:#.*)?$")
_KEY_INTEGER = re.compile(r"\s*([A-Za-z_][\w.-]*)\s*[=:]\s*([-+]?\d{1,15})\s*(?:[#;].*)?")
# a unit right after a stated value: "within ±2 kg (±3 L for litres)"
_STATED_UNIT = re.compile(r"\d(?:\.\d+)?\s?([A-Za-z]{1,5})\b")


def whole_in_unit(stated: StatedTolerance, keys: tuple[str, ...], value: float) -> bool:
    """An integer is moved as the numbers a band is stated of are where its key ends in a unit of the band's kind, or
    the band is a whole unit or more and the number's key names the unit the band is stated in (`trip_fuel_kg` under
    "within ±2 kg"; blind p68: a grader comparing within 2% where the prompt says ±2 kg): a count or an id names no
    unit."""
    own = keys[:2] if keys and re.search(r"\d", keys[0]) else keys[:1]
    # (a key ending in a unit of the band's kind, `margin_s` under "deviates by not more than 1 second" (blind p357),
    # `total_l` under "within half a litre (0.5 L)" (blind p379): a measurement, whole or not)
    if stated.unit_named(own) and not any({p.lower() for p in re.split(r"[_.\-\s]+", key) if p} & _COUNTS
                                          for key in own):
        return True
    if stated.band_at(keys, value) < 1:
        return False
    units = {u.lower() for u in _STATED_UNIT.findall(stated.sentence)} - {"of", "in", "or", "and", "on", "at",
                                                                         "to", "for", "the", "a", "an"}
    # (its own key, or the one above an id's: `{"fuel_kg": {"NX1": 5120}}`; not a count or an id, `n_kg_bins`,
    # `kg_id`, nor a count under a unit's name, `{"kg_totals": {"bins": 5}}`)
    for key in own:
        parts = {p.lower() for p in re.split(r"[_.\-\s]+", key) if p}
        if units & parts:
            return not parts & _COUNTS
    # (a key naming no unit, where the prompt says the answer's numbers are in the band's unit: "objects mapping
    # ingredient name to grams", "each amount within ±1 gram"; blind p225, a grader 5% relative)
    return any(stated.measures(u) for u in units) and not any(
        {p.lower() for p in re.split(r"[_.\-\s]+", key) if p} & _COUNTS for key in keys[:2])


_COUNTS = frozenset({"n", "id", "ids", "no", "num", "count", "year", "index", "idx", "seq", "rank", "pieces", "qty",
                     "quantity", "items"})


RULE_ROW = re.compile(r"\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*")  # a Markdown table's rule row
# a number (an integer cell is a count or an id, unless its column names the band's unit: `whole_in_unit`)
_CELL_NUMBER = re.compile(r"[-+]?(?:\d+\.\d+|\.\d+|\d{1,15})")
_WHOLE = re.compile(r"[-+]?\d+")
MAX_TABLE_ROWS = 2000


def _bars(line: str) -> list[int]:
    """Where the cell borders of a Markdown table row are: its `|`s, not an escaped `\\|` nor one inside a
    code span."""
    out, code, k = [], False, 0
    while k < len(line):
        ch = line[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "`":
            code = not code
        elif ch == "|" and not code:
            out.append(k)
        k += 1
    return out


def _table_cells(lines: tuple[str, ...] | list[str]) -> list[tuple[int, str, tuple[int, int], str]]:
    """(line, column header, span, text) of each Markdown table cell that is a number alone (`| 117726.3 |`), in the rows below a header and its rule row (the first MAX_TABLE_ROWS rows)."""
    out: list[tuple[int, str, tuple[int, int], str]] = []
    header: list[str] | None = None
    rows = 0
    for i, line in enumerate(lines):
        text = line.strip()
        if not text.startswith("|"):
            header = None
            continue
        if RULE_ROW.fullmatch(text) and i > 0 and lines[i - 1].strip().startswith("|"):
            above = lines[i - 1]
            marks = _bars(above)
            header = [above[a + 1:b].strip().strip("*_` ") for a, b in zip(marks, marks[1:])]
            continue
        if header is None or rows >= MAX_TABLE_ROWS:
            continue
        rows += 1
        bars = _bars(line)
        if len(bars) - 1 != len(header):  # (a row of another width: its cells cannot be told by column)
            continue
        label = _row_label(header, line[bars[0] + 1:bars[1]]) if len(bars) > 2 else None
        for n, (a, b) in enumerate(zip(bars, bars[1:])):
            cell = line[a + 1:b]
            found = _CELL_NUMBER.fullmatch(cell.strip())
            if found is None or n >= len(header) or not header[n]:
                continue
            start = a + 1 + cell.index(cell.strip())
            key = label if label is not None and _VALUE_HEAD.fullmatch(header[n]) else header[n]
            out.append((i, key, (start, start + len(cell.strip())), cell.strip()))
    return out


# a table of named values: `| quantity | value | units |`, whose value cells are keyed by their row's name
_NAME_HEAD = re.compile(r"(?:quantity|parameter|metric|name|key|field|statistic|item|variable|measure)s?", re.IGNORECASE)
_VALUE_HEAD = re.compile(r"(?:value|estimate|result|figure|amount)s?", re.IGNORECASE)


def _row_label(header: list[str], first: str) -> str | None:
    """The name a row of a name|value table gives its value cell (`| sse | 0.2121 | - |`: `sse`; blind p371), where
    the table's first column names and another holds values; None else."""
    label = first.strip().strip("`*_ ")
    if len(header) < 2 or not _NAME_HEAD.fullmatch(header[0]) or not any(_VALUE_HEAD.fullmatch(h) for h in header[1:]) \
            or not re.fullmatch(r"[A-Za-z_][\w.()/-]{0,40}", label):
        return None
    return label


_HEADER_WORD = re.compile(r"[A-Za-z_][\w.%/()-]{0,40}")
_COLUMN_NUMBER = re.compile(r"[-+]?(?:\d+\.\d+|\.\d+|\d{1,15})")
_FRACTION = re.compile(r"[-+]?(?:\d+\.\d+|\.\d+)")


def column_cells(lines: tuple[str, ...] | list[str]) -> list[tuple[int, str, tuple[int, int], str]]:
    """(line, column header, span, text) of each number alone in a column of a plain table: a line of two or more
    header words (`rank film adjusted raw_mean n_scores`, or a comment's `# lpn status margin_s`) over rows of as many
    whitespace-separated cells (`1  C04  8.573  8.500  6`), read until a line of another width (blind p234: a grader
    10x looser than "within 0.005" on such rows). The first MAX_TABLE_ROWS rows."""
    out: list[tuple[int, str, tuple[int, int], str]] = []
    header: list[str] | None = None
    rows = 0
    for i, line in enumerate(lines):
        if rows >= MAX_TABLE_ROWS:
            break
        if len(line) > 2000:
            header = None
            continue
        cells = [(m.start(), m.end()) for m in re.finditer(r"\S+", line)]
        words = [line[a:b] for a, b in cells]
        if header is not None and len(words) == len(header) and "|" not in line and "=" not in line:
            numbers = [(n, a, b) for n, (a, b) in enumerate(cells) if _COLUMN_NUMBER.fullmatch(line[a:b])]
            if numbers:
                rows += 1
                # (a table of two columns whose first names each row, `parameter estimate` over `intercept 1.92`: the
                # row's name is the number's key, as a `key = value` line's is; review)
                label = words[0] if len(header) == 2 and _HEADER_WORD.fullmatch(words[0]) \
                    and not any(ch.isdigit() for ch in words[0]) else None
                out += [(i, label or header[n], (a, b), line[a:b]) for n, a, b in numbers]
                continue
        if words and words[0].startswith("#"):  # (a comment naming the columns: `# lpn status margin_s`)
            words = ([words[0].lstrip("#")] if words[0].strip("#") else []) + words[1:]
        header = words if len(words) >= 2 and all(_HEADER_WORD.fullmatch(w) for w in words) \
            and "|" not in line and "=" not in line and not line.rstrip().endswith((".", ":")) else None
        if header is not None and i + 1 < len(lines) and len(lines[i + 1].split()) != len(header):
            header = None
    return out


MIN_PLAIN_ROWS = 3
_ROW_SPLIT = re.compile(r"[^\s,]+")


def headerless_cells(lines: tuple[str, ...] | list[str], taken: set[int]) -> list[tuple[int, str, tuple[int, int], str]]:
    """(line, `column N`, span, text) of each non-integer number of a later column of headerless rows: a run of at least
    MIN_PLAIN_ROWS lines (not in `taken`, the lines a header names) of as many whitespace- or comma-separated cells,
    no `|`, `=` or `:` (`S026 Alto 45.5 at-risk`; blind p329: a grader 40x looser than "±0.05" on such rows). The
    first MAX_TABLE_ROWS rows."""
    out: list[tuple[int, str, tuple[int, int], str]] = []
    run: list[tuple[int, list[tuple[int, int]]]] = []

    def close() -> None:
        if len(run) >= MIN_PLAIN_ROWS:
            for i, cells in run:
                out.extend((i, f"column {n + 1}", (a, b), lines[i][a:b]) for n, (a, b) in enumerate(cells)
                           if n and _FRACTION.fullmatch(lines[i][a:b]))
        run.clear()
    for i, line in enumerate(lines[:MAX_TABLE_ROWS * 2]):
        stripped = line.strip()
        if i in taken or not stripped or len(line) > 2000 or re.search(r"[|=:]", stripped) \
                or ("," in stripped and " " in stripped):
            close()
            continue
        cells = [(m.start(), m.end()) for m in _ROW_SPLIT.finditer(line)]
        if len(cells) < 2 or (run and len(run[-1][1]) != len(cells)):
            close()
        if len(cells) >= 2:
            run.append((i, cells))
    close()
    return out


def _extremes(pool: list, key_of, value_of) -> list:  # noqa: ANN001
    """Of each key's numbers, the largest and the smallest in size: where a grader's band parts most
    from the prompt's. A relative band checked where the prompt states an absolute one is loosest at the
    largest value (blind p58: 0.1% of a $26,400 deductible where the prompt says ±$0.50), an absolute one
    where it states a relative one at the smallest; in between, a band of the same kind is as loose."""
    out: dict = {}
    for c in pool:
        key, size = key_of(c), abs(value_of(c))
        low, high = out.get(key, (c, c))
        out[key] = (c if size < abs(value_of(low)) else low, c if size > abs(value_of(high)) else high)
    return [c for low, high in out.values() for c in dict.fromkeys((high, low), None)] if out else []


# what a fit minimises: `sse`, `rss`, `chi2`, `loss`, `objective` (a grader may check only that it is no worse than the best)
_MINIMISED = frozenset({"sse", "rss", "ssr", "ssq", "wsse", "chi2", "chisq", "loss", "objective", "misfit", "nll"})


def _away(keys: tuple[str, ...], value: float, step: float) -> float:
    """`value` moved by `step` away from zero; a minimised quantity's (`sse`) towards it, where it stays at or above
    zero: a reported SSE below the best fit's is as wrong as one above, and only a grader that takes it on the
    answer's word (`sse <= best * 1.005`) accepts it (blind p371)."""
    if keys and value > 0 and value - step >= 0 and _MINIMISED & set(re.split(r"[_.\-\s]+", keys[0].lower())):
        return value - step
    return value + step if value >= 0 else value - step


def _keys(path: tuple) -> tuple[str, ...]:
    """The keys on a number's path, the innermost first (a band stated of `heads` is the band of J1)."""
    return tuple(step for step in reversed(path) if isinstance(step, str))


def _like(old: Any, new: float, step: float) -> Any:
    """`new` written as `old` is (a float, or a numeric string), with the digits that show the move."""
    if not isinstance(old, str):
        return int(new) if isinstance(old, int) and float(new).is_integer() else float(new)
    text = old.strip()
    if "e" in text.lower() or not math.isfinite(new):
        return repr(new)
    shown = len(text.split(".", 1)[1]) if "." in text else 0
    if abs(round(new, shown) - new) <= 0.005 * step:
        return f"{new:.{shown}f}"  # (as many decimals as it had, where they show the move: `877.47` -> `877.55`)
    needed = max(0, 3 - math.floor(math.log10(step))) if step > 0 else shown  # (rounding: < 0.5% of it)
    return f"{new:.{max(shown, needed)}f}"
