"""read_prompt's free_lines: which lines of a text or Markdown artifact the prompt declares free, and
whether a mutant's change stays on them (table-driven)."""

from __future__ import annotations

import pytest

from artifactbench.gates.core import read_prompt
from artifactbench.gates.core._free_lines import _kinds, _patched

FORMAT = ("Write `weekly.md`. It must hold one Markdown table with this header, one row per team:\n\n"
          "```\n| team | tickets | median_hours |\n|---|---|---|\n```\n\n"
          "After the table, add the line `**Open at week end:** <N>`.\n\n")
REPORT = """# Support week 22, 2025

Counts include reopened tickets.

| team | tickets | median_hours |
|---|---|---|
| billing | 41 | 6.5 |
| platform | 17 | 11.0 |

**Open at week end:** 9

Platform was short of two people for 3 days.
"""
LINES = REPORT.splitlines()


def _text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


# Declarations: (id, closing sentence of the prompt, the parts it frees)
DECLARED = [
    ("headings-commentary-else", "Headings, commentary and anything else in the report are free text and are not "
                                 "graded.", {"headings", "commentary", "anything else"}),
    ("titles-notes-other-text", "Titles, notes and any other text in the file are free-form; they are never graded.",
     {"headings", "commentary", "anything else"}),
    ("headings-ignored", "Headings are ignored by the grader.", {"headings"}),
    ("prose-up-to-you", "Any prose around the table is up to you.", {"commentary"}),
    ("rest-not-checked", "The rest of the report is not checked.", {"anything else"}),
    ("may-add-title-prose", "You may add a title or other prose lines, but no second table.",
     {"headings", "commentary"}),
    ("report-can-include-notes", "Your report can include notes after the table.", {"commentary"}),
    ("fine-only-the-table-read", "It must contain this table (any prose, headings or notes before or after it are "
                                 "fine — only the table is read):", {"headings", "commentary", "anything else"}),
    ("only-the-table-read", "Only the table is read.", {"anything else"}),
    ("input-then-report-may-include", "The log can contain comments; your report may include notes.",
     {"commentary"}),
]
# ... and sentences that free nothing
NOT_DECLARED = [
    ("silent", "Keep it short."),
    ("nothing-else", "Nothing else may be in the file; headings are not allowed."),
    ("input-comments", "Comments in `tickets.csv` are ignored."),
    ("headings-must", "Headings must follow the layout above."),
    ("input-may-include", "The log may include comments and blank lines."),
    ("may-add-pinned", "You may add a title, which must read exactly `# Audit`."),
    ("may-not-add", "You may not add a title or any prose."),
    ("only-read-but-nothing-else", "Only the table is read; nothing else may appear in the file."),
    ("input-comments-fine", "Comments in the input are fine."),
    # a permission whose subject is an input, whatever the "you" after it
    ("input-can-contain-you-skip", "Lines of `server.log` can contain comments; you can skip them."),
    ("input-entries-may-include", "Some entries of the input may include notes, which you can ignore."),
    # a part inside each record: the record lines stay graded
    ("each-finding-may-include", "In your report, each finding may include an explanation of why the rule "
                                 "was broken."),
]


@pytest.mark.parametrize("sentence, parts", [c[1:] for c in DECLARED], ids=[c[0] for c in DECLARED])
def test_a_declaration_names_the_free_parts(sentence, parts):
    free = read_prompt(FORMAT + sentence).free_lines
    assert set(free.parts) == parts and free.sentence


@pytest.mark.parametrize("sentence", [c[1] for c in NOT_DECLARED], ids=[c[0] for c in NOT_DECLARED])
def test_other_sentences_free_no_line(sentence):
    free = read_prompt(FORMAT + sentence).free_lines
    assert not free
    assert not free.confined(REPORT, REPORT.replace("week 22", "week 2200"))


