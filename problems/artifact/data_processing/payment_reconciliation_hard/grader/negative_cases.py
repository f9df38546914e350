"""Task-specific wrong artifacts the grader must reject (plus the applicable defaults)."""

from __future__ import annotations

from decimal import Decimal

from swebench.artifact_negative import NegativeCase, default_negative_cases


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _first_row(text: str, predicate) -> int:
    return next(i for i, line in enumerate(_lines(text)) if i > 3 and predicate(line.split(",")))


def _set_field(predicate, column: int, change):
    def mutate(text: str) -> str:
        lines = _lines(text)
        i = _first_row(text, predicate)
        fields = lines[i].split(",")
        fields[column] = change(fields)
        lines[i] = ",".join(fields)
        return _join(lines)

    return mutate


def _cent_more(fields: list[str]) -> str:
    step = Decimal("1") if fields[1] == "JPY" else Decimal("0.01")
    return str(Decimal(fields[3]) + step)


def _voided_counted(text: str) -> str:
    """A voided (or otherwise not captured last) payment counted: an unpaid order looks settled."""
    lines = _lines(text)
    i = _first_row(text, lambda f: f[6] == "unpaid")
    f = lines[i].split(",")
    f[3], f[5], f[6] = f[2], f[2], "settled"
    lines[i] = ",".join(f)
    return _join(lines)


def _over_refund_accepted(text: str) -> str:
    """A refund beyond what the payment has left accepted: more refunded, net below zero."""
    lines = _lines(text)
    i = _first_row(text, lambda f: f[6] == "refunded")
    f = lines[i].split(",")
    extra = Decimal(f[4]) / 2
    places = Decimal(1) if f[1] == "JPY" else Decimal("0.01")
    f[4] = str((Decimal(f[4]) + extra).quantize(places))
    f[5] = str((Decimal(f[3]) - Decimal(f[4])).quantize(places))
    f[6] = "overpaid" if Decimal(f[5]) > Decimal(f[2]) else "underpaid"
    lines[i] = ",".join(f)
    return _join(lines)


def _cross(f):
    return f[6] == "settled" and f[3] != f[2]


def _rows(fn):
    return lambda text: _join(fn(_lines(text)))


def _usd(f):
    return f[1] == "USD"


NEGATIVE_CASES = [
    # renamed_field renames a JSON key; this CSV has none, so it would leave the text unchanged. The header
    # case below covers a renamed column instead.
    case for case in default_negative_cases() if case.name != "renamed_field"
] + [
    NegativeCase("paid_one_minor_unit_high", _set_field(lambda f: f[6] == "settled", 3, _cent_more), "paid wrong"),
    NegativeCase("refunded_missing_on_refunded_order",
                 _set_field(lambda f: f[6] == "refunded", 4, lambda f: "0" if f[1] == "JPY" else "0.00"),
                 "refunded wrong"),
    NegativeCase("status_settled_as_underpaid",
                 _set_field(lambda f: f[6] == "settled", 6, lambda f: "underpaid"), "status wrong"),
    NegativeCase("status_unpaid_as_underpaid",
                 _set_field(lambda f: f[6] == "unpaid", 6, lambda f: "underpaid"), "status wrong"),
    NegativeCase("net_equals_amount", _set_field(lambda f: f[6] == "underpaid", 5, lambda f: f[2]), "net wrong"),
    NegativeCase("not_captured_payment_counted", _voided_counted, "paid wrong"),
    NegativeCase("refund_over_payment_accepted", _over_refund_accepted, "refunded wrong"),
    NegativeCase("rate_correction_ignored", _set_field(_cross, 3, _cent_more), "paid wrong on 1"),
    NegativeCase("jpy_with_decimals", _set_field(lambda f: f[1] == "JPY", 2, lambda f: f[2] + ".00"), "format"),
    NegativeCase("usd_one_decimal", _set_field(lambda f: _usd(f) and f[2].endswith("0"), 2, lambda f: f[2][:-1]),
                 "format"),
    NegativeCase("rows_swapped", _rows(lambda ls: ls[:5] + [ls[6], ls[5]] + ls[7:]), "order"),
    NegativeCase("row_missing", _rows(lambda ls: ls[:9] + ls[10:]), "missing 1 of"),
    NegativeCase("row_duplicated", _rows(lambda ls: ls[:12] + [ls[11]] + ls[12:]), "duplicate"),
    NegativeCase("column_renamed", _rows(lambda ls: [ls[0].replace("refunded", "refund")] + ls[1:]), "header"),
    NegativeCase("header_missing", _rows(lambda ls: ls[1:]), "header"),
    NegativeCase("extra_column", _rows(lambda ls: [ls[0]] + [ls[1] + ",x"] + ls[2:]), "wrong shape"),
]
