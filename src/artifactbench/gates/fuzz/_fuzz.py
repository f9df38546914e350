"""The fuzz gate: a search for a meaning-changing mutant the grader accepts.

Per mutation kind, a scout grades the first mutants in a seeded order (_draws.scout) through the task's
GraderSession; where one is accepted, `hypothesis.find` (seeded from the instance_id, example database
off) finds it again and shrinks it. An accepted mutant is a finding, reported as that minimal example:
which record, which field, old value, new value.
"""

from __future__ import annotations

import difflib
import itertools
import math
import random
import re
import time
import tomllib
import warnings
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import HypothesisWarning, NoSuchExample, Unsatisfiable, UnsatisfiedAssumption

from artifactbench.gates.core import (
    FINDING, OK, SKIPPED, WARNING, FuzzBudget, cap, columns_beyond, counts, doubt, error_text, example_extras, finish,
    fuzz_budget, headings_only, list_key_of, map_keys, prose_paragraphs, raise_site, record_map, reference_text, sentences,
    scenario_extras, singular, stateful_case, where_paths, whole_token,
)
from artifactbench.gates.fuzz._bool_number import NAME as BOOLS, bool_number_case, bool_number_probe
from artifactbench.gates.fuzz._classes import same_class
from artifactbench.gates.fuzz._comments import has_comments, program
from artifactbench.gates.fuzz._constant_query import NAME as CONSTANT, ORDER as QUERY_ORDER, constant_query_cases
from artifactbench.gates.fuzz._sql_weaken import NAME as WEAKEN, sql_weaken_case
from artifactbench.gates.fuzz._py_weaken import NAME as PY_WEAKEN, py_weaken_case
from artifactbench.gates.fuzz._py_fields import NAME as PY_FIELD, py_field_case
from artifactbench.gates.fuzz._constant_script import NAME as SCRIPT, constant_script_case, shell_script
from artifactbench.gates.fuzz._draws import scout
from artifactbench.gates.fuzz._examples_only import NAME as EXAMPLES, examples_case, memorizers
from artifactbench.gates.fuzz._formats import TreeDoc, format_for, format_of, parse, rerender
from artifactbench.gates.fuzz._mutation import DAY_MOVED, GAP_MOVED, ISO_DAY, Mutation, short
from artifactbench.gates.fuzz._near import FACTORS, RULE_ROW as _RULE_ROW, WARN_FACTOR, factor_of
from artifactbench.gates.fuzz._policy import load_policy
from artifactbench.gates.fuzz._quota import widened
from artifactbench.gates.fuzz._sampling import hypothesis_home
from artifactbench.gates.fuzz._reference import (
    KEY_VALUE, ONCE, Reference, header_cells, line_key, markdown_headings, rows_unordered, text_field, top_level_swap,
)
from artifactbench.gates.fuzz._strategies import kinds_for, mutation_draws
from artifactbench.gates.fuzz._text_strategies import (
    CODE_LINE_TRIES, KEEPS_ITS_ID, LIST_MARKS, LIST_ITEMS_SWAPPED, SECTIONS_SWAPPED, comment_at as _comment_at, config_owners,
    config_sections, list_key, listed_lines, states_layout,
)
from artifactbench.gates.fuzz._ties import NAME as TIES, tie_case, tie_probes, tie_sentence
from artifactbench.gates.fuzz._tree_records import holds_nothing
from artifactbench.gates.fuzz._grader_bands import NAME as GRADER_BAND, grader_band_case
from artifactbench.gates.fuzz._keep_total import PAIRED, SHIFTED
from artifactbench.gates.fuzz._within import NAME, ROUNDING, within_case, within_probes
from artifactbench.gates.core import ALSO_DIFFER, ORDER_KINDS, CaseResult, CheckResult, TaskContext, common_ends, fenced_blocks, read_prompt
from artifactbench.gates.core import field_names, sentences, stated_tolerance, uncommented
from artifactbench.errors import ArtifactBenchError


def _day_band(prompt: str, where: str) -> str:
    """The sentence of the prompt that lets the date a mutant moved be a day off (""): a band of days said with an
    acceptance ("a crossing date within ±1 day is accepted"), or the date being the run's own ("`generated_on`: the date
    you run your script"), said of the field the mutant changed or of the answer's dates. Not a rule of the data ("tickets
    resolved within 1 day are marked FAST"), nor a warning ("being off by one day is the classic mistake"; review)."""
    names = {n.lower() for n in field_names(where)[-1:]}  # (the field itself, not the records above it)
    names |= {n.replace("_", " ") for n in names}
    for sentence in sentences(prompt):
        lowered = sentence.lower()
        if not (any(n and n in lowered for n in names) or re.search(r"\bdates?\b", lowered)):
            continue
        subject = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n) or "dates?"
        # (or the band right after the dates it is of: "- snow-free dates within **±1 day** of the model's", in a list of
        # how the answer is checked; blind p334)
        held = re.search(rf"\b(?:dates?|{subject})\b[^.;\n]{{0,40}}?\bwithin\s*[*_]*\s*(?:±|\+/-|plus\s+or\s+minus)?\s*"
                         r"(?:one|1|a|two|2|three|3)\s+(?:calendar\s+|whole\s+)?days?\b", sentence, re.IGNORECASE)
        if _RUN_DATE.search(sentence) or held or (_DAY_BAND.search(sentence) and _DAY_ACCEPTED.search(sentence)):
            return " ".join(sentence.split())[:160]
    return ""


# the date the answer is written on: "the date you run your script", "today's date", "the run date"
_RUN_DATE = re.compile(r"\bthe\s+date\s+(?:you|the\s+(?:script|program|tool|job))\s+(?:run|ran|execute|generate|produce|write)|"
                       r"\btoday'?s\s+date\b|\bthe\s+(?:current|run|generation|creation)\s+date\b|\bthe\s+date\s+of\s+(?:the\s+)?"
                       r"(?:run|generation)\b", re.IGNORECASE)
_DAY_ACCEPTED = re.compile(r"\b(?:accepted|acceptable|fine|ok|okay|allowed|tolerated|tolerance|counts?\s+as\s+correct|"
                           r"(?:is|are)\s+(?:graded|marked)\s+correct|either\s+way|passes|pass)\b", re.IGNORECASE)
# a band of days the prompt allows a date: "within ±1 day", "one day either way", "off by a day is fine"
_DAY_BAND = re.compile(r"(?:±|\+/-|\+-|plus\s+or\s+minus|within|up\s+to|off\s+by|tolerance\s+of)\s*(?:one|1|a|two|2|three|3|"
                       r"a\s+single)\s+(?:calendar\s+|whole\s+)?days?\b(?!\s+(?:of|after|before|from)\b)|"
                       r"\b(?:a|one)\s+day\s+(?:either\s+way|early\s+or\s+late|off\s+is\s+(?:fine|ok|accepted))\b",
                       re.IGNORECASE)


class _OutOfTime(BaseException):  # not Exception: Hypothesis must not shrink it, just stop
    """The wall-time budget ran out before any accepted mutant was found."""


class _ClearlyRejected(BaseException):
    """The kind is clearly rejected: mutants of CLEAR_AFTER different fields all failed, none raised."""


NOT_RUN = "not run:"  # how a kind skipped for want of time says so
CLEAR_AFTER = 4  # distinct mutated fields (or places), all rejected, after which a kind's search stops
# ... of number_near, whose bands the prompt states field by field: a grader may hold one field of fifteen to a
# looser band (blind p144: every cost figure "within $0.50", graded to 1 %, never drawn among the first four)
NEAR_PLACES = 10
FREE_GRADED = 3  # mutants confined to lines the prompt declares free, graded per kind (to report them)
OPEN_GRADED = 3  # accepted mutants the prompt leaves open, per kind, that take no draw of the kind's budget


def _place(where: str) -> str:
    """The field a mutant touched, whatever its record ("record 2, field 'a.b'" -> "a.b"; a tree's
    "at $.rows[3].qty" -> "at $.rows[#].qty"); a key or step that reads as an id by its shape (`T02`,
    `T05-c2` -> `T#`, `T#-c#`: a title, a copy; not `q1`); with the factor of a number_near move (a
    rejection at 100x says nothing of one at 8x). So the first mutants of a kind reach each field and each
    level of a tree, not four records' copies of one field (blind p79: four counts drawn, never the
    `discrepancy` beside them; p80: four copies dropped, never a title)."""
    fields = re.findall(r"(field|key|column) '([^']+)'", where)
    place = "|".join(_ID_DIGITS.sub(_masked, f) if what == "key" else re.sub(r"\.\d+(?=\.|$)", "", f)
                     for what, f in fields)
    if not place and "$" in where:  # a tree's place: its path, indices and ids aside (of a swap: the first's)
        place = _ID_DIGITS.sub(_masked, re.sub(r"\[\d+\]", "[#]", where.split("<->", 1)[0].strip()))
    place = place or where
    factor = factor_of(where)
    if factor == WARN_FACTOR:
        # (each smallest move its own place: a field's largest and smallest values, which a band misread as
        # relative tells apart, are both reached before larger moves; blind p95's 1 %-relative IRR, met at
        # -6.889 and never at 37.116 once number_near's scout tried 8x first)
        return where
    return place if factor is None or place == where else f"{place}@{factor}x"


_FORMAT_TOKEN = re.compile(r"[^\s<>`]*<[^<>\n`]{1,40}>[^\s<>`]*|[^\s`]+")


def _format_column(prompt: str, reference: str, where: str) -> str:
    """The name the prompt's format line gives the column a column_codes mutant changed (`bin` of `<sku> <quantity>
    <bin>`): a line or code span of `<...>` placeholders only, as many as the changed line has parts; "" if none."""
    found = re.fullmatch(r"line (\d+), column (\d+)", where)
    lines = reference.splitlines()
    if found is None or not 0 < int(found.group(1)) <= len(lines):
        return ""
    width, column = len(lines[int(found.group(1)) - 1].split()), int(found.group(2)) - 1
    for span in re.findall(r"`([^`\n]{3,200})`", prompt[:200_000]) + [b for block in fenced_blocks(prompt)[0][:20]
                                                                     for b in block.splitlines()[:50]]:
        tokens = _FORMAT_TOKEN.findall(span.strip())
        if len(tokens) == width and all("<" in t for t in tokens):
            return re.search(r"<([^<>]+)>", tokens[column]).group(1).strip().replace(" ", "_")
    return ""


def _gap_in_band(mutant: Mutation, allows) -> str:  # noqa: ANN001
    """The sentence of the prompt's stated tolerance where it covers a gap_change move (GAP_MOVED), else ""."""
    stated = allows.stated
    if stated is None:
        return ""
    try:
        old, new = float(mutant.old.strip("'\"")), float(mutant.new.strip("'\""))
    except ValueError:
        return ""
    # (the list's key, not its item: `spike_minutes` of `field 'spike_minutes.2'`; review)
    keys = tuple(re.sub(r"\.\d+$", "", key) for key in _mutated_keys(mutant.where.replace(GAP_MOVED, "")))
    # (the band every reading of the prompt gives: "anything within 0.01 is fine" said of money may read 1 %, which
    # lets no seq number of `rejected_seqs` move by 5; blind p271)
    return stated.sentence_for(keys) if stated.states_for(keys) and abs(new - old) <= stated.strict_band(old) else ""


def _mutated_keys(where: str) -> tuple[str, ...]:
    """The keys a number_near mutant's `where` names, the innermost first: its field, key or column, or
    the names on its tree path (`at $.clinics.harbour.share_on_time`), ids and indices aside."""
    named = re.findall(r"(?:field|key|column) '([^']+)'", where)
    if named:
        return tuple(reversed(named))
    path = re.search(r"\bat \$\.?(\S+?)(?:,|$)", where)
    steps = re.split(r"[.\[\]]+", path.group(1)) if path else []
    return tuple(step for step in reversed(steps) if step and not _ID_DIGITS.fullmatch(step))


# A name that reads as a record's id rather than a field's: digits with a capital letter or a dash, or
# digits alone (`T02`, `T05-c2`, `RG-08`, `2024-01-03`, `101`; not `q1`, `f0`, `p50_ms`, `beta2`: fields
# apart, which a grader checks or not one by one), as a whole key or path step
_ID_DIGITS = re.compile(r"(?<![^.$'\s\[])[^.\[\]'\s]*\d[^.\[\]'\s]*(?=$|[.\[\]'\s,])")


def _masked(found: re.Match) -> str:
    name = found.group()
    ident = re.fullmatch(r"\d+", name) or (re.search(r"\d", name) and (re.search(r"[A-Z]", name) or "-" in name))
    return re.sub(r"\d+", "#", name) if ident else name


_LINE_DROPS = ("drop_record", "duplicate_record", "replace_record")
# a line's shape: its quoted values, numbers (their signs too) and tokens holding digits masked (`TRAIN 2B41 DEP 06:04`
# and `TRAIN 1C50 DEP 07:15` are one shape; `2B41 -> 1C53 AT EXD` another; blind p236)
_SHAPE = re.compile(r'"[^"]*"|(?<![\w.:-])[-+]?[A-Za-z_]*\d[\w.:/-]*|\d+(?:\.\d+)?')
LINE_SHAPES = 8  # distinct line shapes of a text answer a line kind's scout reaches before its search may stop


# "every legal assignment", "all feasible combinations", "an exhaustive list": the answer is every right list
_ASKS_EVERY = re.compile(r"\b(?:every|all)\b(?:\s+[\w-]+){0,4}?\s+(?:valid|legal|feasible|permissible|possible|allowed|"
                         r"admissible|eligible|acceptable)\b|\bexhaustive(?:ly)?\b|\bcomplete\s+(?:list|enumeration|"
                         r"catalogue|catalog|set)\b|"
                         # ("with **every** four-stake set that passes the constraints"; blind p334)
                         r"\b(?:every|all)\b(?:\s+[\w-]+){0,4}?\s+(?:that|which)\s+(?:pass(?:es)?|meets?|satisf(?:y|ies)|"
                         r"qualif(?:y|ies)|fits?|obeys?)\b|"
                         # ("Every bib in runners.csv exactly once — including runners who never crossed a mat"; p347)
                         r"\b(?:every|each)\s+(?:[\w-]+\s+){0,3}?(?:in|from|of|listed\s+in)\s+`?[\w./-]+\.(?:csv|jsonl?|tsv|txt|"
                         r"ya?ml)`?\s+(?:exactly\s+once|must\s+(?:appear|be\s+(?:listed|there|present))(?!\s+(?:at\s+most|in\s+at\s+most)\b))\b|"
                         # ("I want every place where the read-back did not match"; blind p362; "list all orders whose ...")
                         r"\b(?:I|we)\s+(?:want|need|expect)\s+(?:to\s+see\s+)?(?:every|all)\b(?:\s+[\w-]+){0,3}?\s+(?:where|whose|"
                         r"that|which|in\s+which|with)\b|\b(?:list|report|flag|enumerate|give\s+(?:me|us))\s+(?:every|all)\b"
                         # (not the inputs: "You will find all the data that you need in `specimens.csv`"; review)
                         r"(?!\s+(?:the\s+)?(?:data|information|inputs?|files?|details)\b)"
                         r"(?:\s+[\w-]+){0,3}?\s+(?:where|whose|that|which|in\s+which)\b",
                         re.IGNORECASE)
# ("`rejected` lists the seq of every rejected event, each once"; blind p365): said of the answer's part, not of an
# input file ("`orders.csv` lists every order placed in March"), nor of what the inputs hold
_LISTS_EVERY = re.compile(r"\b(?:lists|names|enumerates)\s+(?:the\s+[\w-]+\s+(?:of|for)\s+)?(?:every|all)\s+"
                          r"(?!(?:the\s+)?(?:data|information|inputs?|files?|details)\b)[\w-]+", re.IGNORECASE)
_INPUT_SUBJECT = re.compile(r"\.(?:csv|tsv|jsonl?|txt|log|ya?ml|xml|db|sqlite|parquet)\b|\b(?:inputs?|given|provided|"
                            r"workspace|source)\b", re.IGNORECASE)


# an answer that is a plan to find, not figures to recompute: where a paired move may be another plan
_PLANNING = re.compile(r"\b(?:feasible|valid|optimal|any|cheapest|best)\s+(?:plan|allocation|assignment|schedule|roster|split|"
                       r"dispatch|distribution|routing)s?\b|\ballocat(?:e|ing)\b", re.IGNORECASE)
_ANSWER_SUBJECT = re.compile(r"`[A-Za-z_][\w.-]{0,60}`|\byour\b|\b(?:output|answer|report|result)\b", re.IGNORECASE)


def _asks_every(prompt: str) -> bool:
    """Whether the prompt asks for every right row or list (_ASKS_EVERY), or says a part of the answer lists every one
    of a kind (_LISTS_EVERY, in a sentence whose words before it name no input)."""
    text = prompt.replace("*", "")
    if _ASKS_EVERY.search(text):
        return True
    # (its subject the answer's: a key, "your list", the output; not "The choir register lists every singer"; review)
    return any(not _INPUT_SUBJECT.search(sentence[:found.start()]) and _ANSWER_SUBJECT.search(sentence[:found.start()])
               for sentence in re.split(r"(?<=[.;!?])\s+|\n\s*\n|\n\s*[-*]\s", text)
               for found in _LISTS_EVERY.finditer(sentence))


def _dropped_quiet(ref: Reference, where: str) -> bool:
    """A drop_key mutant took out a record of a mapping that holds nothing (`holds_nothing`: an unsold screening), the
    kind the prompt's optional records are ("Screenings with no sales may be left out"); not a record that holds
    something, which no such sentence frees (blind p359's rounds with violations, dropped and accepted)."""
    found = re.match(r"at \$((?:\.[^.\[\],]+|\[\d+\])*), key '([^']+)'", where)
    if found is None or ref.fmt not in ("json", "yaml"):
        return False
    try:
        node = parse(ref.fmt, ref.reference).data
        for step in re.findall(r"\.([^.\[\]]+)|\[(\d+)\]", found.group(1)):
            node = node[step[0]] if step[0] else node[int(step[1])]
        return holds_nothing(node[found.group(2)])
    except (KeyError, IndexError, TypeError, ValueError):
        return False


def _bare_lists(ref: Reference | None) -> bool:
    """Whether a text answer's lines are bare lists of codes or names (line_codes changes their items)."""
    if ref is None or ref.fmt != "text" or len(ref.reference) > 1 << 20:
        return False
    lines = ref.reference.splitlines()
    return bool(listed_lines(lines, tuple(i for i, line in enumerate(lines) if line.strip())))


def _field_place(ref: Reference | None):  # -> Callable[[Mutation], str]
    """_mutant_place, with a text answer's value change placed by its field (a table column, an
    attribute, a key: Reference.text_field), so the first mutants of a kind reach each field rather than
    four numbers of one (blind p24: claim numbers drawn, the ring ids never)."""
    if ref is None or ref.fmt != "text" or len(ref.reference) > 1 << 20:
        return _mutant_place

    shapes: list[str] = []
    owners: list = []

    def place(mutant: Mutation) -> str:
        if (mark := next((m for m in LIST_MARKS if m in mutant.where), None)) is not None:
            return mark  # (a few in five break only a rule a grader may forget: one place, the kind's draws)
        if mutant.kind in _VALUE_KINDS and (field := ref.text_field(mutant.text)) is not None:
            return f"field {field}"
        found = _mutant_place(mutant)
        at = re.match(r"line (\d+), ", mutant.where) if LIST_ITEMS_SWAPPED in mutant.where else None
        if at is not None:
            # (a list of one name under tables of two collections, an artist's `tracks` and a playlist's: each
            # collection's lists a place of their own, not one turn for both; blind p251's playlists never drawn)
            if not owners:
                owners.extend(config_owners(tuple(ref.reference.splitlines())) or [None])
            i = int(at.group(1)) - 1
            owner = owners[i] if i < len(owners) else None
            if owner and owner[0]:
                return f"{found} under [{_ID_DIGITS.sub(_masked, owner[0])}]"
        line = re.fullmatch(r"line (\d+)", mutant.where) if mutant.kind == "drop_record" else None
        if line is not None:
            # A line dropped from a run of lines of its shape (one `<error>` of a record's two) is another
            # place than the only one of its kind there (a record left without any): a grader checking
            # that each record's codes are a subset of the right ones rejects the second, never the first
            # (blind p20: four drops of lone `<error>` lines stopped the search).
            if not shapes:
                shapes.extend(" ".join(_SHAPE.sub("#", x).split()) for x in ref.reference.splitlines())
            i = int(line.group(1)) - 1
            if 0 <= i < len(shapes) and any(0 <= j < len(shapes) and shapes[j] == shapes[i] for j in (i - 1, i + 1)):
                return f"{found}, one of a run"
        return found
    return place