ALL_FREE = FORMAT + "Headings, commentary and anything else in the report are free text and are not graded."
# (id, mutant, confined to free lines) under ALL_FREE
MUTANTS = [
    ("number-in-heading", REPORT.replace("week 22", "week 1220"), True),
    ("type-in-heading", REPORT.replace("2025", "n/a"), True),
    ("heading-dropped", _text(LINES[1:]), True),
    ("heading-twice", _text(LINES[:1] + LINES), True),
    ("heading-copy-injected", _text(LINES[:10] + ["# Support week 1220, 21250"] + LINES[10:]), True),
    ("heading-swapped-with-commentary", _text([LINES[2], LINES[1], LINES[0]] + LINES[3:]), True),
    ("commentary-number", REPORT.replace("3 days", "1030 days"), True),
    ("commentary-cut", REPORT[: REPORT.rindex("for 3")], True),
    ("wrapped-in-brackets", "[" + REPORT.rstrip("\n") + "]\n", True),
    ("table-cell", REPORT.replace("| 41 |", "| 1041 |"), False),
    ("table-row-dropped", _text(LINES[:6] + LINES[7:]), False),
    ("table-row-twice", _text(LINES[:7] + LINES[6:]), False),
    ("table-rows-swapped", _text(LINES[:6] + [LINES[7], LINES[6]] + LINES[8:]), False),
    ("heading-inside-table", _text(LINES[:7] + [LINES[0]] + LINES[7:]), False),
    ("prescribed-line-number", REPORT.replace("week end:** 9", "week end:** 1090"), False),
    ("prescribed-line-dropped", _text(LINES[:9] + LINES[10:]), False),
    ("prescribed-line-twice", _text(LINES[:10] + LINES[9:]), False),
    ("prescribed-line-moved-up", _text([LINES[9]] + LINES[:9] + LINES[10:]), False),
    ("table-cut", REPORT[: REPORT.index("| 6.5")], False),
]


@pytest.mark.parametrize("mutant, expected", [c[1:] for c in MUTANTS], ids=[c[0] for c in MUTANTS])
def test_a_change_is_confined_to_free_lines(mutant, expected):
    assert read_prompt(ALL_FREE).free_lines.confined(REPORT, mutant) == expected


def test_only_the_named_parts_are_free():
    headings = read_prompt(FORMAT + "Headings are not graded.").free_lines
    assert headings.confined(REPORT, REPORT.replace("week 22", "week 1220"))
    assert not headings.confined(REPORT, REPORT.replace("3 days", "1030 days"))  # commentary is not free here
    commentary = read_prompt(FORMAT + "Commentary is free text.").free_lines
    assert commentary.confined(REPORT, REPORT.replace("3 days", "1030 days"))
    assert not commentary.confined(REPORT, REPORT.replace("week 22", "week 1220"))


def test_a_line_of_marks_only_is_free_where_commentary_is():
    """Blind p13: "You may add headings, notes or other prose anywhere" and the spec's wrap_in_list, whose
    `]` lands on a line of its own after a closing note: no answer is on it."""
    commentary = read_prompt(FORMAT + "You may add headings, notes or other prose anywhere.").free_lines
    assert commentary.confined(REPORT, "[" + REPORT + "]")
    assert not commentary.confined(REPORT, REPORT.replace("| 41 |", "| 41 |]"))  # a table row is no note
    headings = read_prompt(FORMAT + "Headings are not graded.").free_lines
    assert not headings.confined(REPORT, REPORT + "]")  # commentary not free: a stray line is no heading


def test_a_heading_the_prompt_pins_stays_graded():
    pinned = "The title must read exactly `# Support week 22, 2025`. Commentary is free text."
    free = read_prompt(FORMAT + pinned).free_lines
    assert not free.confined(REPORT, REPORT.replace("week 22", "week 1220"))
    assert not free.confined(REPORT, _text(LINES[1:]))
    shown = read_prompt(FORMAT + "Start with the line `# Support week 22, 2025`. Anything else is ignored.")
    assert not shown.free_lines.confined(REPORT, _text(LINES[1:]))
    assert shown.free_lines.confined(REPORT, REPORT.replace("3 days", "1030 days"))


