"""Wrong customer histories the grader must reject (plus the defaults that apply to a CSV)."""

from __future__ import annotations

import csv
import io

from swebench.artifact_negative import NegativeCase, default_negative_cases

# Columns: id, version, name, email, tier, country, valid_from, valid_to, is_current
ID, VERSION, NAME, EMAIL, TIER, COUNTRY, FROM, TO, CURRENT = range(9)


def _rows(fn):
    def mutate(text: str) -> str:
        table = list(csv.reader(io.StringIO(text, newline="")))
        rows = table[1:]
        rows = fn(rows) or rows
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([table[0], *rows])
        return out.getvalue()

    return mutate


def _later(rows, i):
    return [r for r in rows[i + 1:] if r[ID] == rows[i][ID]]


def _split(rows, i):
    """Version i split in two at its own start (an extra version with the same values), later renumbered."""
    r = rows[i]
    copy = list(r)
    r[TO], r[CURRENT] = r[FROM], "false"
    for later in _later(rows, i):
        later[VERSION] = str(int(later[VERSION]) + 1)
    copy[VERSION] = str(int(r[VERSION]) + 1)
    rows.insert(i + 1, copy)


def _split_untracked(rows):
    """A version split by an untracked-only change."""
    _split(rows, 60)


def _upsert_splits(rows):
    """An insert of an existing customer with the same tracked values treated as a new version."""
    _split(rows, next(i for i, r in enumerate(rows) if i > 200 and r[CURRENT] == "true"))


def _local_time(rows):
    rows[-11][FROM] = rows[-11][FROM].replace("Z", "+01:00")


def _deleted_still_current(rows):
    i = next(i for i, r in enumerate(rows) if i > 20 and r[CURRENT] == "false" and not _later(rows, i))
    rows[i][TO], rows[i][CURRENT] = "", "true"


def _orphan_update_revives(rows):
    """An update of a deleted customer treated as a new version."""
    i = next(i for i, r in enumerate(rows) if i > 30 and r[CURRENT] == "false" and not _later(rows, i))
    extra = list(rows[i])
    extra[VERSION] = str(int(extra[VERSION]) + 1)
    extra[FROM], extra[TO], extra[CURRENT] = rows[i][TO][:-2] + "9Z", "", "true"
    rows.insert(i + 1, extra)


def _no_millis(rows):
    for r in rows:
        r[FROM] = r[FROM][:19] + "Z"


def _rounded_millis(rows):
    """The fraction rounded instead of truncated: one millisecond later."""
    r = rows[90]
    r[FROM] = r[FROM][:20] + ("%03d" % ((int(r[FROM][20:23]) + 1) % 1000)) + "Z"


def _email_raw(rows):
    rows[45][EMAIL] = rows[45][EMAIL].upper()


def _null_country_kept(rows):
    """A `"country": null` in an update treated as 'unchanged': the old country stays."""
    r = next(r for r in rows if r[COUNTRY] == "")
    r[COUNTRY] = "DE"


def _current_flag(rows):
    rows[30][CURRENT] = "True" if rows[30][CURRENT] == "true" else "False"


def _unquoted(text: str) -> str:
    """Fields joined with commas without RFC 4180 quoting."""
    table = list(csv.reader(io.StringIO(text, newline="")))
    return "".join(",".join(r) + "\n" for r in table)


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; a CSV has none, so the text would not change.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("untracked_change_splits_version", _rows(_split_untracked), "unexpected"),
    NegativeCase("restating_insert_splits_version", _rows(_upsert_splits), "unexpected"),
    NegativeCase("update_of_deleted_revives", _rows(_orphan_update_revives), "unexpected 1 "),
    NegativeCase("valid_from_not_utc", _rows(_local_time), "'valid_from' wrong in 1"),
    NegativeCase("delete_not_closing", _rows(_deleted_still_current), "wrong in 1 version row"),
    NegativeCase("timestamps_without_millis", _rows(_no_millis), "valid_from"),
    NegativeCase("millis_rounded", _rows(_rounded_millis), "'valid_from' wrong in 1"),
    NegativeCase("email_not_normalized", _rows(_email_raw), "'email' wrong in 1"),
    NegativeCase("null_country_ignored", _rows(_null_country_kept), "'country' wrong in 1"),
    NegativeCase("is_current_capitalized", _rows(_current_flag), "is_current"),
    NegativeCase("names_not_quoted", _unquoted, "shape"),
    NegativeCase("version_missing", _rows(lambda rows: rows.pop(77) and None), "missing 1 "),
    NegativeCase("adjacent_swapped", _rows(lambda rows: rows.__setitem__(slice(40, 42), [rows[41], rows[40]])),
                 "order"),
    NegativeCase("version_zero_based", _rows(lambda rows: [r.__setitem__(1, str(int(r[1]) - 1)) for r in rows]
                                             and None), "unexpected"),
]