def _mutant_place(mutant: Mutation) -> str:
    """_place of the mutant; a text line dropped, repeated or written over is placed by the line's shape
    (its numbers and quoted values masked): `<error code="A"/>` and `<error code="B"/>` are one place,
    `<record id="C1">` another, so the first mutants of a report of several line kinds reach each kind
    (blind p20: the `<error>` lines of 700, of which a random four met none)."""
    if mutant.kind in _LINE_DROPS and re.match(r"line \d+(?:$| replaced)", mutant.where):
        line = mutant.old.removesuffix("...")  # (the line's repr, maybe shortened)
        line = line[1:-1] if line[:1] in "'\"" and line[-1:] == line[:1] else line[1:]
        return "a line like " + " ".join(_SHAPE.sub("#", line).split())
    if mutant.kind == "type_change" and mutant.old in ("None", "null"):
        # (a field's nulls are a place of their own: a grader that skips the records it finds null in its own
        # answer accepts a number there, and a random four of a file's fields met the numbers; blind p139)
        return f"{_place(mutant.where)}, a null"
    return _place(mutant.where)


@dataclass(slots=True)
class _Search:
    """Book-keeping of one kind's search (mutable: updated from inside Hypothesis' condition)."""

    deadline: float
    graded: int = 0
    places: set = field(default_factory=set)
    accepted: list[tuple[Mutation, str]] = field(default_factory=list)
    # accepted mutants the prompt leaves open: not a finding, so the search goes on past them (one
    # accepted change to an optional or "other" key must not hide an accepted change to a required one)
    open: list[tuple[Mutation, str, tuple[str, str]]] = field(default_factory=list)
    open_count: int = 0
    free: int = 0  # mutants confined to free lines: drawn again, never counted as a test of the grader
    errors: list[tuple[Mutation, str]] = field(default_factory=list)
    # rejected reorderings of the records where the prompt says in words that their order is free: the
    # grader refuses answers its prompt calls right
    refused: list[tuple[Mutation, str, str]] = field(default_factory=list)
    quota: dict[str, bool] = field(default_factory=dict)  # where -> the change in one record more is rejected


# The kinds' order where the budget holds fewer gradings than kinds: a stated band first, then what changes a value,
# moves it or leaves it out (what graders forget to compare), then what changes the answer's form
_TIGHT_ORDER = ("number_near", "swap_values", "swap_cells", "drop_record", "replace_record", "inject_record",
                "truncate_records", "number_far", "keep_total", "later_record", "string_change", "drop_key", "rename_key",
                "swap_records", "duplicate_record", "number_sign", "type_change", "number_nan", "bool_flip",
                "collapse_spaces", "truncate_text")


def _tight_order(strategies: dict, graded_s: float, left_s: float) -> list[str]:
    """The kinds in the order they run: as given, but where a grading takes so long that the budget left holds fewer
    than one a kind, the kinds that change what the answer says first and those that change how it is written, which a
    strict parser rejects, last (blind p319's 0.6 s grader spent its 10 s before swap_values, whose exchanged reasons
    it never compared)."""
    kinds = list(strategies)
    if graded_s * len(kinds) <= left_s:
        return kinds
    return sorted(kinds, key=lambda k: _TIGHT_ORDER.index(k) if k in _TIGHT_ORDER else len(_TIGHT_ORDER))