def test_a_labelled_line_the_prompt_names_is_graded_even_without_a_template():
    prompt = ("Write `summary.txt`; state the median handling time on a line labelled Median hours. "
              "Everything else in the file is free text.")
    text = "Ticket summary\nMedian hours: 6.5\nWritten by the nightly job.\n"
    free = read_prompt(prompt).free_lines
    assert not free.confined(text, text.replace("6.5", "1065"))
    assert not free.confined(text, text.replace("Median hours: 6.5\n", ""))
    assert free.confined(text, text.replace("Ticket summary", "Ticket summary 1000"))
    # a `label: number` line the prompt never names is data, not prose: it stays graded too
    unnamed = "Ticket summary\nbilling: 41\n"
    assert not free.confined(unnamed, unnamed.replace("41", "1041"))


FENCED = REPORT + "\n```\nraw export: 41 17\n```\nSigned off by the lead.\n"


@pytest.mark.parametrize("reference, mutant", [(REPORT, c[1]) for c in MUTANTS] + [
    (FENCED, FENCED.replace("```\nraw", "raw")),  # a fence removed: every line below changes its kind
    (FENCED, FENCED.replace("Counts include", "```\nCounts include")),
    (FENCED, FENCED.replace("Platform was", "Platform\n===\nwas")),  # a setext underline below a line
], ids=[c[0] for c in MUTANTS] + ["fence-removed", "fence-added", "setext-added"])
def test_only_the_changed_lines_are_classified_again(reference, mutant):
    """confined() classifies only the lines between the texts' common head and tail: the same kinds as
    classifying the whole mutant."""
    free = read_prompt(ALL_FREE).free_lines
    old, new = tuple(reference.splitlines()), tuple(mutant.splitlines())
    head = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    tail = next((i for i, (a, b) in enumerate(zip(old[head:][::-1], new[head:][::-1])) if a != b),
                min(len(old), len(new)) - head)
    assert _patched(free, old, new, _kinds(free, old), head, tail) == _kinds(free, new)


def test_lines_with_a_prefix_the_prompt_ignores_are_free():
    from artifactbench.gates.core._free_lines import read_free_lines

    free = read_free_lines("Write one violation per line. Lines that are blank or start with `#` are ignored, "
                           "so you may add comments.")
    report = "# edge-fw-02 audit, 2026-03-01\nR12 OPEN_ANY\nR40 NO_LOG\n"
    assert free.confined(report, report.replace("2026", "21260"))
    assert free.confined(report, "# another note 7\n" + report)
    assert not free.confined(report, report.replace("R12", "R13"))


def test_a_line_neither_graded_nor_free_is_left_open_where_parts_are_free():
    """"Everything else is free-form": a bullet the prompt does not show is not certainly graded."""
    from artifactbench.gates.core._free_lines import read_free_lines

    free = read_free_lines("List the expired certificates as `| name | expired |` rows. Everything else in the "
                           "report is free-form.")
    report = "| name | expired |\n|---|---|\n| vpn-1 | 2026-01-02 |\n\n- vpn-1 expired after 2026-01-02\n"
    assert not free.touches_graded(report, report.replace("after 2026", "after 2027"))
    assert free.touches_graded(report, report.replace("| 2026-01-02 |", "| 2027-01-02 |"))


def test_a_note_line_moved_among_the_others_stays_confined_to_free_lines():
    """p6 (blind): a `//` note swapped with the report's first line was a warn (an agent's notes may go
    anywhere; every other line is there, as it was, in its order)."""
    from artifactbench.gates.core import read_prompt

    free = read_prompt("List each gap on its own line. You may add notes — any line starting with `//` is "
                       "ignored, and so are blank lines.").free_lines
    reference = "// gaps, week 37\nMon 07:00 staffed=0\nMon 08:00 staffed=1\n"
    assert free.confined(reference, "Mon 07:00 staffed=0\n// gaps, week 37\nMon 08:00 staffed=1\n")
    assert not free.confined(reference, "// gaps, week 37\nMon 08:00 staffed=1\nMon 07:00 staffed=0\n")
    assert not free.confined(reference, "// gaps, week 37\nMon 07:00 staffed=0\n// Mon 08:00 staffed=1\n")