def fuzz_gate(ctx: TaskContext, budget: FuzzBudget | None = None) -> CheckResult:
    """Run every applicable mutation kind within the budget; findings fail the gate."""
    started = time.monotonic()
    budget = budget or fuzz_budget(ctx)
    task = ctx.task
    prompt = uncommented(task.problem_statement.read_text(encoding="utf-8", errors="replace"))
    fmt = format_for(task.output_artifact, prompt)
    try:
        policy = load_policy(task.grader_dir)
    except ArtifactBenchError as exc:
        return CheckResult("fuzz", "error", cap(exc), duration_s=time.monotonic() - started)
    except SyntaxError as exc:
        return CheckResult("fuzz", "error", cap(f"grader/negative_cases.py does not parse: {exc}"))
    known = (*kinds_for(fmt), *kinds_for(format_of(task.output_artifact)), NAME, TIES, EXAMPLES, CONSTANT, SCRIPT,
             QUERY_ORDER, BOOLS, WEAKEN, PY_WEAKEN)
    unknown = [k for k in policy.skip if k not in known]
    if unknown:
        near = difflib.get_close_matches(unknown[0], kinds_for(fmt), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else f"; known: {', '.join(kinds_for(fmt))}"
        return CheckResult("fuzz", "error", f"grader/negative_cases.py: FUZZ_SKIP names unknown "
                           f"kind {unknown[0]!r}{hint}", duration_s=time.monotonic() - started)
    reference = reference_text(ctx)
    def grade(text: str, known_good: bool = False, label: str = ""):
        ctx.check_cancelled()
        # Mutants go to the warm worker. Its acceptances are steps of Hypothesis' search: the one a
        # search reports is confirmed in a forked child (settle) before it counts.
        return ctx.grade_text(text, known_good=known_good, label=label, warm=not known_good,
                              accepted_later=True)
    return _fuzz(ctx, grade, fmt, reference, prompt, policy, budget, started)


def _fuzz(ctx, grade, fmt, reference, prompt, policy, budget, started) -> CheckResult:
    kinds = [k for k in kinds_for(fmt)]
    if read_prompt(prompt).stated is not None and "number_near" in kinds:
        # (the accuracy the prompt states is its most precise claim: tested first, not with what a slow grader
        # leaves of the budget; blind p132's 10x loose `tau_days` met one mutant before the time ran out)
        kinds.remove("number_near")
        kinds.insert(0, "number_near")
    baseline, graded = _baseline(grade, fmt, reference)  # (graded: how long the grader took on it, s)
    cases: list[CaseResult] = []
    if baseline is not None:
        cases.append(CaseResult("baseline", WARNING, baseline))
        kinds = ["truncate_text"]
    strategies = {}
    for kind in kinds:
        if kind in policy.skip:
            cases.append(CaseResult(kind, SKIPPED, "skipped by FUZZ_SKIP in grader/negative_cases.py"))
            continue
        draws = mutation_draws(fmt, reference, policy, kind, prompt)
        if draws is None and kind == "number_near" and read_prompt(prompt).stated is None \
                and read_prompt(prompt).implied is None:
            cases.append(CaseResult(kind, SKIPPED, "the prompt states no accuracy for the answer's numbers"))
        elif draws is None and kind == "collapse_spaces" and fmt == "text" and not states_layout(prompt):
            cases.append(CaseResult(kind, SKIPPED, "the prompt fixes no column layout (widths, alignment, padding)"))
        elif draws is None:
            cases.append(CaseResult(kind, SKIPPED, f"nothing in the reference output to apply {kind} to"))
        else:
            strategies[kind] = draws
    strategies = {kind: strategies[kind] for kind in _tight_order(strategies, graded,
                                                                   started + budget.seconds - time.monotonic())}
    per_kind = max(4, -(-budget.examples // max(1, len(strategies))))
    ref = Reference(fmt, reference, policy, read_prompt(prompt), ctx.task.output_artifact.as_posix())
    setup_s = time.monotonic() - started  # the baseline grading (and the grader's import) come first
    searched = _searches(ctx, grade, strategies, per_kind, started + budget.seconds, budget, prompt, ref)
    if not ctx.warm_canary():  # the grader keeps state between calls: every kind again, every mutant forked
        searched = [stateful_case(ctx), *_searches(ctx, grade, strategies, per_kind,
                                                   time.monotonic() + budget.seconds, budget, prompt, ref)]
    cases += _open_once(_subtree_once(ctx, grade, fmt, reference,
                                      _totals_once(_accepted_once(fmt, _raised_once(ctx, searched), ref.text))))
    ran = {c.name for c in searched if c.name in strategies and c.status != SKIPPED}
    spent = sum(c.name in strategies and c.detail.startswith(NOT_RUN) for c in searched)
    if strategies and not ran:  # a gate that graded no mutant tested nothing: never a clean pass
        cases.append(_nothing_tested(len(strategies), spent, budget, setup_s))
    elif 2 * spent > len(strategies):  # (nor one that tested less than half its kinds: blind p322's 5 s grader)
        cases.append(CaseResult("budget_spent", WARNING, cap(
            f"{spent} of {len(strategies)} kind(s) not run: the {budget.seconds:g}s budget was spent (the grader took "
            f"{graded:.2f}s on the reference); raise --fuzz-seconds to test them"), "warn"))
    if baseline is None and NAME not in policy.skip:  # the other side of a stated accuracy: too strict
        stated = read_prompt(prompt).stated
        probe = within_case(ctx, grade, within_probes(fmt, reference, policy, stated, prompt), stated)
        if probe is not None:
            cases.append(probe)
    if baseline is None and GRADER_BAND not in policy.skip and fmt != "python" and not any(
            c.name == "number_near" and c.severity == "fail" for c in cases):  # a loose band no lone mutant shows
        probe = grader_band_case(ctx.task.hidden_grader, fmt, reference, read_prompt(prompt).stated)
        if probe is not None:
            cases.append(probe)
    if baseline is None and TIES not in policy.skip:  # ties the prompt leaves open, broken by the grader
        probe = tie_case(ctx, grade, tie_probes(fmt, reference, policy, prompt), tie_sentence(prompt))
        if probe is not None:
            cases.append(probe)
    if baseline is None and BOOLS not in policy.skip:  # `true` written as `1`, which `==` lets through
        allows = read_prompt(prompt)
        probe = bool_number_case(ctx, bool_number_probe(fmt, reference, policy,
                                                        lambda w: allows.leaves_open("type_change", w)), prompt)
        if probe is not None:
            cases.append(probe)
    if baseline is None and fmt == "python" and EXAMPLES not in policy.skip:  # a grader of the examples only
        cases.append(examples_case(ctx, grade, *memorizers(reference, prompt, _worked_cases(ctx))))
    if baseline is None and fmt == "python" and PY_WEAKEN not in policy.skip:  # tests that never reach a stated case
        probe = py_weaken_case(ctx, grade, reference, prompt, budget.seconds)
        if probe is not None:
            cases.append(probe)
    if baseline is None and fmt == "python" and PY_FIELD not in policy.skip:  # a returned field no test compares
        probe = py_field_case(ctx, grade, reference, prompt, budget.seconds)
        if probe is not None:
            cases.append(probe)
    if baseline is None and fmt == "text" and CONSTANT not in policy.skip \
            and ctx.task.output_artifact.suffix.lower() == ".sql":  # a grader of the agent's own data only
        allows = read_prompt(prompt)
        cases += constant_query_cases(ctx, grade, ctx.task.output_artifact.as_posix(), reference, prompt,
                                      QUERY_ORDER not in policy.skip and bool(allows.ordered_by) and not allows.unordered)
    if baseline is None and fmt == "text" and WEAKEN not in policy.skip \
            and ctx.task.output_artifact.suffix.lower() == ".sql":  # a grader whose data lacks an edge case
        probe = sql_weaken_case(ctx, grade, reference, prompt, budget.seconds)
        if probe is not None:
            cases.append(probe)
    if baseline is None and fmt == "text" and SCRIPT not in policy.skip \
            and shell_script(ctx.task.output_artifact.as_posix(), reference):  # a grader of the sample only
        cases.append(constant_script_case(ctx, grade, reference, prompt))
    findings = sum(c.status == FINDING for c in cases)
    noted = sum(c.status == WARNING and c.severity == "warn" and c.name in strategies for c in cases)
    allowed = sum(c.status == WARNING and c.severity == "info" and c.name in strategies for c in cases)
    if findings:
        summary = f"{findings} mutation kind(s) with a finding"
    elif strategies and not ran:
        summary = f"nothing fuzzed: no mutant of {len(strategies)} kind(s) was graded" + (
            f", the {budget.seconds:g}s budget was spent" if spent else "")
    elif noted:  # accepted mutants, but only ones the prompt leaves open (or near its stated tolerance)
        summary = f"no finding in {len(strategies)} kind(s), {noted} with accepted mutants to look at"
    elif allowed:
        summary = f"no finding in {len(strategies)} kind(s); {allowed} accepted only what the prompt allows"
    else:
        summary = f"no accepted mutant in {len(strategies)} kind(s)"
    if ran and spent:
        summary += f"; {spent} kind(s) not run, the {budget.seconds:g}s budget was spent"
    if any(c.name == NAME and c.status == WARNING for c in cases):
        summary += "; the grader rejects answers within the tolerance the prompt states"
    if any(c.name == TIES and c.status == WARNING for c in cases):
        summary += "; the grader breaks ties the prompt leaves open"
    if any(c.name == BOOLS and c.status == FINDING for c in cases):
        summary += "; the grader accepts booleans written as numbers where the prompt asks for true/false"
    if any(c.name == CONSTANT and c.status == FINDING for c in cases):
        summary += "; the grader accepts a query of constants where the prompt wants it to work on other data"
    if any(c.name == PY_WEAKEN and c.status == FINDING for c in cases):
        summary += "; the grader's tests never reach a case the prompt states"
    if any(c.name == WEAKEN and c.status == FINDING for c in cases):
        summary += "; the grader's data never holds an edge case the prompt asks the query to handle"
    if any(c.name == EXAMPLES and c.status == FINDING for c in cases):
        summary += "; the grader accepts a module that knows only the worked examples it is shown"
    summary += f" ({counts(cases)})"
    return finish("fuzz", cases, started, summary)


def _chosen_value(allows, ref: Reference, kind: str, mutant: Mutation) -> str:
    """Why a rejected mutant is a right answer: it gives a field whose value the prompt leaves to the
    answer ("an `id` attribute (any string, unique within the file)") another value of the kind it
    allows, new to the file (a far or negated number; in a text answer also a word), so a grader that
    rejects it is stricter than its prompt (blind p24: ring ids parsed with int()). "" when not."""
    if not allows.chosen_values or kind not in ("number_far", "number_sign", "type_change"):
        return ""
    if ref.fmt == "text":
        field = ref.text_field(mutant.text)
    else:
        names = re.findall(r"(?:field|key) '([^']+)'", mutant.where) or re.findall(r"\.([\w-]+)$", mutant.where)
        field = names[-1].split(".")[-1] if names else None
    for name, what, sentence in allows.chosen_values:
        if field != name:
            continue
        if what == "string" and ref.fmt != "text":
            return ""  # (a number put in a JSON string field is not "any string")
        if what == "number" and kind == "type_change":
            return ""  # (a word is no row number)
        return f"it leaves {name!r} to the answer ({sentence!r})"
    return ""


def _raised_once(ctx, cases: list[CaseResult]) -> list[CaseResult]:
    """A kind whose mutants made the grader raise the exception, from the grader line, that an earlier
    case reported (the contract's garbage, another kind's mutants) is that case's root cause: SKIPPED,
    pointing there (blind p20: one `ET.parse` of an XML declaration's encoding, three kinds)."""
    out = []
    for case in cases:
        site = raise_site(case.detail) if case.status == FINDING and case.detail.startswith("grader raised") else None
        if site is not None and site in ctx.raised:
            out.append(CaseResult(case.name, SKIPPED, cap(
                f"grader raised as on {ctx.raised[site]} (reported there): {case.detail}", 300)))
            continue
        if site is not None:
            ctx.raised[site] = f"fuzz/{case.name}"
        out.append(case)
    return out


_ACCEPTED = "grader ACCEPTED a mutant (shrunk minimal example): "
# kinds that change one value in place: accepted at one place, they show one unchecked value (a line
# dropped or repeated there is another question: whether the grader counts the lines)
# "must match ours exactly in cents", "Finance will check it to the cent": figures held to the cent
_CHECKED_TO_THE_CENT = re.compile(
    r"\b(?:match\w*|check\w*|compar\w*|graded|verif\w*)\b[^.;\n]{0,60}?\b(?:exactly\s+)?(?:to\s+the\s+(?:cent|penny)|in\s+cents)\b|"
    r"\b(?:exact(?:ly)?|correct|accurate)\s+(?:to\s+the\s+(?:cent|penny)|in\s+cents)\b", re.IGNORECASE)
def _extra_names(ref: Reference, allows, prompt: str) -> int:  # noqa: ANN001
    """How many `name: value` lines of the text answer hold a name the prompt never lists (at most 3 counted), a name of
    a shape it shows, `p_<claim_id>`, listed: one or two are extras beside the answer (`iterations: 7`); more are the
    answer's own records under names of the data (`North: 1350`, `South: 910`; review)."""
    shapes = _name_shapes(prompt)
    seen = 0
    # (lines counted, each distinct name looked up once, the first 200: a name is looked for in the whole prompt, a few
    # ms a name in a long one; three `dupe:` lines are records all the same; review)
    names = Counter(found.group(1) for line in ref.reference.splitlines()[:5000]
                    if (found := KEY_VALUE.match(line)))
    for name, lines in itertools.islice(names.items(), 200):
        if allows.other_key(f"field '{name}'") and not any(shape.fullmatch(name) for shape in shapes):
            seen += lines
            if seen > 2:
                break
    return seen


@lru_cache(maxsize=64)
def _name_shapes(prompt: str) -> tuple[re.Pattern[str], ...]:
    """The names a prompt's code spans give by a shape, literal text around a placeholder: `p_<claim_id>` as `p_.+`."""
    out = []
    for span in re.findall(r"`([^`\n]{3,60})`", prompt[:400_000]):
        parts = re.split(r"<[^<>\s]{1,40}>", span.strip())
        if len(parts) > 1 and len("".join(parts)) >= 2 and not re.search(r"\s", span.strip()):
            out.append(re.compile(".+".join(re.escape(part) for part in parts)))
    return tuple(out[:50])


def _checked_to_the_cent(prompt: str) -> str | None:
    """The sentence saying the answer's figures are checked to the cent (_CHECKED_TO_THE_CENT), not one of an input's
    ("The loan records in `loans.csv` were verified to the cent"; review), else None."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n", prompt[:400_000]):
        if _CHECKED_TO_THE_CENT.search(sentence) and not re.search(
                r"`[^`\n]+\.\w{2,5}`|\b(?:input|export|source|records?\s+in)\b", sentence, re.IGNORECASE):
            return " ".join(sentence.split())[:160]
    return None


# "`Stop-<n>`, n counting the lines 1, 2, 3, ...": numbers that count the lines, positions however they are written
_COUNTS_LINES = re.compile(r"\bcount(?:s|ing)?\s+(?:the\s+)?(?:lines|rows|entries|items|stops|steps)\b|"
                           r"\bnumbered\s+(?:from\s+)?(?:1|one)\b|\b1,\s*2,\s*3\b", re.IGNORECASE)
# kinds that add or drop whole lines of a text answer (keyed_lines)
_KEYED_LINE_KINDS = ("drop_record", "inject_record", "duplicate_record", "truncate_records")
# "Please don't repeat a name", "each figure exactly once": a copy of a line is no extra line
_ONCE_SAID = re.compile(r"\b(?:repeat\w*|duplicat\w*|twice|more\s+than\s+once|exactly\s+once|only\s+once|at\s+most\s+once)\b",
                        re.IGNORECASE)
_VALUE_KINDS = frozenset({"number_far", "number_sign", "number_nan", "type_change", "string_change", "later_record",
                          "bool_flip", "rename_key", "drop_key"})


# kinds that change one part of a data answer (a key's value, a key, a record): the ones a prompt's open
# parts may hold (never number_near, read against the band the prompt states; nor a program's kinds)
_DOUBTED_KINDS = _VALUE_KINDS | frozenset({"bool_number", "swap_values", "swap_cells", "drop_record", "duplicate_record",
                                           "replace_record", "inject_record", "swap_records", "truncate_records"})


def _changed_fields(ref: Reference | None, kind: str, mutant: Mutation) -> tuple[str, ...]:
    """The fields of a text artifact a mutant changes (a column, a `key = value` key), where its
    description names no key ("line 4: ..."): () for a tree answer, whose paths name them."""
    if ref is None or ref.fmt != "text":
        return ()
    found = [ref.text_field(mutant.text) if kind in _VALUE_KINDS else None,
             ref.dropped_key(mutant.text) if kind == "drop_record" else None,
             *((ref.cut_keys(mutant.text) or []) if kind == "truncate_records" else [])]
    return tuple(f for f in found if f)


_MAIN = re.compile(r"^if\s+__name__\s*==\s*['\"]__main__['\"]\s*:", re.MULTILINE)


def _main_block_cut(reference: str, where: str) -> bool:
    """A cut ("cut at character N of M") that falls inside a module's last top-level block, its
    `if __name__ == "__main__":` (every line after that header indented or blank)."""
    found = re.fullmatch(r"cut at character (\d+) of \d+", where)
    main = None
    for main in _MAIN.finditer(reference):
        pass
    if found is None or main is None or int(found.group(1)) <= main.end():
        return False
    return all(not line.strip() or line[:1].isspace() for line in reference[main.end():].splitlines()[1:])


# What makes a repeated member count: "one entry per crate, so a weight appears as many times as ..." (review)
_MULTIPLICITY = re.compile(r"\bas\s+many\s+times\b|\bone\s+(?:entry|item|value|element)\s+(?:per|for\s+each)\b|"
                           r"\bonce\s+(?:per|for\s+each)\b|\bmultiset\b|\b(?:duplicates|repeats|repetitions)\s+"
                           r"(?:count|matter|are\s+(?:kept|significant))\b", re.IGNORECASE)
_EXTRA_VALUES = re.compile(r"\b(?:extra|additional|other|more)\s+(?:[\w-]+\s+)?(?:codes?|tags?|values?|rules?|labels?|"
                           r"flags?|reasons?)\b", re.IGNORECASE)
_VALUES_FREE = re.compile(r"\b(?:fine|ok|okay|allowed|permitted|ignored|harmless|welcome|tolerated|not\s+(?:graded|"
                          r"checked|penali[sz]ed))\b|\bdo(?:es)?\s*n[o']?t\s+(?:matter|count)\b", re.IGNORECASE)


_EITHER = re.compile(r"\beither\b[^.;\n]{0,120}?\b(?:is|are|will\s+be)\s+(?:accepted|fine|ok|okay|allowed|correct|"
                     r"right|graded\s+correct)\b|\b(?:both|either)\s+(?:one\s+|of\s+them\s+|answers\s+|values\s+)?"
                     r"(?:is|are|will\s+be)\s+(?:accepted|fine|ok|okay|allowed|correct)\b|\beither\s+(?:one|of\s+them)\s+"
                     r"(?:passes|counts)\b", re.IGNORECASE)


def _either_said(prompt: str, old: str = "", new: str = "") -> str:
    """The sentence accepting either of two values that names both the mutant's old and new value ("may be reported
    as either `DNS` or `DNF`: both are accepted"), or naming none where it speaks of a tie ("when two depots are
    equally near, either one is accepted"); "" otherwise (not "either way, make sure the times are correct"; review)."""
    values = {v.strip("'\"") for v in (old, new)}
    for s in sentences(prompt):
        if not _EITHER.search(s) or re.search(r"\bnot\s+(?:both|either)\b|\bneither\b|\beither\s+way\b", s,
                                              re.IGNORECASE):
            continue
        named = set(re.findall(r"`([^`\n]{1,60})`|\"([^\"\n]{1,60})\"", s))
        named = {a or b for a, b in named}
        if (named and values <= named) or (not named and _TIE.search(s)):
            return " ".join(s.split())[:160]
    return ""


_TIE = re.compile(r"\b(?:ties?|tied|equally|equal|same\s+(?:distance|score|time|value))\b", re.IGNORECASE)


def _held_elsewhere(reference: str, new: str) -> bool:
    """`new` (a mutant's new value as it is described) is a value the reference holds somewhere, whole."""
    value = new.strip("'\"")
    return bool(value) and re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w.-])", reference[:2_000_000]) is not None


def _extra_values_said(prompt: str) -> str:
    """The sentence allowing extra values in a list ("Extra codes are fine, they are ignored"), or ""."""
    return next((" ".join(s.split())[:160] for s in sentences(prompt) if _EXTRA_VALUES.search(s)
                 and _VALUES_FREE.search(s) and not re.search(r"\bno\s+(?:extra|other|additional)\b|\bnot\s+"
                                                               r"(?:allowed|permitted|fine|ok)\b|\breject|\bfail",
                                                               s, re.IGNORECASE)), "")


def _scalar_member(fmt: str, reference: str, where: str, prompt: str = "") -> bool:
    """`where` ("at $.CLM-24003[0]") is a list's member that is a string or an integer (a code, a row number),
    not a record, where the prompt does not make repeats count ("one entry per crate")."""
    paths = where_paths(where)
    node = _tree_data(fmt, reference) if fmt in ("json", "yaml") else None
    if node is None or len(paths) != 1 or not paths[0] or not isinstance(paths[0][-1], int):
        return False
    try:
        for step in paths[0]:
            node = node[step]
    except (KeyError, IndexError, TypeError):
        return False
    return isinstance(node, (str, int)) and not isinstance(node, bool) and not _MULTIPLICITY.search(prompt)


def _touched_lines(reference: str, mutant: str) -> list[str]:
    """The reference's lines a mutant drops or changes and the lines it puts there: what lies between the
    lines both share at the start and at the end (a linear walk: a mutant is one local edit)."""
    before, after = tuple(reference.splitlines()), tuple(mutant.splitlines())
    head, tail = common_ends(before, after)
    return [*before[head:len(before) - tail], *after[head:len(after) - tail]]


@lru_cache(maxsize=8)
def _tree_data(fmt: str, reference: str):  # -> the parsed answer, or None
    """The reference as data, for a JSON, JSON Lines or YAML answer (None for any other, or unparsable)."""
    if fmt not in ("json", "jsonl", "yaml"):
        return None
    try:
        doc = parse(fmt, reference)
    except ValueError:
        return None
    return doc.data if isinstance(doc, TreeDoc) else None


# "The `subject` key is required even when null", "never omit it", "must always be present"
_KEEP_KEY = re.compile(r"\b(?:required|mandatory|never\s+(?:omit|leave\s+out|drop)|(?:must|should)\s+(?:always\s+)?"
                       r"(?:be\s+)?(?:present|appear|included|given|written)|always\s+(?:present|included|written|"
                       r"give|include|write))\b", re.IGNORECASE)


def _optional_null(prompt: str, allows, where: str) -> bool:  # noqa: ANN001 - PromptAllows
    """The null key a drop_key mutant left out is a field the prompt names (not a record of a map, `bob` of
    `{"alice": "R1", "bob": null}`), in no sentence that requires it be written (review)."""
    key = re.search(r"key '([^']+)'", where)
    if key is None or "." in key.group(1) or not allows.names(key.group(1)):
        return False  # (a dotted key is ambiguous with a path: `limits.max` beside `limits: {max: null}`)
    name = re.escape(key.group(1))
    return not any(_KEEP_KEY.search(s) for s in sentences(prompt[:200_000])
                   if re.search(rf"(?<![\w-]){name}(?![\w-])", s))


def _line_at(reference: str, where: str, shown: str) -> str:
    """The reference's line a text mutant's `where` ("line N") names, whole (the mutant shows it cut short past 80
    characters: a 14-column header `| O \\ D | S01 | ...`; blind p178), else `shown` unquoted."""
    found = re.fullmatch(r"line (\d+)", where)
    lines = reference.splitlines()
    if found is not None and 0 < int(found.group(1)) <= len(lines):
        return lines[int(found.group(1)) - 1].strip()
    return shown.strip("'\" ")


_BLOCK_KEY = re.compile(r"\s*([A-Za-z][A-Za-z_]*)(?::\s*|\s+)\S")


def _block_key_line(reference: str, where: str) -> str | None:
    """The key of the line `where` ("line 111") names, where it is a `key value` (or `key: value`) line whose key, a
    word, stands once in its block of lines (between blank lines) and in two blocks at least: a field of a record
    written as lines, not a record of its own; else None."""
    found = re.fullmatch(r"line (\d+)", where)
    lines = reference.splitlines()
    if found is None or len(lines) > 50_000 or not 0 < int(found.group(1)) <= len(lines):
        return None
    i = int(found.group(1)) - 1
    key = _BLOCK_KEY.match(lines[i])
    if key is None:
        return None
    name = key.group(1)

    def block(k: int) -> range:
        start = k
        while start > 0 and lines[start - 1].strip():
            start -= 1
        end = k
        while end + 1 < len(lines) and lines[end + 1].strip():
            end += 1
        return range(start, end + 1)

    def keyed(k: int) -> bool:
        other = _BLOCK_KEY.match(lines[k])
        return other is not None and other.group(1) == name
    # (a block of fields: three keys at least, each once, `bank`, `hits`, `squad`; not `error 15 duplicate stop_id`,
    # a block's one finding line, whose first word is the same in every block; review)
    keys = [m.group(1) for k in block(i) if (m := _BLOCK_KEY.match(lines[k]))]
    if keys.count(name) != 1 or len(set(keys)) < 3 or len(set(keys)) != len(keys):
        return None
    blocks = sum(1 for k in range(len(lines)) if keyed(k))
    return name if blocks >= 2 else None


def _heading_once(prompt: str, title: str) -> bool:
    """A sentence of the prompt says a heading, a section or this title comes once ("exactly one `## Summary` section",
    "each section heading only once"; not "list each station exactly once", which is of the stations; review)."""
    words = re.compile(r"\b(?:headings?|sections?|titles?)\b|" + re.escape(title.strip("`*_ ")), re.IGNORECASE)
    return any(ONCE.search(s) and words.search(s) for s in sentences(prompt[:200_000]))


_LEFT_OUT = re.compile(r"\b(?:leave\s+(?:it\s+|the\s+key\s+|them\s+)?out|left\s+out|omit\w*|optional|absent|"
                       r"may\s+be\s+(?:dropped|skipped|missing))\b", re.IGNORECASE)


def _may_be_left_out(prompt: str, where: str) -> bool:
    """A sentence naming the field at `where` lets it be left out (`half` ... "or `null` (or leave the key out)")."""
    field = re.search(r"(?:field|key) '([^']+)'", where)
    if field is None:
        return False
    name = re.escape(field.group(1))
    return any(_LEFT_OUT.search(s) for s in sentences(prompt[:200_000]) if re.search(rf"(?<![\w-]){name}(?![\w-])", s))


_ZERO = re.compile(r"[-+]?0+(?:\.0+)?")
_NO_VALUE = frozenset(("n/a", "na", "-", "", "none", "null", "nan", "—", "–"))
# "zero / impossible cells: 0, 0.0, - or blank all fine", "write 0 or leave the cell empty": a zero may be no value
_ZERO_MARKS = re.compile(r"\bzero\b(?:[^.\n]|\.(?=\d)){0,60}?(?:\s-\s|`-`|\bblank\b|\bempty\b|\bleave\b[^.\n]{0,20}\bempty\b)|"
                         r"(?:`-`|\bblank\b|\bempty\b)[^.\n]{0,40}?\b(?:for|means?|as|=)\s+(?:a\s+)?zero\b", re.IGNORECASE)


def _zero_marks(prompt: str) -> str:
    """The prompt's words letting a zero be written as no value (`-`, a blank cell), "" where it has none."""
    found = _ZERO_MARKS.search(prompt[:200_000])
    return " ".join(found.group().split())[:120] if found else ""


def _null_at(ref: Reference, where: str) -> bool:
    """The one place `where` names holds null in the reference (a tree answer's key)."""
    paths = where_paths(where)
    node = _tree_data(ref.fmt, ref.reference)
    if node is None or len(paths) != 1 or not paths[0]:
        return False
    try:
        for step in paths[0][:-1]:
            node = node[step]
        return isinstance(node, dict) and paths[0][-1] in node and node[paths[0][-1]] is None
    except (KeyError, IndexError, TypeError):
        return False


def _extras(prompt: str, fmt: str, reference: str) -> frozenset[str]:
    """The reference's keys beyond a prompt example of their object (see core example_extras)."""
    data = _tree_data(fmt, reference)
    return frozenset() if data is None else example_extras(prompt, data)


def _map_keys(fmt: str, reference: str) -> frozenset[str]:
    """The keys of the reference's maps of records (see core map_keys): none of a text answer's."""
    data = _tree_data(fmt, reference)
    return frozenset() if data is None else map_keys(data)


def _accepted_place(fmt: str, detail: str, text: str = "") -> str | None:
    """Where an acceptance finding's minimal mutant changed the artifact: a text's line (a `key = value`
    line by its key, whatever its section), else the field (_place); None for other findings."""
    if not detail.startswith(_ACCEPTED):
        return None
    where = detail[len(_ACCEPTED):].split(": ", 2)[1:2]
    if not where:
        return None
    if fmt == "text":
        line = re.match(r"line (\d+)$", where[0])
        if line is None:
            return None
        lines = text.splitlines()
        n = int(line.group(1))
        key = line_key(lines[n - 1]) if 0 < n <= len(lines) else None
        if key:
            return f"key {key}"
        # (a table cell: its column, whatever its row; blind p63's unchecked "% Spent" column, 4 kinds)
        change = re.match(r"'([^']{1,80})' -> '([^']{0,80})'", detail[len(_ACCEPTED):].split(": ", 2)[2]
                          if detail[len(_ACCEPTED):].count(": ") >= 2 else "")
        if change and 0 < n <= len(lines) and lines[n - 1].count(change.group(1)) == 1:  # (not which of two)
            mutated = lines[:n - 1] + [lines[n - 1].replace(change.group(1), change.group(2), 1)] + lines[n:]
            column = text_field(text, "\n".join(mutated))
            if column:
                return f"column {column}"
        return f"line {n}"
    return _place(where[0])


def _paths(where: str) -> set[str]:
    """The fields a mutant's description names, as whole paths with indices and record numbers aside:
    "record 2, field 'a.b'" -> a.b; "at $.training.beta1" -> training.beta1; "... and field 'beta2'" after
    a `$` path -> training.beta2 (its sibling)."""
    out: set[str] = set()
    parent = ""
    found = re.search(r"\$((?:\.[\w-]+|\[\d+\])+)", where)
    if found:
        steps = re.findall(r"\.([\w-]+)", found.group(1))
        out.add(".".join(steps))
        parent = ".".join(steps[:-1])
    for quoted in re.findall(r"(?:field|key|column) '([^']+)'", where):
        name = ".".join(p for p in quoted.split(".") if not p.isdigit())
        out.add(f"{parent}.{name}" if parent and found and not where.startswith("record") else name)
    return out


_TOP_KEY = re.compile(r"^at \$\.([\w-]+)|^top level, key '([^']+)'")


def _subtree_once(ctx, grade, fmt: str, reference: str, cases: list[CaseResult]) -> list[CaseResult]:
    """Acceptances of several kinds under one top-level key of a JSON or YAML answer are one root cause when
    the answer with that key removed passes too: the grader never reads it (blind p84: six kinds inside a
    `schedule` the grader never opened). The first kind reports it, naming the others; they are SKIPPED."""
    groups: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        if case.status == FINDING and case.detail.startswith(_ACCEPTED):
            where = case.detail[len(_ACCEPTED):].split(": ", 2)[1:2]
            top = _TOP_KEY.match(where[0]) if where else None
            if top:
                groups.setdefault(top.group(1) or top.group(2), []).append(i)
    groups = {k: v for k, v in groups.items() if len(v) >= 2}
    if fmt not in ("json", "yaml") or not groups:
        return cases
    try:
        doc = parse(fmt, reference)
    except ValueError:
        return cases
    if not isinstance(doc, TreeDoc) or not isinstance(doc.data, dict):
        return cases
    out = list(cases)
    for key, members in groups.items():
        if key not in doc.data:
            continue
        text = doc.render({k: v for k, v in doc.data.items() if k != key})
        if not grade(text, label=f"subtree\tthe answer without {key!r}").passed or not ctx.settle(text).passed:
            continue
        first = cases[members[0]]
        kinds = ", ".join(cases[i].name for i in members)
        out[members[0]] = CaseResult(first.name, FINDING, cap(
            f"grader never reads {key!r}: the answer without it passes, and {len(members)} kinds ({kinds}) had "
            f"changes under it accepted; first: {first.detail}", 900), first.severity)
        for i in members[1:]:
            out[i] = CaseResult(cases[i].name, SKIPPED, cap(
                f"under {key!r}, which the grader never reads (reported at {first.name}): {cases[i].detail}", 300))
    return out


_OPEN = re.compile(r"grader accepted \d+ mutant\(s\) that the prompt leaves open, first: [\w-]+: ")
OPEN_ONCE = 3  # kinds left open under one top-level key before they are one warning


def _open_once(cases: list[CaseResult]) -> list[CaseResult]:
    """Kinds left open under one top-level key (`$.timeline`, a key the prompt frees) are one warning: the
    first, at the strictest severity among them, names the others, which are SKIPPED with a pointer to it.
    (A `timeline` granted "to show your working" was 11 warnings, one for every kind that changed it.)"""
    groups: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        found = _OPEN.match(case.detail) if case.status == WARNING else None
        top = _TOP_KEY.match(case.detail[found.end():]) if found else None
        if top:
            groups.setdefault(top.group(1) or top.group(2), []).append(i)
    out = list(cases)
    for key, members in groups.items():
        if len(members) < OPEN_ONCE:
            continue
        first = min(members, key=lambda i: cases[i].severity != "warn")
        others = [cases[i].name for i in members if i != first]
        out[first] = CaseResult(cases[first].name, WARNING, cap(
            f"{cases[first].detail}; {len(others)} other kinds under {key!r} left open too: {', '.join(others)}",
            900), cases[first].severity)
        for i in members:
            if i != first:
                out[i] = CaseResult(cases[i].name, SKIPPED, cap(
                    f"under {key!r}, left open (reported at {cases[first].name}): {cases[i].detail}", 300))
    return out


def _totals_once(cases: list[CaseResult]) -> list[CaseResult]:
    """A keep_total acceptance where a value kind was accepted at one of the parts it moved (the same
    field, by its whole path) is that kind's root cause: the part is never checked at all (onlycodes'
    `beta1`), reported there."""
    value_paths = []
    for c in cases:
        if c.name in _VALUE_KINDS and c.status == FINDING and c.detail.startswith(_ACCEPTED):
            places = c.detail[len(_ACCEPTED):].split("; grader detail", 1)[0]
            also = c.detail.split("; also accepted at: ", 1)[1] if "; also accepted at: " in c.detail else ""
            value_paths.append((c.name, _paths(places.split(": ", 2)[1] if places.count(": ") >= 1 else places)
                                | {p for part in also.split("; ") for p in _paths(part.split(": ", 1)[0])}))
    out = []
    for case in cases:
        if case.name == "keep_total" and case.status == FINDING and case.detail.startswith(_ACCEPTED):
            moved = _paths(case.detail[len(_ACCEPTED):].split(": ", 2)[1].split(" (", 1)[0])
            hit = next((name for name, paths in value_paths if moved & paths), None)
            if hit is not None:
                out.append(CaseResult(case.name, SKIPPED, cap(
                    f"accepted at a part {hit} was accepted at (reported there): {case.detail}", 300)))
                continue
        out.append(case)
    return out


def _accepted_once(fmt: str, cases: list[CaseResult], text: str = "") -> list[CaseResult]:
    """Value kinds whose minimal accepted mutants changed the same line or field are one root cause: that
    value is never checked, so a far number, a flipped sign, NaN and another type all pass there (blind
    p23: five kinds at one summary line). The first kind reports it; the others are SKIPPED, naming it.
    A record dropped or repeated there is reported on its own (a grader that never counts lines)."""
    first: dict[str, str] = {}
    out = []
    for case in cases:
        place = _accepted_place(fmt, case.detail, text) if case.status == FINDING and case.name in _VALUE_KINDS \
            else None
        if place is not None and place in first:
            out.append(CaseResult(case.name, SKIPPED, cap(
                f"accepted at the same place as {first[place]} (reported there): {case.detail}", 300)))
            continue
        if place is not None:
            first[place] = case.name
        out.append(case)
    return out


def _searches(ctx, grade, strategies: dict, per_kind: int, deadline: float, budget: FuzzBudget,
              prompt: str, ref: Reference | None = None) -> list[CaseResult]:
    cases = []
    shapes = _shape_count(ref) if any(kind in _LINE_DROPS for kind in strategies) else 0  # (read once, not per kind)
    for index, (kind, draws) in enumerate(strategies.items()):
        # Each kind may use its share of what is left of the wall-time budget (it covers setup too).
        share = (deadline - time.monotonic()) / (len(strategies) - index)
        if kind == "number_near":
            # (the band the prompt states, its most precise claim: up to a quarter of the budget, for its smallest move
            # at each field, where a slow grader would otherwise grade one; blind p326's 0.6 s grader)
            share = max(share, (deadline - time.monotonic()) / 4)
        if share <= 0:
            cases.append(CaseResult(kind, SKIPPED, f"{NOT_RUN} the {budget.seconds:g}s budget was spent"))
            continue
        examples = max(per_kind, NEAR_PLACES) if kind == "number_near" else \
            max(per_kind, shapes) if kind in _LINE_DROPS else \
            max(per_kind, CODE_LINE_TRIES) if kind in ("string_change", "inject_record") and _bare_lists(ref) else per_kind
        cases.append(_search(ctx, grade, kind, draws, examples, time.monotonic() + share, prompt, ref))
    return cases


# a format line's last part, free text after what the line must hold: `ORDER <order_id> [free text]`, `<id> <note...>`
_FREE_TAIL = re.compile(r"(?:\[|<)\s*(?:free[\s_-]*(?:text|form)(?:\s+(?:message|comment|note|description|explanation|"
                        r"reason|remark|text)s?)?|any(?:thing|\s+text)|optional\s+(?:text|comment|note)s?|"
                        r"comments?|notes?|remarks?)\s*(?:\.\.\.)?\s*(?:\]|>)$", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"<[^<>\s]+>|\{[^{}\s]+\}")


@lru_cache(maxsize=64)
def _free_tail_formats(prompt: str) -> tuple[tuple[str, tuple[re.Pattern[str] | None, ...]], ...]:
    """The lines of the prompt's fenced format blocks that end in a free-text placeholder: (the line, its tokens before
    the placeholder, each None for a placeholder such as `<order_id>`, else the pattern a line's token must match: a
    literal, or placeholders joined by literals, `<file>:<line>:`)."""
    out = []
    for block in fenced_blocks(prompt)[0][:50]:
        for line in block.splitlines()[:200]:
            found = _FREE_TAIL.search(line.strip())
            if found is None:
                continue
            head = line.strip()[:found.start()].split()
            # (a head of placeholders only, `<team> <points> [notes]`, fits any line: none; review)
            if head and not any(t.startswith("[") for t in head) \
                    and not all(_PLACEHOLDER.fullmatch(t) for t in head):
                out.append((" ".join(line.split()), tuple(
                    None if _PLACEHOLDER.fullmatch(t) else re.compile(
                        "".join(r"\S+?" if _PLACEHOLDER.fullmatch(part) else re.escape(part)
                                for part in re.split(r"(<[^<>\s]+>|\{[^{}\s]+\})", t) if part))
                    for t in head)))
    return tuple(out)


def _tail_at(words: list[str], head: tuple[re.Pattern[str] | None, ...], prompt: str) -> bool:
    """The line's words begin as the format's head does and go on past it, and no other format line of the prompt's
    begins with the line's first word as a literal (`total: 3` is `total: <n>`'s, though `<stop_id>:` fits it; review)."""
    return len(words) > len(head) and all(t is None or t.fullmatch(w) for t, w in zip(head, words)) \
        and words[0] not in _literal_leads(prompt)


@lru_cache(maxsize=64)
def _literal_leads(prompt: str) -> frozenset[str]:
    """The first words of the prompt's fenced format lines that are literals (no placeholder) and end in none of the
    free-text placeholders: `total:` of `total: <n>`."""
    out = set()
    for block in fenced_blocks(prompt)[0][:50]:
        for line in block.splitlines()[:200]:
            words = line.split()
            if len(words) >= 2 and not _FREE_TAIL.search(line.strip()) and not re.search(r"[<>{}\[\]]", words[0]) \
                    and any(_PLACEHOLDER.search(w) for w in words[1:]):
                out.add(words[0])
    return frozenset(out)


def _sectioned(ref: Reference | None, allows, where: str) -> str:  # noqa: ANN001
    """`where` with a config line's key named inside its `[table]` ("line 7, key 'payouts.ART-115'") where the prompt
    grants other top-level keys only: a key of `[payouts]` is that table's, not a top-level one (blind p270)."""
    if ref is None or "key '" not in where or not allows.top_level_keys_only():
        return where
    section = _list_section(ref, where)
    return where.replace("key '", f"key '{section}.", 1) if section else where


def _list_section(ref: Reference | None, where: str) -> str:
    """The `[table]` a config file's line (`where`: "line 8, ...") stands in, "" where none does."""
    found = re.match(r"line (\d+), ", where)
    if ref is None or ref.fmt != "text" or found is None or not _CONFIG.search(ref.artifact) \
            or len(ref.reference) > 1 << 20:
        return ""
    owners = config_owners(tuple(ref.reference.splitlines()))
    i = int(found.group(1)) - 1
    return owners[i][0] if 0 <= i < len(owners) and owners[i] else ""


_CLOCK_VALUE = re.compile(r"['\"]?(\d{1,2}):(\d{2})(?::(\d{2}))?['\"]?")
_MINUTES_IN = {"s": 1 / 60, "sec": 1 / 60, "secs": 1 / 60, "second": 1 / 60, "seconds": 1 / 60, "min": 1.0,
               "mins": 1.0, "minute": 1.0, "minutes": 1.0, "h": 60.0, "hr": 60.0, "hour": 60.0, "hours": 60.0}


def _clock_within(prompt: str, key: str, old: str, new: str) -> bool:
    """Both values are clock times (`06:02`) and they differ by no more than the band the prompt states for `key` in a
    unit of time ("`ready_at` within ±1 minute")."""
    a, b = _CLOCK_VALUE.fullmatch(str(old).strip()), _CLOCK_VALUE.fullmatch(str(new).strip())
    stated = stated_tolerance(prompt) if a and b else None
    if stated is None:
        return False

    def minutes(m: re.Match[str]) -> float:
        return int(m.group(1)) * 60 + int(m.group(2)) + int(m.group(3) or 0) / 60
    noun = key.lower().rstrip("s") if len(key) > 3 else key.lower()
    band = max((value * _MINUTES_IN[unit.lower()] for said, unit, value, *_ in stated.units
                if said in (key.lower(), noun) and unit.lower() in _MINUTES_IN), default=None)
    return band is not None and abs(minutes(a) - minutes(b)) <= band + 1e-9


def _free_tail_change(reference: str, mutant: str, prompt: str) -> str | None:
    """The format line whose free tail is all a one-line change touched: `ORDER AS-0415 infliximab 720 mg` ->
    `ORDER AS-0415 infliximab n/a mg` under `ORDER <order_id> [free text]` (blind p238), the tokens the format
    fixes as they were."""
    formats = _free_tail_formats(prompt)
    old, new = reference.splitlines(), mutant.splitlines()
    if not formats or len(old) != len(new):
        return None
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    if len(changed) != 1:
        return None
    a, b = (x.split() for x in changed[0])
    for line, head in formats:
        n = len(head)
        if _tail_at(a, head, prompt) and _tail_at(b, head, prompt) and a[:n] == b[:n]:
            return line
    return None


def without_free_tails(reference: str, prompt: str) -> str:
    """The text answer with the free text its prompt's format lets end each line cut off (`stop_times.txt:102: W101`
    of `stop_times.txt:102: W101 segment faster than 100 km/h` under `<file>:<line>: <CODE> <free-text message>`):
    the words there are the answer's own, no value of it (blind p252)."""
    formats = _free_tail_formats(prompt)
    if not formats:
        return reference
    out = []
    for line in reference.splitlines()[:200_000]:
        words = line.split()
        head = next((h for _, h in formats if _tail_at(words, h, prompt)), None)
        out.append(" ".join(words[:len(head)]) if head is not None else line)
    return "\n".join(out)


_UNIQUE_LABEL = re.compile(r"\bunique\b[^.;\n]{0,30}?\b(?:integers?|numbers?|ids?|identifiers?|labels?|codes?)\b|"
                           r"\b(?:any|an?)\s+(?:unique|distinct)\b|"
                           r"\bany\s+(?:label|name|id|identifier|code|tag)\s+you\s+(?:like|want|wish|choose|prefer)\b",
                           re.IGNORECASE)
_FIXED_LABEL = re.compile(r"\b(?:consecutive|sequential|starting|from\s+1|1\s*(?:\.\.|to)\b|in\s+order|numbered)\b",
                          re.IGNORECASE)


@lru_cache(maxsize=256)
def _unique_label(prompt: str, key: str) -> str | None:
    """The prompt's line that asks of `key` only that it be unique ("`load`: trip number, unique positive integer"),
    fixing none of its values (not "numbered 1, 2, ... in order"); None otherwise."""
    if not re.fullmatch(r"[A-Za-z_][\w-]{0,60}", key):
        return None
    quoted = re.compile(rf"[`\"']{re.escape(key)}[`\"']")
    for line in prompt.splitlines()[:5000]:
        found = quoted.search(line)
        if found is None:
            continue
        # (said of the key itself: what follows its name up to the next key, a clause's end or 80 characters; not
        # "`order_id` (a unique identifier) and `total` (the sum ...)" of `total`, nor "the number of unique visitor
        # IDs"; review)
        said = re.split(r"[;.]\s|[`\"'][A-Za-z_][\w-]*[`\"']", line[found.end():found.end() + 80])[0]
        if _UNIQUE_LABEL.search(said) and not _FIXED_LABEL.search(said) and not re.search(
                r"\b(?:not|never|no|cannot|can['\u2019]?t|isn['\u2019]?t|aren['\u2019]?t)\b", said, re.IGNORECASE) \
                and not re.search(r"\b(?:number|count|total|sum)\s+of\b", said, re.IGNORECASE):
            return " ".join(line.split())[:160]
    return None


def _relabelled(ref: Reference, where: str, prompt: str) -> tuple[str, str] | None:
    """(the column, the prompt's line) where a swap exchanged only which label two records carry: swap_values of a
    column whose records differ in nothing else than a column the prompt calls any unique label, or of that column
    itself; a text table's two rows exchanged whole, each keeping its first cell, that cell's column such a label."""
    if ALSO_DIFFER in where:
        head, _, rest = where.partition(ALSO_DIFFER)
        named = re.findall(r"(?:column|field|key) '([^']+)'", head)
        others = re.findall(r"'([^'\n]{1,80})'", rest.split(": ", 1)[0])
        labels = [(name, said) for name in (*named[:1], *others) if (said := _unique_label(prompt, name))]
        if named and labels and (named[0] in dict(labels) or len(others) == len(labels) == len(set(others))):
            return labels[0]
        return None
    if KEEPS_ITS_ID in where and ref.fmt == "text" and (found := re.match(r"line (\d+) <-> line \d+", where)):
        lines = ref.reference.splitlines()
        i = int(found.group(1)) - 1
        if 0 <= i < len(lines) and lines[i].lstrip().startswith("|"):
            first = header_cells(lines, i)[1:2]  # (its table's first column: cells after the leading pipe)
            if first and first[0] and (said := _unique_label(prompt, first[0])):
                return first[0], said
    return None


def _same_toml(reference: str, mutant: str) -> bool:
    """Both texts parse as TOML (up to 1 MB) to the same document."""
    if len(reference) > 1 << 20 or len(mutant) > 1 << 20:
        return False
    try:
        return tomllib.loads(reference) == tomllib.loads(mutant)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return False


def _shape_count(ref: Reference | None) -> int:
    """How many shapes (_SHAPE) the lines of a text answer come in, at most LINE_SHAPES (0 for another format): a
    line dropped, repeated or written over reaches each before a line kind's search stops, so a section of
    four lines below twenty of another shape is not left to chance (blind p236: a `BROKEN CONNECTIONS`
    section compared by its count of lines, never drawn)."""
    if ref is None or ref.fmt != "text" or len(ref.reference) > 1 << 20:
        return 0
    shapes = {" ".join(_SHAPE.sub("#", line).split()) for line in ref.reference.splitlines()[:5000] if line.strip()}
    return min(LINE_SHAPES, len(shapes))


def _worked_cases(ctx: TaskContext) -> tuple[tuple[str, str], ...]:
    """The JSON and JSONL files of the agent's workspace (path as it sees them, text), smallest first: where
    worked cases of a module's functions may be (at most 8 files of 2 MB)."""
    root = ctx.pristine().scratch_dir
    found = sorted((p.stat().st_size, p) for p in root.rglob("*") if p.suffix.lower() in (".json", ".jsonl")
                   and p.is_file() and not p.is_symlink() and p.stat().st_size <= 2_000_000)
    out = []
    for _, path in found[:8]:
        try:
            out.append((f"workspace/{path.relative_to(root).as_posix()}", path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            continue
    return tuple(out)


def _nothing_tested(kinds: int, spent: int, budget: FuzzBudget, setup_s: float) -> CaseResult:
    """The warning of a gate that graded no mutant at all: it tested nothing, so it must not pass clean."""
    if spent:
        why = (f"the {budget.seconds:g}s budget was spent (setup before the first kind, grading the "
               f"re-serialised reference, took {setup_s:.2f}s); raise --fuzz-seconds")
    else:
        why = "no kind could draw a mutant of the reference output"
    return CaseResult("nothing_tested", WARNING, cap(f"no mutant of {kinds} kind(s) was graded: {why}"), "warn")


def _baseline(grade, fmt: str, reference: str) -> tuple[str | None, float]:
    """(None when the grader accepts the reference re-serialised by the fuzzer (so a rejected mutant is
    rejected for its change, not its formatting), else why only raw truncation can be fuzzed; how long that
    grading took, a remembered one's included: forked, so longer than a warm mutant's)."""
    try:
        doc = parse(fmt, reference)
    except ValueError as exc:  # ParseError: the reference is not valid in the format its suffix says
        return cap(f"reference_output does not parse as {fmt} ({exc}); only truncate_text was fuzzed"), 0.0
    outcome = grade(rerender(doc), known_good=True)
    took = float(outcome.duration_s) if math.isfinite(float(outcome.duration_s)) else 0.0
    if outcome.passed:
        return None, took
    reason = outcome.result.detail if outcome.ok else outcome.error
    return cap(f"the grader rejects the reference output re-serialised as {fmt} ({reason}); "
               "only truncate_text was fuzzed"), took


def _search(ctx, grade, kind: str, draws, examples: int, deadline: float, prompt: str = "",
            ref: Reference | None = None) -> CaseResult:
    """`ref`: the reference as the searches read it (free lines, tolerance, one mutant per field)."""
    state = _Search(deadline)
    result = _search_in(state, ctx, grade, kind, draws, examples, prompt, ref)
    if result.status not in (OK, WARNING) or not state.refused:
        return result  # (a right answer refused outweighs accepted ones the prompt leaves open)
    mutant, why, detail = state.refused[0]
    return CaseResult(kind, WARNING, cap(
        f"grader rejected {len(state.refused)} mutant(s) that the prompt allows ({why}), first: "
        f"{mutant.describe()}; grader detail: {detail!r}; an agent answering so would fail", 600), "warn")


def _search_in(state: _Search, ctx, grade, kind: str, draws, examples: int, prompt: str,
               ref: Reference | None) -> CaseResult:
    text = ref.text if ref else ""
    allows = read_prompt(prompt)
    # (a program's code lines are never free: what a prompt frees there is its comments, which
    # comment_change reads; "define additional variables freely" frees no `acc=0` of a script)
    free_lines = allows.free_lines if text and not program(ref.artifact) else None
    # (whether the prompt's prose speaks of headings at all: read once a search, not per accepted mutant)
    speaks_of_headings = _SPEAKS_OF_HEADINGS.search(
        " ".join(p for p in prose_paragraphs(prompt) if not p.startswith("#"))) is not None
    place_of = _field_place(ref)

    def accepted(mutant: Mutation) -> bool:
        if time.monotonic() > state.deadline:
            # Out of time (while shrinking, keep the smallest found so far). Never answer False for an
            # example that was accepted before: Hypothesis would call that flaky and blame the grader.
            raise _OutOfTime()
        free = bool(free_lines) and free_lines.confined(text, mutant.text)
        if free and state.free >= FREE_GRADED:
            raise UnsatisfiedAssumption()  # not a draw of the budget: the search goes on among graded lines
        state.graded += 1
        outcome = grade(mutant.text, label=f"{kind}\t{mutant.describe()}")
        if not outcome.ok:
            state.errors.append((mutant, error_text(outcome)))
            return False
        if free:
            state.free += 1
            if outcome.result.passed:
                state.open_count += 1
                if len(state.open) < 8:
                    why = f"the change stays on lines the prompt declares free ({free_lines.sentence!r})"
                    state.open.append((mutant, cap(outcome.result.detail, 200), ("info", why)))
            raise UnsatisfiedAssumption()  # (reject(): the same, without Hypothesis' test context)
        if outcome.result.passed:
            # (two lines' contents exchanged, each keeping its id: values trading records, no order moved)
            allowed = (ref.declaration_change(mutant.text) if ref is not None else None) \
                or allows.leaves_open("replace_record" if KEEPS_ITS_ID in mutant.where and not _COUNTS_LINES.search(prompt)
                                      else kind, _sectioned(ref, allows, mutant.where))
            # (a list the prompt orders, `[stacks]` "array of container ids from the ground tier upwards": its items
            # swapped are graded whatever "other keys are ignored" frees; blind p237)
            ordered_here = False
            if LIST_ITEMS_SWAPPED in mutant.where:
                # (a list on one line read as a set, `codes = R01, R07`, where no sentence gives that list an
                # order: nothing to report; one that does, "`cars` ... ordered from the switch end", is a
                # finding whatever the lines' order (blind p110: "One line per section ..., in any order" and
                # "the `waitlist` list must be in queue order"), but not a sentence ordering the records that
                # hold the list; review)
                key = list_key(mutant.where) or ""
                ordered_here = bool(allows.list_order(key, _list_section(ref, mutant.where))) \
                    and key not in allows.field_unordered
                allowed = None if ordered_here else (
                    "info", "it swaps two items of a list on one line, for which the prompt states no order")
            if allowed is None and GAP_MOVED in mutant.where and (band := _gap_in_band(mutant, allows)):
                # (a whole number of an ascending list moved inside its gap, as far as the prompt's stated tolerance
                # lets any number be: a grader applying that band to every number passes it; review)
                allowed = ("warn", f"it moves a whole number no further than the tolerance the prompt states ({band!r})")
            if allowed is None and ref is not None and ref.fmt == "text" and kind in _VALUE_KINDS \
                    and (field := ref.text_field(mutant.text)) is not None:
                section = _list_section(ref, mutant.where) if allows.top_level_keys_only() else ""
                allowed = allows.leaves_open(kind, f"field '{section}.{field}'" if section else
                                             f"field '{field}'")  # (a table column, an attribute, a key)
            if allowed is None and ref is not None and ref.fmt == "text" and kind == "keep_total" \
                    and _CONFIG.search(ref.artifact) and (field := ref.text_field(mutant.text)) is not None:
                # (two numbers of one `key = [...]` line moved against each other: that key's value, as a value
                # kind's change to it is; blind p119's echoed `true_dlt_rates`, which "extra keys" frees)
                allowed = allows.leaves_open("number_far", f"field '{field}'")
            if allowed is None and kind in _KEYED_LINE_KINDS and ref is not None \
                    and (names := ref.keyed_lines(mutant.text, free_lines.prefixes if free_lines else ())) \
                    and all(allows.other_key(f"field '{name}'") for name in names) \
                    and not (kind == "duplicate_record" and _ONCE_SAID.search(prompt)) \
                    and not (allows.top_level_keys_only() and _CONFIG.search(ref.artifact)) \
                    and _extra_names(ref, allows, prompt) <= 2:
                # (`name: value` lines of names the prompt never lists, dropped or added, where it lets other names be
                # written: "extra lines like an iteration count; anything with a name I didn't list gets ignored";
                # blind p271. A copy of one, unless the prompt says a name is written once.)
                allowed = ("info", f"the lines it {'adds' if kind in ('inject_record', 'duplicate_record') else 'drops'} "
                                   f"hold names the prompt never lists ({', '.join(names[:3])}), which it lets be "
                                   f"written ({allows.other_keys!r})")
            if allowed is None and kind in ("drop_key", "rename_key") and ref is not None \
                    and _null_at(ref, mutant.where) and _optional_null(prompt, allows, mutant.where):
                # (`"subject": null` left out, or under another name: a reader taking a missing key as null reads the
                # same answer, which the prompt may or may not allow; blind p119, p323's `"DEP": null` renamed)
                allowed = ("warn", f"it {'drops' if kind == 'drop_key' else 'renames'} a key whose value is null: "
                                   "read as missing, the same answer")
            if allowed is None and kind == "type_change" and mutant.old == "None" and mutant.new in ("0", "''", "False") \
                    and ref is not None and _null_at(ref, mutant.where) \
                    and _optional_null(prompt, allows, mutant.where.replace("field '", "key '")) \
                    and _may_be_left_out(prompt, mutant.where):
                # (`"half": null` written as `0`, where the prompt lets the key be left out: a reader taking a falsy
                # value as none reads the same answer; blind p169)
                allowed = ("warn", "it writes a null the prompt lets be left out as a falsy value: read as none, "
                                   "the same answer")
            if allowed is None and kind == "type_change" and _ZERO.fullmatch(mutant.old.strip("'\"")) \
                    and mutant.new.strip("'\"").lower() in _NO_VALUE and (said := _zero_marks(prompt)):
                # (a zero cell written `n/a` where the prompt lets zero cells be written `-` or left blank: a mark
                # of no value in place of another; blind p178)
                allowed = ("warn", f"it writes a zero as {mutant.new}, where the prompt lets a zero be written as no "
                                   f"value ({said!r})")
            if allowed is None and kind == "truncate_text" and ref is not None \
                    and (field := ref.cut_field(mutant.text)) is not None:
                # (the last row's `Note` cut short, "8.5 °C after reaching 4.0", where the prompt frees that
                # column: the graded cells stand as they were)
                allowed = allows.leaves_open("string_change", f"field '{field}'")
            if allowed is None and kind in ("duplicate_record", "replace_record") and ref is not None \
                    and ref.fmt == "text" and _SECTION.fullmatch(
                        (mutant.old if kind == "duplicate_record" else mutant.new).strip("'\" ")):
                # (`[flows]` twice: the same sections once merged, a file a strict reader refuses; blind p44)
                allowed = ("warn", "it repeats a section header with nothing new under it: the same sections "
                                   "once merged, though a strict reader refuses the file")
            if allowed is None and kind == "duplicate_record" and ref is not None and ref.fmt == "text" \
                    and (heading := re.fullmatch(r"#{1,6}\s+(\S.*)", mutant.old.strip("'\" "))) \
                    and not _heading_once(prompt, heading.group(1)):
                # (`## Summary` twice in a row: an empty section above the one the answer has; p157's report)
                allowed = ("warn", "it repeats a Markdown heading right under itself: an empty section above the "
                                   "same one, nothing new in it")
            if allowed is None and kind == "duplicate_record" and ref is not None and ref.fmt == "text" \
                    and not _CONFIG.search(ref.artifact) and (key := _block_key_line(ref.reference, mutant.where)) \
                    and not _heading_once(prompt, key):
                # (`squad P001 P009 ...` twice in a manager's block of `bank`, `hits`, `squad` lines, each once: the same
                # value read either way; blind p260, whose prompt lets the block's key lines come in any order)
                allowed = ("warn", f"it repeats the block's `{key}` line as it was: either copy reads the same value, "
                                   "though a strict reader refuses a key given twice")
            if allowed is None and kind == "duplicate_record" and ref is not None and ref.fmt == "text" \
                    and _CONFIG.search(ref.artifact) and line_key(mutant.old.strip("'\"")) is not None:
                # (`P2 = 35.061` twice in one section: one key, one value, as a mapping reads it; blind p44)
                allowed = ("warn", "it repeats a `key = value` line as it was: the same mapping, though a strict "
                                   "reader refuses a key given twice")
            if (allowed is None or allowed[0] != "info") and kind == "swap_records" and ref is not None \
                    and ref.fmt == "text" and _CONFIG.search(ref.artifact) and (
                        _keys_reordered(ref.reference, mutant.where) or _tables_reordered(mutant, ref.reference)):
                # (before the prompt's silence on an order, "the prompt states no order for it", a warn: a mapping
                # has none; blind p199)
                # (`open_sites = [...]` and `site_count = 5` exchanged in one table: the same mapping; p74)
                allowed = ("info", "it exchanges two `key = value` lines of one section, or two whole tables: a "
                                   "config file's keys or tables in another order are the same mapping")
            if allowed is None and kind == "swap_records" and ref is not None and ref.fmt == "text" \
                    and (said := _interleave_free(prompt)) and _kinds_kept(ref.reference, mutant.where, said):
                # ("The ELECTED lines keep their order among themselves, and so do the EXCLUDED lines. How the two
                # kinds interleave, and where the KEEP and QUOTA lines go, does not matter"; blind p342: an EXCLUDED
                # and a KEEP line exchanged, each kind's own lines in their order)
                allowed = ("info", f"it exchanges lines of two kinds, each kind's lines in their order, and the "
                                   f"prompt frees how kinds interleave ({said!r})")
            if allowed is None and kind == "swap_records" and ref is not None and ref.fmt == "text" \
                    and (said := _other_lines_ordered(ref.reference, mutant.where, allows.order_sentences, free_lines)):
                allowed = ("warn", f"the prompt orders other lines ({said!r}) and states no order for these")
            if allowed is None and kind == "swap_records" and ref is not None and ref.fmt == "text" \
                    and _CONFIG.search(ref.artifact) and (keys := _swapped_keys(ref.reference, mutant.where)) \
                    and all((open_ := allows.leaves_open("number_far", f"field '{key}'")) and open_[0] == "info"
                            for key in keys):
                # (`election = ...` at the top and `registered_voters = 4917` of a `[[style]]` exchanged, both keys
                # "extra keys are fine ... and are ignored": two free values moved; blind p126)
                allowed = ("info", f"it moves the values of keys the prompt frees ({', '.join(keys)})")
            if allowed is None and ref is not None and ref.fmt == "text" and _CONFIG.search(ref.artifact) \
                    and kind in (*_VALUE_KINDS, "drop_record") \
                    and (unnamed := _unnamed_config_keys(ref.reference, mutant.text, allows, prompt)):
                # (`generated_by = "fitter v2"` beside the `total` and `[site] mean` the prompt asks for: a note the
                # reference carries, whose value no rule of the prompt fixes, as a tree answer's unnamed key is)
                allowed = ("warn", f"it changes only {unnamed}, a key the prompt never names, beside keys it does "
                                   "name: a note of the reference's, whose value no rule of the prompt fixes?")
            if allowed is None and kind == "truncate_text" and ref is not None and ref.fmt == "text" \
                    and _CONFIG.search(ref.artifact) and (lost := _cut_open_tail(ref.reference, mutant.text, prompt, allows)):
                # (`half_life_months = 1.128164` cut to `1.12816`, within its 0.5 % band, and the `usable_months`
                # line after it gone, a key inside a table that "Extra keys inside a table (...) are allowed and
                # ignored" leaves open; blind p206)
                allowed = ("warn", f"it cuts {lost}")
            if allowed is None and kind == "truncate_text" and ref is not None and ref.fmt == "text" and free_lines \
                    and (lost := _cut_free_tail(ref.reference, mutant.text, prompt, allows, free_lines)):
                # (`best_fee: 93.6891` cut to `93.6`, within its 0.5, and the lines after it ones the prompt frees:
                # "a line whose key is not one of the keys above will be disregarded"; review)
                allowed = ("warn", f"it cuts {lost}")
            if allowed is None and kind == "truncate_text" and ref is not None and ref.artifact.lower().endswith(".sql") \
                    and mutant.text.strip() and ref.reference.startswith(mutant.text) \
                    and _ORDER_BY_TAIL.fullmatch(ref.reference[len(mutant.text):]):
                # (a query cut before its ORDER BY: SQLite may still give that order, a GROUP BY's; review)
                allowed = ("warn", "it cuts only the query's ORDER BY clause, and the rows may come in that order "
                                   "anyway (a GROUP BY's); does any graded data tell them apart?")
            if allowed is None and kind == "truncate_text" and ref is not None \
                    and ref.artifact.lower().endswith(".py") and _main_block_cut(ref.reference, mutant.where):
                # (a checker module's demo under `if __name__ == "__main__":` cut short: what an import runs is
                # whole; blind p95)
                allowed = ("warn", "it cuts only inside the module's `if __name__ == \"__main__\":` block, which "
                                   "importing it never runs: does the grader ever run it as a script?")
            if allowed is None and ref is not None and ref.fmt == "text" and _CONFIG.search(ref.artifact) \
                    and (sections := _free_sections_only(ref.reference, mutant.text, prompt)):
                allowed = ("info", f"it changes only {sections}, a section the prompt never names, where it "
                                   f"frees the others ({_sections_freed(prompt)!r})")
            if allowed is None and allows.extra_records and (kind == "inject_record" or (
                    kind == "duplicate_record" and re.fullmatch(r"\s*\[\[[^\[\]]+\]\]\s*", mutant.old.strip("'\"")))):
                # ("Extra plans are ignored", "false positives are not penalised": a record more passes; review)
                allowed = ("info", f"the prompt ignores records beyond the right ones ({allows.extra_records!r})")
            if allowed is None and kind == "inject_record" and ref is not None and ref.fmt == "text" \
                    and (section := _copied_section(mutant.where, ref.reference)) is not None:
                allowed = _section_copy_allowed(section, prompt, allows, ref.artifact,
                                                repeated=sum(line.strip() == section for line in ref.reference.splitlines()) >= 2)
            if allowed is None and ref is not None and ref.fmt in ("json", "yaml"):
                allowed = allows.unnamed_key(kind, mutant.where, ref.top_keys())  # (`generated_by` beside `balances`)
            if allowed is None and kind == "inject_record" and allows.other_keys and ref is not None \
                    and _new_entry(ref, mutant) and not _NO_OTHER_ENTRY.search(prompt) \
                    and not _record_fields_granted(allows.other_keys, ref, mutant.where) \
                    and not (ref.fmt != "text" and allows.top_level_keys_only() and not mutant.where.startswith("top level")):
                # (`[units.MNBU8301874]`, a copy's `T01-c4` beside "extra keys are ignored": an entry under a
                # new key is another key, read literally, though it may be a record no input has; p78, p80)
                allowed = ("warn", f"it adds an entry under a new key, and the prompt allows other keys "
                                   f"({allows.other_keys!r}): is a new entry one of them?")
            if allowed is None and kind == "duplicate_record" and ref is not None and ref.fmt == "text" \
                    and _header_row(ref.reference, _line_at(ref.reference, mutant.where, mutant.old)):
                # (`| district | K | r |` twice: a reader skipping a row that repeats the header reads the same
                # rows; whether the file still holds "one row per district" is the prompt's to say; blind p126)
                allowed = ("warn", "it repeats a Markdown table's header row: every data row is as it was")
            if allowed is None and kind in ("drop_record", "duplicate_record") and ref is not None \
                    and ref.fmt == "text" and _RULE_ROW.fullmatch(mutant.old.strip("'\" ")):
                # (`|---|---:|` dropped or twice: every row of the table as it was; whether it still renders
                # as a table is layout; blind p53)
                allowed = ("warn", "it drops or repeats a Markdown table's rule row: the rows are as they were, "
                                   "only the table's rendering changes")
            if allowed is None and kind == "swap_records" and ref is not None and ref.fmt == "text" \
                    and _RULE_ROW.fullmatch(mutant.old.strip("'\" ")) and _RULE_ROW.fullmatch(mutant.new.strip("'\" ")):
                # (two tables' `|---|---|` rule rows exchanged: no value moved, whatever rows the prompt shows; p144)
                allowed = ("warn", "it exchanges two Markdown tables' rule rows, which hold no value: every row is as "
                                   "it was, only the tables' rendering changes")
            if allowed is None and kind in ("replace_record", "swap_records") and ref is not None \
                    and ref.fmt == "text" and (_RULE_ROW.fullmatch(mutant.old.strip("'\" ")) or (
                        _RULE_ROW.fullmatch(mutant.new.strip("'\" "))
                        and _header_row(ref.reference, mutant.old.strip("'\" ")))) \
                    and not _given_lines(ctx, prompt, _touched_lines(ref.reference, mutant.text)):
                # (`| tag | status |` replaced by, or swapped with, its `|---|---|` rule row, or the rule row by
                # a copy of a data row: the table no longer renders, but a reader taking its rows by position
                # reads the same rows; as a rule row dropped or repeated is; review)
                allowed = ("warn", "it moves or overwrites a Markdown table's rule row: the table no longer "
                                   "renders, though a reader taking its rows by position reads the same rows")
            if allowed is None and kind in ("duplicate_record", "replace_record") and ref is not None \
                    and ref.fmt == "text" and not program(ref.artifact) \
                    and _empty_heading_copy(ref.reference, kind, mutant, allows, prompt):
                # (a section heading twice, the copy written over a free intro line: nothing under it, every
                # section as it was; blind p143)
                allowed = ("warn", "it repeats a section heading with nothing under it: every section is as it was")
            if allowed is None and ref is not None and ref.fmt == "text" and allows.other_keys \
                    and kind in _VALUE_KINDS and not program(ref.artifact) \
                    and (column := _unlisted_column(ref, mutant, prompt)):
                # (a column of one table that the prompt names only for another table: "`## RMA status` — a table
                # with at least the columns `RMA`, `State`, ..." and "`## Inventory` — a table `SKU | ...`"; p143)
                allowed = ("warn", f"the prompt lists the columns of the table under {column[0]!r} without "
                                   f"{column[1]!r}, and allows other columns ({allows.other_keys!r})")
            if allowed is None and ref is not None and ref.fmt == "text" and allows.optional_fields \
                    and (label := _optional_rows_only(ref.reference, mutant.text, allows)):
                # (the `Total` row of "A final `Total` row is optional", changed or moved past the free
                # commentary: a row the prompt does not require; blind p52)
                allowed = ("warn", f"it changes only a table row the prompt calls optional ({label!r}) and free "
                                   "prose around the table")
            if allowed is None and kind == "inject_record" and "parts in reverse" in mutant.where and (
                    allows.copies_agree or allows.set_sentences or _EITHER_WAY.search(prompt)):
                # (`J7-J12` beside `J12-J7`, where a pair may be written either way round or the lines are
                # compared as a set: the same item again, as a duplicate is; review of blind p53's rule)
                allowed = ("warn", "it writes a line's parts in reverse, which the prompt may read as the same item")
            if allowed is None and kind == "duplicate_record" and allows.unordered and ref is not None \
                    and _scalar_member(ref.fmt, ref.reference, mutant.where, prompt):
                # (`["R01", "R07"]` with "R01" twice, where "the order of codes inside a list doesn't matter": a
                # list read as a set, in which a repeated member changes nothing; blind p99)
                allowed = ("warn", f"it repeats a plain value in a list whose order the prompt frees "
                                   f"({allows.unordered_sentences[0][:120]!r} ...): read as a set, nothing changes"
                           if allows.unordered_sentences else "it repeats a plain value in a list whose order is free")
            if allowed is None and kind == "inject_record" and "(one more value " in mutant.where \
                    and (said := _extra_values_said(prompt)):
                # ("Extra codes are fine, they are ignored": a cell or list with one more code; review)
                allowed = ("info", f"it adds one more value where the prompt allows extra ones ({said!r})")
            if allowed is None and kind == "string_change" and ref is not None \
                    and (either := _either_said(prompt, mutant.old, mutant.new)) \
                    and _held_elsewhere(ref.reference, mutant.new):
                # (a value changed to another the field holds, `DNS` -> `DNF`, where "a rider who never appears may
                # be reported as either `DNS` or `DNF`: both are accepted", "when two depots are equally near,
                # either one is accepted": maybe the other right answer; review)
                allowed = ("warn", f"it gives a value another the answer holds, and the prompt accepts either of "
                                   f"some values ({either!r})")
            if allowed is None and kind == "bool_flip" and allows.many_answers:
                # (a flag flipped, `selected` 1 -> 0, under "any selection that satisfies the rules is accepted":
                # another right answer, maybe; review of blind p51's flag rule)
                allowed = ("warn", f"it flips a flag, and the prompt accepts more than one answer "
                                   f"({allows.many_answers!r})")
            if allowed is None and kind == "inject_record" and ref is not None and ref.fmt == "text" \
                    and _CONFIG.search(ref.artifact) and _given_later(ref.reference, mutant):
                # (`J1 = 1351.770` put right above `J1 = 47.177`: a key given twice, whose last value, the one a
                # reader keeps, is the reference's; blind p44. Put below it, the answer reads wrong: a finding.)
                allowed = ("warn", "it gives a key twice, the reference's value last (the one a reader keeps); a "
                                   "strict reader refuses the file")
            if allowed is None and kind == "swap_records" and (tie := _TIED.search(mutant.where)):
                allowed = _tie_swap_open(prompt, tie.group(1))
            if allowed is None and kind == "swap_records" and ref is not None and ref.fmt == "text" \
                    and ref.table_header(mutant.where) and not ref.both_table_rows(mutant.where):
                # (a title swapped with the header row: the table's rows stand as they were; whether a header
                # parted from its rule row still makes a table is the prompt's to say; blind p43)
                allowed = ("warn", "it moves a table's header row, no record of the table")
            if allowed is None and kind in ("swap_values", "swap_records") and ref is not None \
                    and (label := _relabelled(ref, mutant.where, prompt)) is not None:
                # (two crew members' pairings exchanged, or their labels, where "`Crew` is any label you like (unique
                # within the table)": the same plan under other labels; blind p344)
                allowed = ("warn", f"it exchanges only which label two records carry, and the prompt asks only that "
                                   f"{label[0]!r} be unique ({label[1]!r})")
            if allowed is None and (kind == "string_change" or (
                        kind in ("number_far", "number_sign", "number_nan", "type_change", "later_record", "swap_values",
                                 "swap_cells")
                        and re.fullmatch(r"'?\d{1,12}'?", mutant.old.split(",")[0].strip("( ")))) \
                    and (keys := _mutated_keys(mutant.where) or (
                        (field := ref.text_field(mutant.text)) is not None and (field,) if ref is not None else ())) \
                    and (said := _unique_label(prompt, keys[0])):
                # (a text table's cell too: "`Crew` is any label you like (unique within the table)", `FAO-01` as
                # `FAO-1010` or another name; blind p344)
                # (`"load": 1, // trip number, unique positive integer`: any unique number is a right label; blind p247)
                allowed = ("warn", f"the prompt asks only that {keys[0]!r} be unique ({said!r}): another unique value "
                                   "may be as right")
            if allowed is None and ref is not None and ref.fmt == "text" \
                    and (head := _free_tail_change(ref.reference, mutant.text, prompt)) is not None:
                allowed = ("info", f"it changes only the free text the prompt's format lets follow {head!r}")
            if allowed is None and ref is not None and ref.fmt == "text" and ref.artifact.lower().endswith(".toml") \
                    and _same_toml(ref.reference, mutant.text):
                # (an empty `[integration]` header dropped above `[integration.M101]`, which defines it anyway; blind
                # p218 once every line shape was reached)
                allowed = ("info", "the file it writes reads as the same TOML document")
            if allowed is None and kind == "drop_record" and ref is not None and ref.fmt == "text" \
                    and ref.table_header(mutant.where):
                # (more line shapes reached: `| metric | value |` dropped over its rule row, no record gone)
                allowed = ("warn", "it drops a table's header row, no record of the table: whether the rows still "
                                   "make a table is the prompt's to say")
            if allowed is None and kind == "drop_record" and ref is not None \
                    and (key := ref.dropped_key(mutant.text)) is not None:
                allowed = allows.leaves_open("drop_key", f"field '{key}'")  # (`offered_load = 16.3` of a TOML)
            if allowed is None and kind == "truncate_records" and ref is not None \
                    and (keys := ref.cut_keys(mutant.text)) \
                    and all(allows.leaves_open("drop_key", f"field '{k}'") for k in keys):
                # (`method = "scan + bisection"` cut from the end, of "add other keys (iterations, method,
                # notes)": only keys the prompt calls optional (blind p80), or other keys it allows, beside the
                # keys it lists, `true_dlt_rates` of blind p119)
                allowed = allows.leaves_open("drop_key", f"field '{keys[0]}'")
            if allowed is None and kind == "string_change" and ref is not None and ref.fmt == "text" \
                    and (name := _format_column(prompt, ref.reference, mutant.where)):
                # (a code of a column line, named by the prompt's format `<sku> <quantity> <bin>`: "The `bin` column
                # is only a hint ... and is not graded"; review)
                allowed = allows.leaves_open(kind, f"field '{name}'")
            if allowed is None and kind in ("string_change", "later_record") and allows.many_answers \
                    and (DAY_MOVED in mutant.where or _reassigned(text or ctx.reference_text(), mutant)):
                # (a reset moved a day later where "any roster that passes the 8 rules is good": another roster; blind
                # p383)
                # (a truck moved from door D4 to door D10, a label the answer uses elsewhere: where any valid
                # plan is right, the grader may have checked the new one; blind p38. The same in a later record:
                # an object moved from showcase MC-03 to MC-06, another valid plan of six; blind p289)
                allowed = ("warn", f"it gives one record another value the answer uses elsewhere, and the prompt "
                                   f"accepts more than one answer ({allows.many_answers!r})")
            if allowed is None and kind in ("string_change", "later_record", "swap_values", "swap_cells") \
                    and (keys := _mutated_keys(mutant.where)) and _clock_within(prompt, keys[0], mutant.old, mutant.new):
                # (`ready_at` "06:02" -> "06:03" under "`ready_at` within ±1 minute": blind p225)
                allowed = ("info", "the clock time it changes stays within the minutes the prompt allows")
            if allowed is None and ref is not None and kind != "number_near" and ref.within_tolerance(mutant.text):
                # (not a number_near move: it is beyond the band the prompt states of its key, which a
                # general band read elsewhere in the prompt does not widen)
                allowed = ("info", "every number it changes stays within the tolerance the prompt states")
            if allowed is None and kind == "drop_sort":
                # (a sort before a sum, or of input that always comes sorted, changes nothing: a hint to
                # look at the tests' inputs, not a wrong answer shown; blind p15: inputs only ever sorted)
                allowed = ("warn", "the code without this sort passed: do the grader's tests feed input in "
                                   "an order it does not already have?")
            if allowed is None and ref is not None and (classes := same_class(text, mutant.text)):
                allowed = ("info", f"it writes the character class {classes[0]} as {classes[1]}, the same "
                                   "characters: the same pattern")
            if allowed is None and ref is not None:
                allowed = ref.open_change(mutant.text) or ref.comment_change(mutant.text, prompt) \
                    or ref.markup_change(mutant.text, prompt) or ref.program_change(kind, mutant.where, mutant.text) \
                    or ref.shown_line_change(mutant.text, prompt) or ref.given_value_change(mutant.where, prompt) \
                    or ref.field_repeat(kind, mutant.where, prompt)
            if allowed is None and DAY_MOVED in mutant.where and (said := _day_band(prompt, mutant.where)):
                # ("a crossing date within ±1 day is accepted": the day's slip is the prompt's own band; "`generated_on`, the
                # date you run your script": any day is the answer's; review)
                allowed = ("info", f"it moves a date a day, which the prompt allows ({said!r})")
            if allowed is None and PAIRED in mutant.where and (said := _PLANNING.search(prompt)):
                # (a plan's shipments moved between depots, every row and column sum kept: another feasible plan where
                # the answer is one to find ("Find a feasible plan"), not figures to recompute; review)
                allowed = ("warn", f"it moves amounts between two records' parts, every sum kept, and the prompt asks "
                                   f"for a plan to find ({said.group()!r}): another split may be as right")
            if allowed is None and allows.quota is not None and SHIFTED in mutant.where and allows.quota[0] >= 2:
                # (a number moved between two orbits, where "at least 8 of the 10 orbits" pass: two wrong records)
                allowed = ("info", f"the prompt passes an answer with up to {allows.quota[0]} of {allows.quota[1]} "
                                   f"wrong ({allows.quota[2]!r}); the change makes two records wrong")
            if allowed is None and allows.quota is not None and ref is not None:
                allowed = _within_quota(state, grade, kind, mutant, ref, allows.quota)
            if allowed is None and free_lines and kind in ("inject_record", "duplicate_record") \
                    and (line := free_lines.repeated_line(text, mutant.text)) is not None:
                allowed = ("warn", f"it adds a second line of a shape the answer holds once ({short(line)}), where "
                                   f"the prompt ignores other lines ({free_lines.sentence!r}): which one counts is "
                                   "the prompt's to say")
            if allowed is None and free_lines and not ordered_here and not free_lines.touches_graded(text, mutant.text) \
                    and not (
                    ref is not None and (ref.in_graded_element(mutant.text, prompt)
                                         or (has_comments(ref.artifact, ref.reference) and not allows.other_keys)
                                         or (_CONFIG.search(ref.artifact) and (
                                             _named_keys_only(ref.reference, mutant.text, prompt)
                                             or _adds_record_table(ref.reference, mutant.text))))):
                allowed = ("warn", "the prompt declares parts of the report free "
                                   f"({free_lines.sentence!r}) and this change is on no line it shows as graded")
            if allowed is None and kind in ("drop_record", "truncate_records", "duplicate_record", "replace_record") \
                    and (said := allows.short_list(list_key_of(mutant.where) or "")):
                # (`nearest` "lists up to three ids ... fewer than three is fine", `witnesses` "at least one ...;
                # you need not list them all": a shorter list may be right; review)
                allowed = ("warn", f"it shortens or repeats within a list the prompt lets be shorter ({said!r})")
            if allowed is None and allows.optional_records and (
                    (kind in ("drop_record", "truncate_records") and re.match(r"(?:record|line|lines|keep)\b", mutant.where)
                     and not re.search(r"\b(?:field|key) '", mutant.where))
                    or (kind == "drop_key" and ref is not None and _dropped_quiet(ref, mutant.where))):
                # (a row of an answer some of whose rows the prompt calls optional, without words a rule reads for
                # which: "Itineraries that use one or more on-request sailings are optional"; blind p216)
                allowed = ("warn", f"it drops a record where the prompt lets some be left out "
                                   f"({allows.optional_records!r}): is this one of them?")
            if allowed is None and ref is not None and ref.fmt == "text" and not speaks_of_headings \
                    and headings_only(touched := _touched_lines(ref.reference, mutant.text)) \
                    and not _given_lines(ctx, prompt, touched):
                # (`# Rule hits` twice in a report of "one Markdown table": a heading the prompt never speaks of,
                # which the reference added; review)
                allowed = ("warn", "it changes only a Markdown heading, and the prompt never speaks of headings")
            if allowed is None and kind == "number_near" and ref is not None \
                    and (near_key := re.search(r"\bkey '([^']+)'", mutant.where)) is not None \
                    and near_key.group(1) in columns_beyond(prompt, ref.columns()):
                # (a column the prompt's list of the table's columns leaves out, beside a grant of extra columns: its
                # numbers have no band of their own to be held to; blind p183's `initial_poa`)
                allowed = doubt(prompt, mutant.where, (near_key.group(1),), columns=ref.columns)
            if allowed is None and (kind in _DOUBTED_KINDS or SHIFTED in mutant.where) \
                    and not (ref is not None and program(ref.artifact)):
                # (the last word: a key the prompt names nowhere but in a sentence that leaves parts open,
                # in words no rule above reads: "other keys if you want to show your working"; see _doubt)
                allowed = doubt(prompt, mutant.where, _changed_fields(ref, kind, mutant),
                                lambda: headings_only(_touched_lines(ref.reference, mutant.text))
                                if ref is not None and ref.fmt == "text" else (),
                                _map_keys(ref.fmt, ref.reference) if ref is not None else frozenset(),
                                lambda: _extras(prompt, ref.fmt, ref.reference) if ref is not None else frozenset(),
                                lambda: ref.columns() if ref is not None else ())
            if allowed is None and any(m in mutant.where for m in LIST_MARKS) \
                    and not _asks_every(prompt):
                # (a list the answer does not hold is a wrong one only where the prompt asks for every right one:
                # "five different valid panels" may be any five; review)
                allowed = ("warn", "the prompt does not ask for every list: the one the change makes may be another "
                                   "right one")
            if allowed is None and kind == "drop_record" and "count made" in mutant.where \
                    and not _asks_every(prompt):
                # (a row dropped with the line counting the rows made one less is a wrong answer only where the prompt
                # asks for every right row: "at least 12 distinct valid lineups" may be any 15; review)
                allowed = ("warn", "the prompt does not ask for every row: the rows left, and their count, may be "
                                   "another right answer")
            if allowed is not None:
                state.open_count += 1
                if len(state.open) < 8:
                    state.open.append((mutant, cap(outcome.result.detail, 200), allowed))
                if state.open_count <= OPEN_GRADED:
                    # (a change the prompt leaves open tests nothing it grades: not a draw of the budget, so the
                    # kind's few draws still reach the graded columns; blind p129, whose one `limiting_hour`
                    # swap met an hour out of range after a free `route` swap had taken a draw)
                    raise UnsatisfiedAssumption()
                return False
            state.accepted.append((mutant, cap(outcome.result.detail, 200)))
            return True
        if kind in ORDER_KINDS and top_level_swap(mutant.where) and rows_unordered(allows) and (
                ref is None or ref.records_swapped(mutant.where, prompt)):
            state.refused.append((mutant, "it says the order of the output's records does not matter",
                                  cap(outcome.result.detail, 200)))
        elif kind == "swap_records" and ref is not None and (
                clause := allows.frees_list(mutant.where, ref.nested_lists())):
            state.refused.append((mutant, f"it says {clause!r}", cap(outcome.result.detail, 200)))
        elif ref is not None and (chosen := _chosen_value(allows, ref, kind, mutant)):
            state.refused.append((mutant, chosen, cap(outcome.result.detail, 200)))
        if kind != "number_near" or factor_of(mutant.where) == WARN_FACTOR:
            # (a number moved 100x and rejected says nothing of one moved 8x: only the smallest move clears)
            state.places.add(place_of(mutant))
        if len(state.places) >= (NEAR_PLACES if kind == "number_near" else max(CLEAR_AFTER, examples)
                                 if kind in _LINE_DROPS else CLEAR_AFTER) and not state.errors \
                and not state.accepted:
            raise _ClearlyRejected()  # spend the budget where it finds things
        return False

    def tick() -> None:  # (a mutant is rendered as the scout reads it: 0.3 s each of a 12 MB document)
        if time.monotonic() > state.deadline:
            raise _OutOfTime()

    minimal = None
    try:
        if scout(draws, accepted, examples, random.Random(f"{ctx.task.instance_id}:{kind}:scout"), place_of, tick,
                 defer=(lambda m: free_lines.confined(text, m.text)) if free_lines else None):
            # A mutant was accepted: Hypothesis searches again (the verdicts are remembered) and
            # shrinks what it finds to a minimal example.
            config = settings(max_examples=examples, database=None, deadline=None, derandomize=False,
                              suppress_health_check=list(HealthCheck),
                              phases=[Phase.generate, Phase.shrink])
            seed = random.Random(f"{ctx.task.instance_id}:{kind}")
            with hypothesis_home(), warnings.catch_warnings():  # large artifacts make Hypothesis warn about its repr
                warnings.simplefilter("ignore", HypothesisWarning)
                minimal = find(draws.strategy(), accepted, settings=config, random=seed)
    except (NoSuchExample, Unsatisfiable):
        if state.accepted:  # the scout's accepted mutant, which Hypothesis' own draws did not meet
            minimal = state.accepted[-1][0]
    except _ClearlyRejected:
        if state.open:
            return _left_open(ctx, kind, state)
        return CaseResult(kind, OK, f"{state.graded} mutant(s) at {len(state.places)} places rejected; "
                                    "clearly rejected, search stopped")
    except _OutOfTime:
        if state.accepted:
            minimal = state.accepted[-1][0]  # shrinking only ever records smaller accepted examples
        elif not state.errors and not state.open and state.graded == 0:
            return CaseResult(kind, SKIPPED, f"{NOT_RUN} its share of the budget was spent before a mutant was graded")
        elif not state.errors and not state.open:
            return CaseResult(kind, OK, f"{state.graded} mutant(s) rejected before the time budget ran out")
    if minimal is not None:
        ctx.settle(minimal.text)  # a verdict that differs makes the gate's warm_canary() redo every kind
        detail = next((d for m, d in state.accepted if m == minimal), "")
        factor = factor_of(minimal.where) if kind == "number_near" else None
        said = _checked_to_the_cent(prompt) if allows.stated is None and allows.implied is not None \
            and allows.implied.abs >= 0.01 and factor is not None and factor >= 16 else None
        if said is not None:
            return CaseResult(kind, FINDING, cap(
                f"grader ACCEPTED a number {factor}x further from the reference than the cent the prompt holds its "
                f"figures to ({said!r}): {minimal.describe()}; grader detail: {detail!r}", 600))
        if factor is not None and allows.stated is None:
            # (a band the prompt's rounding implies, "rounded to the cent": it states no tolerance, so a
            # grader looser than the rounding is a question for its author, not a broken rule; but where the
            # prompt says the figures are checked exactly to the cent, "must match ours exactly in cents", a move
            # of 16 cents or more is wrong by its own words; blind p279)
            return CaseResult(kind, WARNING, cap(
                f"grader accepted a number {factor}x further from the reference than the place the prompt "
                f"rounds to ({allows.implied.sentence!r}), though it states no tolerance: {minimal.describe()}; "
                f"grader detail: {detail!r}", 600), "warn")
        if factor is not None and factor <= WARN_FACTOR and (
                bigger := _escalated(ctx, grade, kind, draws, minimal, allows)) is not None:
            # (a slow grader's budget ran out on the 8x move: the same number moved 16x and 100x, two
            # gradings; blind p81: AEP 5% relative where the prompt says 0.1%, reported as 8x)
            minimal, detail = bigger
            factor = factor_of(minimal.where)
        if factor is not None:
            # (8x a band the prompt states one way only, of this number's own key, is past any misreading
            # of it: blind p116, p126, p134 and p146 each planted a band 10x looser than stated, reported at
            # 8x; a band two readings or another key's words give stays a warn)
            status = WARNING if factor <= WARN_FACTOR and not allows.stated.sure(_mutated_keys(minimal.where)) \
                else FINDING
            return CaseResult(kind, status, cap(
                f"grader ACCEPTED a number {factor}x further from the reference than the prompt allows "
                f"({allows.stated.sentence_for(_mutated_keys(minimal.where))!r}): {minimal.describe()}; "
                f"grader detail: {detail!r}", 600))
        examples = (m for m in (ref.sweep(kind) if ref else ())
                    if not (free_lines and free_lines.confined(text, m.text)))  # no test of the grader
        also = _also_accepted(ctx, grade, kind, minimal, examples, allows, state.deadline)
        return CaseResult(kind, FINDING, cap(
            f"grader ACCEPTED a mutant (shrunk minimal example): {minimal.describe()}; "
            f"grader detail: {detail!r}" + (f"; also accepted at: {'; '.join(also)}" if also else ""), 900))
    if state.errors:
        mutant, error = state.errors[0]
        # (what it did instead, as the first one's error says: a timeout is no exception)
        did = {"timeout": "did not finish", "crash": "crashed", "bad_shape": "returned an invalid result"}.get(
            error.split(":", 1)[0].removeprefix("grader "), "raised")
        return CaseResult(kind, FINDING, cap(
            f"grader {did} instead of returning a failing GradeResult on {len(state.errors)} mutant(s), "
            f"first: {mutant.describe()}; {error}", 1200))
    if state.open:
        return _left_open(ctx, kind, state)
    if state.graded == 0:
        return CaseResult(kind, SKIPPED, "no mutant could be drawn")
    return CaseResult(kind, OK, f"{state.graded} mutant(s) rejected")


MAX_ALSO = 5  # other fields named in a finding
_ESCALATE_READ = 300  # mutants read (not graded) for a number_near move's bigger twins
_ESCALATE_S = 2.0  # and seconds spent reading them (each is a whole document rendered)
_ESCALATE_OTHERS = 4  # other places whose number is moved by the next factor when this one's bigger moves fail


def _escalated(ctx, grade, kind: str, draws, minimal: Mutation, allows) -> tuple[Mutation, str] | None:
    """The number an accepted number_near mutant moved, moved by a bigger factor (the biggest first) and
    accepted too, confirmed in a forked child, with the grader's detail; None when no bigger move is
    accepted (or none is drawn among the first _ESCALATE_READ mutants)."""
    factor = factor_of(minimal.where)
    base = minimal.where.rsplit(", ", 1)[0]
    wanted = {f"{base}, {f}x the prompt's tolerance": f for f in FACTORS if factor is not None and f > factor}
    found: dict[int, Mutation] = {}
    # (and the next factor at other places: a relative tolerance where the prompt states an absolute one
    # lets bigger numbers further; blind p86: 1% of 12.5 days rejects 16x of ±0.01, 1% of 20.4 °C does not)
    others: dict[str, Mutation] = {}
    nearest = min((f for f in FACTORS if factor is not None and f > factor), default=None)
    until = time.monotonic() + _ESCALATE_S
    for mutant in itertools.islice(draws.values(random.Random(f"{ctx.task.instance_id}:{kind}:up")), _ESCALATE_READ):
        if time.monotonic() > until:
            break
        where = getattr(mutant, "where", None)
        f = wanted.get(where)
        if f is not None:
            found.setdefault(f, mutant)
        elif nearest is not None and isinstance(where, str) and factor_of(where) == nearest \
                and len(others) < _ESCALATE_OTHERS and allows.leaves_open(kind, where) is None:
            others.setdefault(where.rsplit(", ", 1)[0], mutant)
        if len(found) == len(wanted) and (nearest is None or len(others) >= _ESCALATE_OTHERS):
            break
    for mutant in [found[f] for f in sorted(found, reverse=True)] + list(others.values()):
        outcome = grade(mutant.text, label=f"{kind}\t{mutant.describe()}")
        if outcome.ok and outcome.passed:
            settled = ctx.settle(mutant.text)
            if settled.ok and settled.passed:
                return mutant, cap(settled.result.detail, 200)
    return None


def _also_accepted(ctx, grade, kind: str, minimal: Mutation, examples: Iterable[Mutation], allows,
                   deadline: float) -> list[str]:
    """The other fields whose change of this kind the grader accepts too (one mutant each, confirmed in
    a forked child), up to MAX_ALSO, within the kind's time."""
    found: list[str] = []
    for mutant in examples:
        if len(found) >= MAX_ALSO or time.monotonic() > deadline:
            break
        if _mutant_place(mutant) == _mutant_place(minimal) or allows.leaves_open(kind, mutant.where):
            continue
        if grade(mutant.text, label=f"{kind}\t{mutant.describe()}").passed and ctx.settle(mutant.text).passed:
            found.append(f"{mutant.where}: {mutant.old} -> {mutant.new}")
    return found


def _within_quota(state: _Search, grade, kind: str, mutant: Mutation, ref: Reference,
                  quota: tuple[int, int, str]) -> tuple[str, str] | None:
    """(info, why) when the prompt passes an answer with up to `quota[0]` wrong records and the same
    change made in one record more than that is rejected (graded once per record and field it touches);
    None when it is accepted too (the grader passes more than the prompt allows) or cannot be made."""
    # Per record and field, not per field: a grader checking only the first records passes a change to
    # a later one with `quota` others wrong (attack11: records 11-20 of "at least 19 of the 20" unread)
    place = mutant.where
    if place not in state.quota:
        wider = widened(ref.fmt, ref.reference, kind, mutant.text, quota[0] + 1, ref.policy, quota[1])
        state.quota[place] = wider is not None and not grade(
            wider, label=f"{kind}\t{mutant.describe()} (and in {quota[0]} more record(s))").passed
    if not state.quota[place]:
        return None
    return "info", (f"the prompt passes an answer with up to {quota[0]} of {quota[1]} wrong ({quota[2]!r}); "
                    f"the same change in {quota[0] + 1} records is rejected")


def _left_open(ctx, kind: str, state: _Search) -> CaseResult:
    """Only mutants the prompt leaves open were accepted: a warning at the severity the prompt gives."""
    # the strictest severity any of them gets ("warn" over "info"), reported with its mutant
    mutant, detail, (severity, why) = min(state.open, key=lambda o: o[2][0] != "warn")
    if severity != "info":  # (a warning is confirmed in a forked child; what the prompt allows needs no fork)
        ctx.settle(mutant.text)
    return CaseResult(kind, WARNING, cap(
        f"grader accepted {state.open_count} mutant(s) that the prompt leaves open, first: {mutant.describe()} "
        f"({why}); grader detail: {detail!r}", 600), severity)


_EITHER_WAY = re.compile(r"\beither\s+way(?:\s+round)?\b|\bin\s+either\s+(?:order|direction)\b|\bany\s+order\s+"
                         r"within\b|\b(?:order|direction)\s+(?:of|within|inside)\s+(?:a|each|the)\s+\w+\s+(?:does\s*n[o']?t\s+"
                         r"matter|is\s+free)", re.IGNORECASE)
def _empty_heading_copy(reference: str, kind: str, mutant: Mutation, allows, prompt: str) -> bool:  # noqa: ANN001
    """The mutant adds one more copy of a Markdown heading of the reference, repeated as it is or written over a
    line the prompt frees; not where the prompt says a part comes once ("Each host gets exactly one section")."""
    line = (mutant.old if kind == "duplicate_record" else mutant.new).strip("'\"")
    if line.endswith("...") or not markdown_headings([line]) or ONCE.search(prompt):
        return False
    if kind == "duplicate_record":
        return re.fullmatch(r"line \d+", mutant.where) is not None
    found = re.match(r"line (\d+) replaced by a copy of line \d+$", mutant.where)
    if found is None or not allows.free_lines:
        return False
    kinds = allows.free_lines.kinds(reference)
    i = int(found.group(1)) - 1
    return 0 <= i < len(kinds) and kinds[i] in ("free", "blank")


def _unlisted_column(ref: Reference, mutant: Mutation, prompt: str) -> tuple[str, str] | None:
    """(the heading, the column) where the mutant changes a cell of a Markdown table that stands under a heading
    whose part of the prompt lists the table's columns in backticks, this one not among them."""
    column = ref.text_field(mutant.text)
    if not column:
        return None
    lines = ref.reference.splitlines()
    head, tail = common_ends(tuple(lines), tuple(mutant.text.splitlines()))
    headings = markdown_headings(lines)
    heading = next((h for k, h in reversed(headings) if k <= head), None)
    if not heading:
        return None
    for part in re.split(r"\n[^\S\n]*\n|\n(?=[^\S\n]*(?:\d+[.)]|[-*])\s)", prompt):
        # (a part naming this section as a heading, `## RMA status`, and no other: not "write a short summary to
        # `out/summary.md`", nor an intro naming every section; review)
        named = [h for _, h in headings if _names_heading(part, h)]
        if named == [heading] or (heading in named and len(set(named)) == 1):
            names = {c.strip().strip("*_ ").lower() for span in re.findall(r"`([^`\n]+)`", part)
                     for c in re.split(r"[|,]", span) if c.strip()}
            if len(names) >= 2:
                return (heading, column) if column.strip().lower() not in names else None
    return None


def _names_heading(part: str, heading: str) -> bool:
    """`part` of the prompt names `heading` as a section's heading: `## Heading`, or "the Heading section/table"."""
    h = re.escape(heading)
    return re.search(rf"#{{1,6}}\s*{h}(?![\w-])|(?:section|heading|table)\s+[`'\"*]*{h}[`'\"*]*(?![\w-])|"
                     rf"[`'\"*]{h}[`'\"*]+\s+(?:section|heading|table)\b", part, re.IGNORECASE) is not None


def _optional_rows_only(reference: str, mutant: str, allows) -> str:  # noqa: ANN001
    """The label of a Markdown table row the prompt calls optional (`| Total | 150 | ...`) when every
    line the mutant changes is such a row, or prose outside the table where the prompt frees commentary
    around it, and at least one is such a row; "" otherwise."""
    old, new = reference.splitlines(), mutant.splitlines()
    head, tail = common_ends(tuple(old), tuple(new))
    optional = {f.lower() for f in allows.optional_fields}
    labels: list[str] = []
    a, b = old[head:len(old) - tail], new[head:len(new) - tail]
    if len(a) + len(b) > 200:
        return ""
    free = allows.free_lines
    kinds_a = free.kinds(reference)[head:len(old) - tail] if free else ("graded",) * len(a)
    kinds_b = free.kinds(mutant)[head:len(new) - tail] if free else ("graded",) * len(b)

    def fits(line: str, kind: str) -> bool:
        text = line.strip()
        if not text:
            return True
        if text.startswith("|"):
            cells = [c.strip().strip("*_` ") for c in text.strip("|").split("|")]
            if cells and cells[0].lower() in optional:
                labels.append(cells[0])
                return True
            return False
        return kind in ("free", "blank", "other")  # (prose the prompt frees or never shows: not a line it requires)

    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal" and not (all(fits(a[k], kinds_a[k]) for k in range(i1, i2))
                                  and all(fits(b[k], kinds_b[k]) for k in range(j1, j2))):
            return ""
    return labels[0] if labels else ""


# a query's closing "ORDER BY ...;" (no LIMIT, which picks rows), as a cut leaves it off
_ORDER_BY_TAIL = re.compile(r"\s*ORDER\s+BY\b(?:(?!\bLIMIT\b|\bOFFSET\b)[^;])*;?\s*", re.IGNORECASE)
_SECTION_COPY = re.compile(r"\(copy of section lines (\d+)-\d+")
# "other sections are ignored", "extra tables are fine", "you may add sections of your own"
_SECTIONS_FREE = re.compile(
    r"\b(?:other|extra|additional|more|further|own)\s+(?:(?:keys?|fields?|values?)\s+(?:and|or|&)\s+)?(?:sections?|tables?)\b"
    r"[^.;\n]{0,80}?"
    r"\b(?:allowed|ignored|fine|ok(?:ay)?|welcome|permitted|accepted|up\s+to\s+you)\b|"
    r"\b(?:may|can|(?:are\s+|feel\s+)?free\s+to)\s+add\b[^.;\n]{0,40}?\b(?:sections?|tables?)\b|"
    r"\bonly\s+(?:the\s+)?`\[[^`\]\n]{1,60}\]`(?:\s+(?:section|table))?\s+(?:is|are|gets?|will\s+be)\s+"
    r"(?:read|graded|checked|compared|parsed|looked\s+at)\b", re.IGNORECASE)


def _sections_freed(prompt: str) -> str | None:
    """The words by which the prompt frees the sections it does not name ("Feel free to add other
    sections ... only `[prices]` is read"), or None (also where a negation stands by: "No other sections")."""
    for free in _SECTIONS_FREE.finditer(prompt):
        around = prompt[max(0, free.start() - 12):free.end() + 24]
        # (a "not" that frees too: "... are welcome and are not checked"; blind p193)
        around = re.sub(r"\bnot\s+(?:checked|graded|compared|read|scored|parsed)\b", " ", around, flags=re.IGNORECASE)
        if not re.search(r"\b(?:no|not|never|nothing|without)\b", around, re.IGNORECASE):
            return free.group(0)
    return None


@lru_cache(maxsize=8)
def _owners(reference: str) -> tuple[tuple[str, str] | None, ...]:
    return tuple(config_owners(tuple(reference.splitlines())))


def _line_owners(reference: str, mutant: str) -> list[tuple[str, str] | None] | None:
    """(section, key) owning each line a config file's mutant changes or drops (config_owners: the line that
    assigns the key, or an item line of the multi-line array it opens; None for a line no key owns), or None where
    it changes no line, adds one, or changes more than 200."""
    before, after = reference.splitlines(), mutant.splitlines()
    head, tail = common_ends(tuple(before), tuple(after))
    changed = range(head, len(before) - tail)
    # (lines changed in place, or lines dropped: not lines added, which no key of the reference owns)
    if not changed or len(changed) > 200 or not (len(after) == len(before) or len(after) == head + tail):
        return None
    owners = _owners(reference)
    return [owners[i] for i in changed]


_TABLE_HEADER = re.compile(r"\s*\[(\[)?\s*([^\[\]#]+?)\s*\]\]?\s*(?:#.*)?")


def _table_parent(line: str) -> str | None:
    """The collection a TOML table header's record belongs to: `samples` of `[samples."DNA-301"]` and of
    `[[samples]]`; None for another line or a top-level `[meta]`."""
    found = _TABLE_HEADER.fullmatch(line)
    if found is None:
        return None
    if found.group(1):
        return found.group(2)
    parts = re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^.\s"\']+', found.group(2))
    return ".".join(parts[:-1]) or None if len(parts) > 1 else None


def _adds_record_table(reference: str, mutant: str) -> bool:
    """The config file's mutant adds a table header of a collection the reference already holds in two tables or
    more (`[samples."DNA-4010"]` among `[samples."DNA-301"]`, ...): one record more, whatever the prompt says of
    extra keys (blind p249: "Extra keys are ignored" said of a `[[rejected]]` entry's keys)."""
    before, after = reference.splitlines(), mutant.splitlines()
    if len(after) <= len(before) or len(before) > 20_000:
        return False
    head, tail = common_ends(tuple(before), tuple(after))
    added = {p for line in after[head:len(after) - tail] if (p := _table_parent(line)) is not None}
    if not added:
        return False
    held: dict[str, int] = {}
    for line in before:
        if (p := _table_parent(line)) in added:
            held[p] = held.get(p, 0) + 1
    return any(n >= 2 for n in held.values())


def _unnamed_config_keys(reference: str, mutant: str, allows, prompt: str) -> str | None:  # noqa: ANN001
    """The key a config file's value change touches, where the prompt names neither it, nor (for a dotted key) its
    last part, nor its section, nor a pattern of keys it fits (`day_NNNNN`), and names some other key of the file;
    else None."""
    owners = _line_owners(reference, mutant)
    if not owners or None in owners or len(set(owners)) != 1:
        return None
    section, key = owners[0]
    if allows.names(key) or allows.names(key.rsplit(".", 1)[-1]) or _key_pattern_named(key, prompt):
        return None
    owned = _owners(reference)
    # (a section the prompt names without naming a key of it, "copy the `[meta]` table of `input.toml`
    # unchanged", asks for every key in it; one whose keys it lists, "a `[summary]` section holding `total` and
    # `mean`", does not ask for a `generated_by` there; review)
    if section and (allows.names(section) or allows.names(section.rsplit(".", 1)[-1]) or f"[{section}]" in prompt) \
            and not any(o is not None and o[0] == section and allows.names(o[1]) for o in owned[:5000]):
        return None
    others = list(dict.fromkeys(k for o in owned if o is not None and (k := o[1]) != key))[:200]
    return f"`{key}`" if any(allows.names(k) for k in others) else None


# a key written as a pattern: `day_NNNNN`, `T<n>`, `site_{id}`, `x_*`: its literal start
_KEY_PATTERN = re.compile(r"`([A-Za-z_][\w.-]*?)(?:N{2,}|X{2,}|<[^>`]{1,20}>|\{[^}`]{1,20}\}|\*|#+)[\w.-]*`")


def _key_pattern_named(key: str, prompt: str) -> bool:
    return any(key.startswith(found.group(1)) and len(found.group(1)) >= 2 for found in _KEY_PATTERN.finditer(prompt))


def _named_keys_only(reference: str, mutant: str, prompt: str) -> bool:
    """Every line a config file's mutant changes belongs to a key the prompt names in backticks: the line that
    assigns it, or an item line of the multi-line array it opens (`combinations = [` over `["Art", "Drama",
    "PE"],`; blind p204, whose changed triple was read as a line "Extra keys are ignored" frees)."""
    owners = _line_owners(reference, mutant)
    if not owners or None in owners:
        return False
    named = {name.lower() for name in re.findall(r"`([A-Za-z_][\w.-]*)`", prompt)}
    return all(key.lower() in named for _, key in owners)


def _cut_open_tail(reference: str, mutant: str, prompt: str, allows) -> str | None:  # noqa: ANN001
    """What a config file cut short (`mutant`, a prefix of `reference`) lost, where that is only `key = value` lines
    whose keys the prompt leaves open (doubt) and, on the line it cuts, digits of a number that stays within the
    band the prompt states for its key; else None."""
    if not mutant.strip() or not reference.startswith(mutant) or mutant == reference:
        return None
    start = mutant.rfind("\n") + 1
    end = reference.find("\n", len(mutant))
    end = len(reference) if end < 0 else end
    cut_line, kept = reference[start:end], mutant[start:]
    # (a cut inside the cut line's comment, `roots = ["C:\\"]  # scanned drive`, loses no value of it; review)
    comment = _comment_at(cut_line)
    if comment < len(cut_line) and len(kept) >= comment:
        kept = cut_line
    keys: list[str] = []
    open_keys: dict[str, bool] = {}  # (doubt once per key: a tail of 8 000 lines of a few keys; review)
    for line in reference[end:].splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key = line_key(line)
        if key is not None and key not in open_keys:
            open_keys[key] = doubt(prompt, "line", (key,)) is not None
        if key is None or not open_keys[key]:
            return None
        keys.append(key)
    if len(kept) < len(cut_line):
        key = line_key(cut_line)
        if key is None:
            return None
        if doubt(prompt, "line", (key,)) is not None:
            keys.insert(0, key)
        elif _cut_in_band(cut_line, kept, prompt, allows) != key:
            return None
        else:
            return (f"digits of `{key}` within the band the prompt states for it"
                    + (f" and lines of {', '.join(keys[:3])}, which it leaves open" if keys else ""))
    if keys:
        return f"lines of {', '.join(keys[:3])}, which the prompt leaves open"
    return "only comments" if kept is cut_line and comment < len(cut_line) else None


def _cut_free_tail(reference: str, mutant: str, prompt: str, allows, free_lines) -> str | None:  # noqa: ANN001
    """What a text answer cut short (`mutant`, a prefix of `reference`) lost, where every line after the cut one is one
    the prompt frees (`free_lines`) and the cut one a `key: number` line whose number stays within the band the prompt
    states for its key (or is itself free); else None."""
    if not mutant.strip() or not reference.startswith(mutant) or mutant == reference:
        return None
    lines = reference.splitlines()
    kinds = free_lines.kinds(reference)
    at = mutant.count("\n")  # the cut line's index
    if at >= len(lines) or any(kind not in ("free", "blank") for kind in kinds[at + 1:]):
        return None
    if kinds[at] in ("free", "blank"):
        return "only lines the prompt frees"
    key = _cut_in_band(lines[at], mutant[mutant.rfind("\n") + 1:], prompt, allows)
    return None if key is None else f"digits of `{key}` within the band the prompt states for it, and lines the prompt frees"


def _cut_in_band(line: str, kept: str, prompt: str, allows) -> str | None:  # noqa: ANN001
    """The key of a `key = number` / `key: number` line cut to `kept`, where the number left stays within the band the
    prompt states for that key; else None (also where the prompt speaks of rounding or decimals, which may fix the
    digits: "each written with exactly 6 decimal places"; review)."""
    whole = re.fullmatch(r"\s*([\w.-]+)\s*[=:]\s*(-?\d+\.\d+)\s*", line)
    left = re.fullmatch(r"\s*([\w.-]+)\s*[=:]\s*(-?\d+\.\d*)", kept)
    if whole is None or left is None or allows.stated is None or not allows.stated.states_for((whole.group(1),)) \
            or ROUNDING.search(prompt):
        return None
    want, got = float(whole.group(2)), float(left.group(2))
    return whole.group(1) if abs(got - want) <= allows.stated.band_at((whole.group(1),), want) else None


def _free_sections_only(reference: str, mutant: str, prompt: str) -> str | None:
    """The sections of an INI/TOML answer a change stays in where each is one the prompt never names and
    the prompt frees the sections it does not name (blind p59: `max_abs_residual` of a `[solver]` section
    beside "only `[prices]` is read"); None where it touches a named section or the lines above the first."""
    freed = _sections_freed(prompt)
    # (a section an acceptance scenario adds, "Given the file also has a [head_m] table ... Then the check still
    # passes", is free as such a sentence's would be, and named by it no more; blind p193)
    extras = {name.lower() for _, names in scenario_extras(prompt) for name in names}
    if freed is None and not extras:
        return None
    old, new = reference.splitlines(), mutant.splitlines()

    def headers(lines: list[str]) -> list[str | None]:  # each line's section (None above the first)
        out, current = [], None
        for line in lines:
            if _SECTION.fullmatch(line.strip()):
                current = line.strip()
            out.append(current)
        return out
    under_old, under_new = headers(old), headers(new)

    def section_at(lines: list[str], i: int) -> str | None:
        return (under_old if lines is old else under_new)[i]
    touched: set[str | None] = set()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for i in range(i1, max(i2, i1 + 1)):
            touched.add(section_at(old, min(i, len(old) - 1)) if old else None)
        for j in range(j1, j2):
            touched.add(section_at(new, j))
        if any(_SECTION.fullmatch(line.strip()) for line in old[i1:i2] + new[j1:j2]) and not (
                tag == "delete" and all(_SECTION.fullmatch(line.strip()) for line in [ln for ln in old[i2:] if ln.strip()][:1])):
            # (a header moved, or dropped or added without its lines: which lines fall under which section
            # changes; a section dropped whole, up to the next header or the end, is a change of it alone)
            return None
    # (named as `[prices]`, or any part of its name in backticks or brackets: "a `prices` table",
    # `[prices.floor]` under it; not the plain word: "an iterative solver of your choice" names no `[solver]`)
    if not touched or None in touched:
        return None
    # (a section of the shape other sections share is a record of the answer, `[P603]` of five performances with
    # `K`, `r`, `m`: never one of the "extra tables" a prompt frees; blind p248)
    records = {old[a].strip() for a, _ in config_sections(old)}
    # (not where the prompt says which tables alone are read, "Only the `[prices]` table is read": sections of one
    # shape beside it, `[solver_pass_1]` and `[solver_pass_2]`, are the diagnostics it frees; review)
    if touched & records and not re.search(r"\bonly\s+(?:the\s+)?[`\[]", prompt, re.IGNORECASE):
        return None
    for header in touched:
        parts = [part for part in re.split(r"[.\s]+", header.strip("[] ")) if part]
        if parts and all(part.lower() in extras for part in parts):
            continue
        if freed is None or any(re.search(rf"[`\[]{re.escape(part)}[`\].]", prompt, re.IGNORECASE) for part in parts):
            return None
    return ", ".join(sorted(touched))


def _copied_section(where: str, reference: str) -> str | None:
    """The header line of the section an inject_record section copy copied ("(copy of section lines 7-9"),
    or None for another mutant."""
    found = _SECTION_COPY.search(where)
    lines = reference.splitlines()
    if found is None or not 0 < int(found.group(1)) <= len(lines):
        return None
    return lines[int(found.group(1)) - 1].strip()


def _section_copy_allowed(header: str, prompt: str, allows, artifact: str,  # noqa: ANN001
                          repeated: bool = False) -> tuple[str, str] | None:
    """Why a section copied under another name may be a right answer, or None: the prompt frees other
    sections ("extra sections are ignored": info); in TOML, where a table is a key, it grants other keys
    and the copy's new name is a key of its own (`[work_orders.WO-5001.wip-x]` beside "extra keys inside
    a work-order table are ignored"; blind p52), not another id; or it names the copied section itself
    (`[input]` of a fixed layout: a schema's section, not one record of many; a warn)."""
    if (free := _sections_freed(prompt)) is not None:  # (not "No other sections ...")
        return "info", f"the prompt allows other sections ({free!r})"
    # (a key inside a record's table, `[work_orders.WO-5001.wip-x]`: three names deep at least, the copy's
    # last one new; `[employees.bob-x]` is another employee)
    if artifact.lower().endswith(".toml") and allows.other_keys and not re.search(r"\d", header) \
            and header.strip("[] ").count(".") >= 2:
        return ("info" if allows.other_keys_free else "warn"), \
            f"in TOML a table is a key, and the prompt allows other keys ({allows.other_keys!r})"
    prose = fenced_blocks(prompt)[1]  # (not a name its example block shows)
    # (an `[[array]]` header the answer repeats is a kind of record, `[[plan]]` of 64 plans, whatever the prompt calls
    # it: a copy is one record more; blind p254)
    if header.lower() in prose.lower() and not (header.startswith("[[") and repeated):
        return "warn", f"it copies {header}, a section the prompt names: one of a fixed layout, not one record of many"
    return None


# The prompt rules out entries beyond those it asks for: "no section for boxes that have been loaded" (blind
# p49's planted flaw), "no other sections", "nothing else", "only the sections above"
_NO_OTHER_ENTRY = re.compile(
    r"\bno\s+(?:other|extra|additional|further|more)\s+(?:sections?|tables?|entries|keys?|records?|ids?)\b|"
    r"\bno\s+(?:sections?|tables?|entry|entries)\s+(?:for|of)\b|"
    r"\b(?:must|should|may)\s+not\s+(?:appear|be\s+listed)\b(?!\s+(?:twice|again|more\s+than\s+once))|"
    r"\bexactly\s+the\b[^.;\n]{0,60}?\b(?:ids?|titles?|keys?|sections?|units?|entries|ones)\b|"
    r"\bonly\b[^.;\n]{0,60}?\bmay\s+appear\b|\b(?:may|must)\s+(?:not|never)\s+be\s+(?:invented|made\s+up|added)\b|"
    r"\bno\s+\w+\s+(?:may|must|can)\s+be\s+(?:invented|made\s+up|added)\b", re.IGNORECASE)


# other fields granted inside records: "add other fields to the specimen records", "other keys on each
# entry", "other fields per job"
_INSIDE_RECORDS = re.compile(
    r"\b(?:fields?|keys?|properties|attributes)\b[^.;:]{0,40}?\b(?:(?:to|in|on|inside|within)\s+(?:the|each|every|"
    r"a|an|your|any)\s+(?:[\w`-]+\s+){0,2}?(?:records?|entr(?:y|ies)|objects?|items?)\b|per\s+(?!file\b|line\b)\w+)",
    re.IGNORECASE)


def _record_fields_granted(grant: str, ref: Reference, where: str) -> bool:
    """The grant of other keys speaks of fields inside records ("you may add other fields to the specimen
    records") and the new entry is one more record of a map of records (`"specimens": {"S1003": {...}, ...}`):
    a record no input has, not a field of one (blind p100: a disposed specimen kept in the map)."""
    if not _INSIDE_RECORDS.search(grant):
        return False
    paths = where_paths(where)
    node = _tree_data(ref.fmt, ref.reference)
    if node is None or len(paths) != 1 or len(paths[0]) < 1:
        return False
    try:
        for step in paths[0][:-1]:
            node = node[step]
    except (KeyError, IndexError, TypeError):
        return False
    return record_map(node)


def _given_lines(ctx, prompt: str, lines: list[str]) -> bool:  # noqa: ANN001 - a TaskContext
    """One of `lines` (a header row, a heading) is given as it stands by the prompt or by a text file of the
    workspace (a `template.md` to "keep the first three lines of exactly"): a line the answer is to hold."""
    wanted = {" ".join(line.split()) for line in lines if line.strip()}
    prose = {" ".join(line.split()) for line in prompt[:200_000].splitlines()}
    return bool(wanted & prose) or bool(wanted & ctx.workspace_lines())


_SPEAKS_OF_HEADINGS = re.compile(r"\b(?:head(?:ing|er)s?|titles?|titled|sections?)\b|#", re.IGNORECASE)


def _header_row(reference: str, line: str) -> bool:
    """`line` is a Markdown table's header row in the reference: a pipe line right above a rule row."""
    if "|" not in line:
        return False
    lines = reference.splitlines()
    return any(row.strip() == line.strip() and k + 1 < len(lines) and _RULE_ROW.fullmatch(lines[k + 1].strip())
               for k, row in enumerate(lines[:20_000]))


def _new_entry(ref: Reference, mutant) -> bool:  # noqa: ANN001 - a Mutant
    """The injected record is an entry under a key of its own: a tree mapping's new key, or a config
    file's new `[section]` (a section copied under another name, or a header line copied alone)."""
    if ref.fmt != "text":
        return "(a new entry" in mutant.where
    if not _CONFIG.search(ref.artifact):
        return False
    # (an `[[array]]` table copied is one element more under the same key, no key of its own: `[[plan]]`; blind p254)
    if (copied := _copied_section(mutant.where, ref.reference)) is not None and copied.startswith("[["):
        return False
    return "copy of section lines" in mutant.where or (
        _SECTION.fullmatch(new := str(mutant.new).strip("'\" ")) is not None and not new.lstrip().startswith("[["))


def _reassigned(reference: str, mutant) -> bool:  # noqa: ANN001 - a Mutant
    """The mutant moves a record from one of the answer's labels to another: its old value is one several
    records share and its new one a token the reference holds (not an id, not a value no record has)."""
    old, new = (str(v).strip("'\"") for v in (mutant.old, mutant.new))
    if not new or not old or max(len(old), len(new)) > 80:
        return False

    def count(value: str) -> int:
        return len(whole_token(value).findall(reference))
    # (a value several records share, a door: a label the answer assigns; an id, once each, is no label; or a day of a
    # schedule moved to another day it uses: a reset on 04-08 beside another's; blind p383)
    return count(new) >= 1 and (count(old) >= 2 or bool(ISO_DAY.fullmatch(old) and ISO_DAY.fullmatch(new)))


_COPY_BEFORE = re.compile(r"before line (\d+) \(copy of line (\d+)")


def _swapped_indices(lines: list[str], where: str) -> tuple[int, int] | None:
    """The 0-based indices, in order, of the two lines a text swap exchanged ("line 2 <-> line 8"), or None."""
    found = re.fullmatch(r"line (\d+) <-> line (\d+)", where)
    if found is None:
        return None
    a, b = sorted(int(g) - 1 for g in found.groups())
    return (a, b) if 0 <= a < b < len(lines) else None


def _swapped_keys(reference: str, where: str) -> tuple[str, ...]:
    """The keys of the two `key = value` lines a text swap exchanged ("line 2 <-> line 8"), or () where either is
    no such line."""
    lines = reference.splitlines()
    pair = _swapped_indices(lines, where)
    keys = tuple(line_key(lines[k]) for k in pair) if pair else (None,)
    return () if None in keys else keys


_INTERLEAVE = re.compile(r"\b(?:how\s+(?:the\s+)?(?:two\s+|different\s+|\w+\s+)?kinds\s+(?:of\s+lines?\s+)?interleave|"
                         r"where\s+the\s+[`'\"]{0,2}[A-Z_]+[`'\"]{0,2}(?:\s+(?:and|or)\s+[`'\"]{0,2}[A-Z_]+[`'\"]{0,2})?\s+lines?\s+go)"
                         r"\b[^.;]{0,120}?\b(?:does\s*n[o'\u2019]?t|do\s*n[o'\u2019]?t)\s+matter\b")


def _interleave_free(prompt: str) -> str | None:
    """The sentence freeing how the answer's kinds of line interleave, each kind keeping its own order
    ("How the two kinds interleave, and where the KEEP and QUOTA lines go, does not matter"), with the text before it
    that names the kinds (up to 200 characters), or None."""
    found = _INTERLEAVE.search(prompt)
    return " ".join(prompt[max(0, found.start() - 200):found.end()].split()) if found else None


def _kinds_kept(reference: str, where: str, said: str) -> bool:
    """A text swap ("line 4 <-> line 8") exchanged lines of two kinds (their first words differ), and moved
    neither past a line of its own kind, but for a kind whose lines the sentence `said` lets go anywhere ("where
    the KEEP and QUOTA lines go"): every other kind's lines stand in their order."""
    lines = reference.splitlines()
    pair = _swapped_indices(lines, where)
    if pair is None:
        return False
    a, b = sorted(pair)
    head = [line.split()[0] if line.split() else "" for line in (lines[a], lines[b])]
    if not all(head) or head[0] == head[1]:
        return False
    # (kinds the prompt names there, `ELECTED`, `KEEP`: not a title line, nor a QUOTA line it says comes last; review)
    named = {w for w in re.findall(r"[A-Z][A-Z_]{2,}", said)}
    if not set(head) <= named:
        return False
    placed = set()
    if (go := re.search(r"\bwhere\s+the\s+(.{1,60}?)\s+lines?\s+go\b", said)) is not None:
        placed = {w for w in re.findall(r"[A-Za-z_]+", go.group(1)) if w.isupper()}
    between = {line.split()[0] for line in lines[a + 1:b] if line.split()}
    return not ((set(head) - placed) & between)


_LINES_NOUN = re.compile(r"\b([A-Za-z]{3,})\s+(?:lines?|rows?|section|entries|records)\b", re.IGNORECASE)


def _other_lines_ordered(reference: str, where: str, order_sentences: tuple[str, ...],
                         free_lines=None) -> str | None:  # noqa: ANN001 - free_lines: FreeLines | None
    """The first sentence ordering the answer's lines, where each names a kind of line ("Film lines: `rank film_id
    ...`, ranked by adjusted score") and none names the kind of the lines a text swap reordered: lines of one block of
    one shape, whose kind the words of the lines heading the block say (`JURORS`, `juror scale offset`), the kinds
    the sentences name being other blocks of the answer (blind p234: two juror lines exchanged). A line of the block
    may have been exchanged with a line the prompt does not show as graded (a heading or the title moved, the
    block's lines in another order or one of them apart from the rest)."""
    lines = reference.splitlines()
    pair = _swapped_indices(lines, where) if order_sentences else None
    if pair is None or pair[1] - pair[0] > 2000:
        return None
    a, b = pair
    shapes = [" ".join(_SHAPE.sub("#", line).split()) for line in lines[:b + 2]]
    block = shapes[b] if shapes[a] != shapes[b] else shapes[a]
    top = b if shapes[b] == block else a
    while top > 0 and shapes[top - 1] == block:
        top -= 1
    heads = range(max(0, top - 2), top)
    if shapes[a] != shapes[b]:
        kinds = free_lines.kinds(reference) if free_lines else ()
        if a >= len(kinds) or kinds[a] not in ("free", "other"):
            return None  # (a line the prompt shows as graded, moved into the block)
    elif any(shapes[k] != block and k not in heads for k in range(a, b + 1)):
        return None
    own = {singular(w) for k in heads for w in re.findall(r"[A-Za-z]{3,}", lines[k])}
    if not own:
        return None
    named: set[str] = set()
    width = len(lines[b].split())
    for sentence in order_sentences:
        # (a sentence showing the shape of the lines it orders, "Film lines: `rank film_id adjusted ...`", orders lines
        # of that many fields, whatever words stand above them: "Festival results (5 jurors)"; review)
        if any(len(span.split()) == width for span in re.findall(r"`([^`\n]{3,200})`", sentence)):
            return None
        nouns = {singular(m.group(1)) for m in _LINES_NOUN.finditer(sentence)}
        if not nouns or nouns & own or any(re.search(rf"\b{re.escape(w)}s?\b", sentence, re.IGNORECASE) for w in own):
            return None
        named |= nouns
    rest = "\n".join(lines[:heads.start] + lines[b + 1:])
    if not any(re.search(rf"\b{re.escape(n)}s?\b", rest, re.IGNORECASE) for n in named):
        return None
    return " ".join(order_sentences[0].split())[:200]


def _tables_reordered(mutant: Mutation, reference: str) -> bool:
    """Two whole `[table]`s of a config file exchanged, in a file with no `[[array]]` entries (whose order is the
    array's, and under which a `[runs.result]` table belongs to the entry above it; review)."""
    return mutant.where.endswith(SECTIONS_SWAPPED) and re.search(r"^\s*\[\[", reference, re.MULTILINE) is None


def _keys_reordered(reference: str, where: str) -> bool:
    """The swap exchanged two `key = value` lines of different keys in one section of a config file (no
    `[section]` header between them), each a whole entry on its line: a parser reads the same mapping."""
    lines = reference.splitlines()
    pair = _swapped_indices(lines, where)
    if pair is None:
        return False
    a, b = pair
    keys = line_key(lines[a]), line_key(lines[b])
    if None in keys or keys[0] == keys[1] or "$" in lines[a] + lines[b]:
        return False  # (a `.env` value naming another, `DATA=${BASE}/data`, reads in order)
    # Every line up to b outside an open value (brackets, a triple-quoted string), the two swapped lines
    # each a whole entry, and no `[table]` header between them.
    depth, triple = 0, False
    for k, line in enumerate(lines[:b + 1]):
        whole = depth == 0 and not triple
        if a <= k <= b and whole and k not in (a, b) and line.lstrip().startswith("["):
            return False
        if k in (a, b) and not whole:
            return False
        if line.count('"""') % 2 or line.count("\'\'\'") % 2:
            if k in (a, b):
                return False  # (a line opening or closing a multi-line string is no whole entry)
            triple = not triple
            continue
        code = re.sub(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'", "", line)
        if not triple:
            depth += code.count("[") + code.count("{") - code.count("]") - code.count("}")
            depth = max(depth, 0)
        if k in (a, b) and (depth or triple or line.rstrip().endswith("\\")):
            return False
    return True


def _given_later(reference: str, mutant: Mutation) -> bool:
    """The injected `key = value` line goes above a line of the same key in the same section of a config
    file: a last-wins reader keeps the reference's value."""
    copy = _COPY_BEFORE.match(mutant.where)
    key = line_key(mutant.new.strip("'\""))
    if copy is None or key is None:
        return False
    for line in reference.splitlines()[int(copy.group(1)) - 1:]:
        if line.lstrip().startswith("["):
            return False
        if line_key(line) == key:
            return True
    return False
_CONFIG = re.compile(r"\.(ini|cfg|conf|toml|properties|env)$", re.IGNORECASE)
_SECTION = re.compile(r"\[[A-Za-z_][\w .:-]*\]")  # an INI or TOML `[section]` (not a TOML `[[array]]` entry)
_TIED = re.compile(r" \(tied on '([^']*)'(?:, '[^']*')*\)$")  # (the first field the two tie on names the sort)
# A tie-break the prompt names: "ties broken by name", "then by goal difference", "Rank teams by, in this
# order: 1. points 2. goal difference"
_TIEBREAK = re.compile(r"\btie-?break|\bties?\s+(?:are\s+|is\s+)?(?:broken|resolved|decided|settled)\s+(?:by|on)\b|"
                       r"\bthen\s+(?:by\s+)?[`*\"']?[A-Za-z_]|\b(?:rank|sort|order)\w*\b[^.\n]{0,40}?\bin\s+this\s+order\b|"
                       r"\b(?:followed\s+by|and\s+then)\b|"
                       # ("break ties by `varietal` name A→Z", "if tied, by flight": blind p84)
                       r"\b(?:break|breaking|resolve|settle|decide)s?\s+(?:any\s+|the\s+)?ties\b|"
                       r"\b(?:if|when)\s+tied\b|\b(?:on|for|in\s+case\s+of)\s+(?:a\s+)?ties?\s*[,:]|"
                       # ("runners with the same rounded net time are ordered by bib number ascending": blind p98)
                       r"\b(?:with|of|having|sharing)\s+(?:the\s+|an?\s+)?(?:same|equal|identical)\s+(?:[\w`*-]+\s+){0,4}?"
                       r"(?:are|is|get|go)\s+(?:then\s+)?(?:ordered|sorted|ranked|listed|placed|put)\s+(?:by|on)\b|"
                       # ("when two stations have the same `net_flow`, the lower `station_id` comes first": p112)
                       r"\b(?:lower|higher|smaller|larger|earlier|later|lowest|highest|smallest|largest)\s+[`*]?[\w-]+[`*]?"
                       r"\s+(?:comes?|goes?|is\s+listed|is\s+placed)\s+first\b",
                       re.IGNORECASE)


def _tie_swap_open(prompt: str, key: str) -> tuple[str, str] | None:
    """(severity, why) for an accepted swap of two neighbours tied on the list's sort key `key`: `info`
    where the prompt lets ties come in either order, `warn` where it names no tie-break (another order
    of the two may be right), None (a finding, where the order is stated) where it names one."""
    from artifactbench.gates.fuzz._ties import _TIES

    free = "info", f"the two records tie on {key!r} and the prompt lets ties come in either order"
    if _TIES.search(prompt):
        return free
    breaks = list(_TIEBREAK.finditer(prompt))
    # A phrase about ties may free their order ("If tied, either depot may come first", "no need to break
    # ties", "break ties however you like"): where every phrase that speaks of ties does, and none breaks
    # them, ties are free, whatever "then by"/"followed by" says elsewhere (review)
    tied = [m for m in breaks if _TIE_WORD.search(m.group()) or _SAME.search(m.group())]
    freed = [m for m in tied if _tie_freed(prompt, m)]
    # (a second sort key stated in a sorting sentence, "by `points`, then by `goal_diff`; if tied on both,
    # either may come first", breaks the ties on the first: only full ties are free; review)
    second_key = any(m not in tied and _SECOND_KEY.match(m.group()) and _SORTING.search(_sentence_at(prompt, m.start()))
                     for m in breaks)
    if freed and len(freed) == len(tied) and not second_key:
        return free
    # ("if tied", "in case of a tie" name a tie-break only with an order after them: "if tied, by name";
    # "if tied, any of them may come first" or words this reading does not know leave it open)
    if any(m not in freed and (m not in tied or not _OPEN_TIE.match(m.group())
                               or _ORDER_AFTER.search(_clause_after(prompt, m))) for m in breaks):
        return None
    if freed:
        return free
    return "warn", f"the two records tie on {key!r} and the prompt names no tie-break"


_TIE_WORD = re.compile(r"\bti(?:e|es|ed)\b", re.IGNORECASE)
_SAME = re.compile(r"\b(?:same|equal|identical)\b", re.IGNORECASE)  # ("with the same net time are ordered by")
_SECOND_KEY = re.compile(r"\b(?:then|followed)\s+(?:by|on)\b|\bthen\s+[`*\"']", re.IGNORECASE)
_SORTING = re.compile(r"\b(?:sort\w*|order(?:ed)?\s+by|rank\w*|ascending|descending|alphabetical\w*)\b", re.IGNORECASE)
_OPEN_TIE = re.compile(r"(?:if|when|on|for|in\s+case\s+of)\b", re.IGNORECASE)
_ORDER_AFTER = re.compile(r"\bby\b|\b(?:alphabetic\w*|ascending|descending|earlier|earliest|later|latest|lower|higher|"
                          r"smaller|larger|lowest|highest|first\s+(?:by|in))\b|A\s*(?:→|->|to)\s*Z|`", re.IGNORECASE)


def _sentence_at(text: str, at: int) -> str:
    start = max(text.rfind(".", 0, at), text.rfind("\n", 0, at)) + 1
    end = min((i for i in (text.find(".", at), text.find("\n", at)) if i >= 0), default=len(text))
    return text[start:end]


def _clause_after(text: str, match: re.Match) -> str:
    return re.split(r"[.;:()\n]", text[match.end():match.end() + 80], maxsplit=1)[0]


_TIE_FREE = re.compile(r"\beither\s+(?:\w+\s+){0,2}?(?:may|can|is|are|comes?|goes?|first|way|order)\b|\b(?:in\s+)?any\s+order\b|"
                       r"\bany\s+of\s+them\b|\bwhichever\b|\bunspecified\b|\birrelevant\b|\bnot\s+specified\b|"
                       r"\b(?:both|either)\s+(?:orders?\s+)?(?:is|are)\s+(?:fine|ok|okay|accepted|allowed)\b|"
                       r"\bhowever\s+you\b|\bwhatever\s+(?:order|you)\b|\bboth\s+orders\b|\bas\s+you\s+(?:like|wish|please)\b|"
                       r"\banything\s+goes\b|\bup\s+to\s+you\b|\byour\s+(?:choice|call)\b|\b(?:does|do)\s*n[o'’]?t\s+matter\b|"
                       r"\barbitrar(?:y|ily)\b|\bfreely\b", re.IGNORECASE)
_TIE_KEPT = re.compile(r"\b(?:never|must\s+not|mustn['’]?t|may\s+not|cannot|not\s+(?:be\s+)?left)\b", re.IGNORECASE)
_NO_NEED = re.compile(r"\b(?:no\s+need\s+to|need\s*n[o'’]?t|do\s*n[o'’]?t\s+(?:have|need)\s+to|not\s+(?:necessary|required)\s+to)"
                      r"\s*$", re.IGNORECASE)


def _tie_freed(prompt: str, match: re.Match) -> bool:
    """The tie phrase at `match` frees the order of ties: "no need to" before it, or a freeing phrase in the
    rest of its clause ("either may come first", "however you like"), not one said never to hold ("a tie
    must never be left in arbitrary order")."""
    rest = re.split(r"[.;:()\n]", prompt[match.end():match.end() + 80], maxsplit=1)[0]
    if _NO_NEED.search(prompt[max(0, match.start() - 40):match.start()]):
        return True
    return _TIE_FREE.search(rest) is not None and _TIE_KEPT.search(prompt[match.start():match.end()] + rest) is None