@pytest.mark.parametrize("template, line, graded", [
    ("<name>: <count> items", "alpha: 12 items", True),
    ("Total: 12", "total: 13.5", True),
    ("... total", "grand sum total", True),
    ("<a> - <b>", "x - y - z", False),  # a placeholder stops where what follows it first matches
    ("{a}{b}", "ab", False),  # one placeholder alone names a value, not a line (p37)
    ("<user> <status>", "bob locked", True),
    ("<CODE> <name>", "Missing prerequisites:", False),
    ("<CODE> <name>", "MK002 build/parser.o", True),
    ("- ... ...", "- many words here", True),
    # (no number: where only headings are free, a line holding one is graded whatever it matches; blind p272)
    ("<name>: <count> items", "alpha: many apples", False),
])
def test_format_lines_match_what_they_show(template, line, graded):
    free = read_prompt(f"Each line reads `{template}`. Headings are free text and are not graded.").free_lines
    assert (free.kind((line,), 0, False) == "graded") is graded


@pytest.mark.parametrize("template, line", [
    ("{a}{b}{c}{d}{e}{f}{g}", "y" * 60 + " q"),  # 4 s before; 28 s with one placeholder more
    ("a ... ... ... ... ... ... ... ... ... ... z", "a " * 30),
], ids=["adjacent_words", "spaced_ellipses"])
def test_a_format_line_of_many_placeholders_matches_in_linear_time(template, line):
    import time

    free = read_prompt(f"Each line reads `{template}`. Headings are free text and are not graded.").free_lines
    started = time.monotonic()
    assert free.kind((line,), 0, False) != "graded"
    assert time.monotonic() - started < 1.0


def test_touches_graded_on_a_long_report_of_repeated_lines_is_quick():
    """difflib (autojunk off) aligned the whole report, quadratic in repeated lines: 25 s for one accepted
    mutant of 16 000 lines, in-process, past the fuzz budget."""
    import time

    lines = ["- alpha" if i % 2 else "- beta" for i in range(16_000)]
    mutant = list(lines)
    mutant[0], mutant[-2], mutant[1] = mutant[-2], mutant[0], "- gamma"
    free = read_prompt("Write `report.md`: one line per item. Commentary is free text and is not graded.").free_lines
    started = time.monotonic()
    assert not free.touches_graded("\n".join(lines) + "\n", "\n".join(mutant) + "\n")
    assert time.monotonic() - started < 2.0
    table = ["| item | n |", "|---|---|"] + [f"| i{k} | {k} |" for k in range(3000)]
    edited = list(table)
    edited[1500] = "| i1500 | 9 |"  # a graded row edited inside a long run: the skeleton says so
    assert free.touches_graded("\n".join(table), "\n".join(edited))


def test_fence_openers_never_closed_are_read_in_linear_time():
    """Each opener left open made the fence regex rescan the rest of the prompt: 1.5 s at 4 000 lines of
    "~~~ a", 40 s at 20 000."""
    import time

    from artifactbench.gates.core._free_lines import read_free_lines

    started = time.monotonic()
    read_free_lines("Headings are free text and are not graded.\n\n" + "~~~ a\n" * 20_000)
    assert time.monotonic() - started < 2.0
    free = read_free_lines("Headings are free text and are not graded.\n\n```\nTotal: <n>\n```\n\nThen `Mean: <m>`.\n")
    assert [p.pattern for p, _ in free.templates] == [r"Total:\s+\S++", r"Mean:\s+\S++"]


def test_a_lone_pipe_line_in_commentary_is_no_table_row():
    """p6's session report: a copy of a table row, numbers moved, injected above the heading. Alone it is
    no Markdown table (no header, no separator next to it), so it is not shown as graded: an accepted
    mutant there is what the prompt leaves open (warn), not a wrong table the grader took (fail)."""
    free = read_prompt(ALL_FREE).free_lines
    stray = _text(["| billing | 1040 | 9279.0 |"] + LINES)
    assert not free.touches_graded(REPORT, stray)
    inside = _text(LINES[:7] + ["| billing | 1040 | 9279.0 |"] + LINES[7:])  # a row added to the table
    assert free.touches_graded(REPORT, inside)
    kinds = _kinds(free, tuple(stray.splitlines()))
    assert kinds[0] != "graded" and kinds[5:9] == ("graded",) * 4


def test_a_pipe_line_stacked_on_a_table_header_is_no_table_row():
    """The same stray row put right above the table's header: a Markdown table starts at the row above
    its separator, so the line above that is text, not a row. A row added below the header still is one."""
    free = read_prompt(ALL_FREE).free_lines
    above = _text(LINES[:4] + ["| billing | 1040 | 9279.0 |"] + LINES[4:])
    kinds = _kinds(free, tuple(above.splitlines()))
    assert kinds[4] != "graded" and kinds[5:9] == ("graded",) * 4, kinds
    assert not free.touches_graded(REPORT, above)
    below = _text(LINES[:6] + ["| billing | 1040 | 9279.0 |"] + LINES[6:])
    assert free.touches_graded(REPORT, below)


def test_a_table_rows_outer_pipes_are_optional():
    """GFM reads "| a | b |" and "| a | b" as one row: a cut that only loses the last pipe says the same."""
    from artifactbench.gates.fuzz._formats import normalize

    assert normalize("text", "| ops | 12.5% |\n") == normalize("text", "| ops | 12.5%\n")
    assert normalize("text", "a|b|\n") != normalize("text", "a|b\n")  # not a Markdown row: a field less


def test_where_only_marked_lines_are_free_every_other_line_is_graded():
    """Blind p29: "Blank lines and lines starting with `#` are ignored" frees those lines and no
    others, so a block written over by a copy of its neighbour is a change to the answer (a fail when
    accepted), not a line the prompt leaves open (a warn)."""
    from artifactbench.gates.core._free_lines import read_free_lines

    free = read_free_lines("* Every admissible block must appear exactly once; nothing else may appear.\n"
                           "* Blank lines and lines starting with `#` are ignored, so you may put a comment "
                           "header at the top.")
    report = "# 72 blocks, produced by brute force\nABAPAPBPB\nABAPBPAPB\n"
    assert free.touches_graded(report, report.replace("ABAPAPBPB", "ABAPBPAPB"))
    assert free.confined(report, report.replace("72 blocks", "73 blocks"))


@pytest.mark.parametrize("sentence", [
    "Then a last line `TOTAL` followed by the sum of all spaces. Anything after the TOTAL line is ignored.",
    "Close with the `END` row; lines after the END row are not read.",
])
def test_lines_after_a_closing_line_the_prompt_ignores_are_free(sentence):
    """Blind p29: "Anything after the TOTAL line is ignored": a second TOTAL line after the first is on
    a free line; the first one, and every line before it, stays graded."""
    from artifactbench.gates.core._free_lines import read_free_lines

    free = read_free_lines(sentence)
    label = "TOTAL" if "TOTAL" in sentence else "END"
    report = f"ZONE  SPACES\nnorth    76\nsouth    75\n{label}  151\n"
    assert free.confined(report, report + f"{label}  151\n")
    assert free.confined(report, report + "printed 2026-05-01\n")
    assert not free.confined(report, report.replace(f"{label}  151", f"{label}  152"))
    assert not free.confined(report, report.replace("north    76", "north    77"))
    assert free.touches_graded(report, report.replace("south    75", "south    74"))


def test_a_closing_line_the_prompt_pins_frees_nothing_after_it():
    from artifactbench.gates.core._free_lines import read_free_lines

    assert not read_free_lines("Then a last line `TOTAL`. Nothing may follow the TOTAL line; lines after the "
                               "TOTAL line must not appear.")
