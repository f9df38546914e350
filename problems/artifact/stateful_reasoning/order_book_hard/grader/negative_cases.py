"""Wrong matching results the grader must reject (spec 5.5.2).

Besides hand edits of the reference, one case per rule a first attempt can miss: the answer that the reference
solution gives when that one rule is changed the way a careless reading would change it, computed on this
task's own log (regenerated from the declared generator with the spec's seed, sha256(instance_id)[:8]).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import tempfile
import types
from functools import cache
from pathlib import Path

from swebench.artifact_negative import NegativeCase, default_negative_cases

_HERE = Path(__file__).resolve().parent
INSTANCE_ID = "stateful_reasoning__order_book_hard"


@cache
def _log_dir() -> Path:
    spec = importlib.util.spec_from_file_location("_order_generator", _HERE.parent / "workspace" / "generator.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    seed = int(hashlib.sha256(INSTANCE_ID.encode("utf-8")).hexdigest()[:8], 16)
    folder = Path(tempfile.mkdtemp(prefix="order-book-negative-"))
    (folder / "orders.jsonl").write_text("".join(json.dumps(e) + "\n" for e in generator.generate(seed)),
                                         encoding="utf-8")
    return folder


def _misreading(*edits: tuple[str, str]):
    """The reference solution with `edits` applied, run on the log; ignores the text it is given."""
    def mutate(text: str) -> str:
        source = (_HERE / "solution.py").read_text(encoding="utf-8")
        for old, new in edits:
            if old not in source:
                raise ValueError(f"mutation anchor {old!r} not found in grader/solution.py")
            source = source.replace(old, new)
        module = types.ModuleType("_order_book_misreading")
        exec(compile(source, "solution.py (mutated)", "exec"), module.__dict__)  # noqa: S102 - our own code
        return module.solve(_log_dir())

    return mutate


# One misreading per stated rule: name -> edits of grader/solution.py.
MISREADINGS = {
    'fok_counts_own_account': [
        ('available = sum(o["qty"] for o in self._acceptable(m["side"], limit) if o["account"] != m["account"])',
         'available = sum(o["qty"] for o in self._acceptable(m["side"], limit))'),
    ],
    'fok_partial_fill': [
        ('            if available < m["qty"]:\n                return  # killed: nothing happens\n',
         ''),
    ],
    'fok_kill_not_using_id': [
        ('                return  # killed: nothing happens',
         '                self.used.discard(m["id"])\n                return'),
    ],
    'post_only_not_checked': [
        ('        if post_only and self._acceptable(m["side"], limit):',
         '        if False:'),
    ],
    'post_only_with_ioc_allowed': [
        (' and not (post_only and tif != "GTC")',
         ''),
    ],
    'post_only_ignores_own_account': [
        ('        if post_only and self._acceptable(m["side"], limit):',
         '        if post_only and [o for o in self._acceptable(m["side"], limit) if o["account"] != m["account"]]:'),
    ],
    'ioc_rests': [
        ('        if remaining and tif == "GTC":',
         '        if remaining and tif != "FOK" and m["type"] == "limit":'),
    ],
    'tick_not_checked': [
        ('    return _pos_int(value) and value % TICK == 0',
         '    return _pos_int(value)'),
    ],
    'amend_reduce_loses_priority': [
        ('        if price == order["price"] and qty <= order["qty"]:',
         '        if price == order["price"] and qty == order["qty"]:'),
    ],
    'amend_increase_keeps_priority': [
        ('        if price == order["price"] and qty <= order["qty"]:',
         '        if price == order["price"]:'),
    ],
    'amend_price_no_match': [
        ('        remaining = self._match(incoming, price)\n        if remaining:',
         '        remaining = qty\n        if remaining:'),
    ],
    'amend_keeps_old_priority': [
        ('            self._rest(incoming, price, remaining, m["seq"])',
         '            self._rest(incoming, price, remaining, order["prio"])'),
    ],
    'rejected_orders_use_id': [
        ('        if not valid or m["id"] in self.used:\n            self.rejected.append(m["seq"])\n            return',
         '        if not valid or m["id"] in self.used:\n            self.used.add(m["id"])\n            self.rejected.append(m["seq"])\n            return'),
    ],
    'file_order': [
        ('    for m in sorted((json.loads(line) for line in lines if line.strip()), key=lambda m: m["seq"]):',
         '    for m in (json.loads(line) for line in lines if line.strip()):'),
    ],
    'stp_skips_instead_of_cancel': [
        ('                del self.resting[best["id"]]\n                self.stp.append(best["id"])\n                continue',
         '                continue'),
    ],
    'bad_tif_defaults_gtc': [
        ('tif in ("GTC", "IOC", "FOK")',
         'True'),
    ],
    'lenient_qty': [
        ('    return type(value) is int and value > 0',
         '    return isinstance(value, (int, float)) and not isinstance(value, str) and value > 0 and int(value) == value'),
    ],
}


# What the grader's detail says for each misreading (the first problem it names).
EXPECTED = {
    'fok_counts_own_account': 'self_trade_cancels: 2 missing, 11 unexpected',
    'fok_partial_fill': 'trades: first difference at trade 5',
    'fok_kill_not_using_id': 'rejected_seqs: 2 missing',
    'post_only_not_checked': 'rejected_seqs: 28 missing',
    'post_only_with_ioc_allowed': 'rejected_seqs: 9 missing',
    'post_only_ignores_own_account': 'rejected_seqs: 6 missing',
    'ioc_rests': 'book: bids differ',
    'tick_not_checked': 'rejected_seqs: 7 missing',
    'amend_reduce_loses_priority': 'trades: first difference at trade 34',
    'amend_increase_keeps_priority': 'trades: first difference at trade 11',
    'amend_price_no_match': 'trades: first difference at trade 103',
    'amend_keeps_old_priority': 'trades: first difference at trade 11',
    'rejected_orders_use_id': 'rejected_seqs: 2 missing, 14 unexpected',
    'file_order': 'trades: first difference at trade 7',
    'stp_skips_instead_of_cancel': 'self_trade_cancels: 95 missing',
    'bad_tif_defaults_gtc': 'rejected_seqs: 9 missing',
    'lenient_qty': 'rejected_seqs: 7 missing',
}


def _edit(change):
    def mutate(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data) + "\n"

    return mutate


def _trade_price_off(data: dict) -> None:
    data["trades"][len(data["trades"]) // 2]["price"] += 5


def _trade_split(data: dict) -> None:
    # One fill reported as two partial fills: same volume, wrong execution record.
    trades = data["trades"]
    i = next(i for i, t in enumerate(trades) if t["qty"] >= 2)
    half = dict(trades[i], qty=1)
    trades[i] = dict(trades[i], qty=trades[i]["qty"] - 1)
    trades.insert(i + 1, half)


def _trades_swapped(data: dict) -> None:
    trades = data["trades"]
    i = next(i for i in range(len(trades) - 1) if trades[i] != trades[i + 1])
    trades[i], trades[i + 1] = trades[i + 1], trades[i]


def _last_trade_dropped(data: dict) -> None:
    data["trades"].pop()


def _qty_as_string(data: dict) -> None:
    data["trades"][3]["qty"] = str(data["trades"][3]["qty"])


def _rejected_missing(data: dict) -> None:
    data["rejected_seqs"].pop(len(data["rejected_seqs"]) // 2)


def _rejected_desc(data: dict) -> None:
    data["rejected_seqs"].reverse()


def _rejected_dup(data: dict) -> None:
    data["rejected_seqs"].insert(1, data["rejected_seqs"][1])


def _bid_qty_off(data: dict) -> None:
    data["book"]["bids"][-1][1] += 1


def _asks_descending(data: dict) -> None:
    data["book"]["asks"].reverse()


def _empty_level(data: dict) -> None:
    data["book"]["asks"].append([data["book"]["asks"][-1][0] + 5, 0])


def _levels_not_aggregated(data: dict) -> None:
    price, qty = data["book"]["asks"][0]
    if qty < 2:
        data["book"]["asks"][0][1] += 1
        return
    data["book"]["asks"][0:1] = [[price, 1], [price, qty - 1]]


def _cancel_dropped(data: dict) -> None:
    data["self_trade_cancels"].pop(len(data["self_trade_cancels"]) // 2)


def _cancels_reversed(data: dict) -> None:
    data["self_trade_cancels"].reverse()


def _extra_key(data: dict) -> None:
    data["volume"] = sum(t["qty"] for t in data["trades"])


NEGATIVE_CASES = default_negative_cases() + [
    NegativeCase(name="trade_price_off", mutate=_edit(_trade_price_off), expected_substring="trades: first difference"),
    NegativeCase(name="fill_split_in_two", mutate=_edit(_trade_split), expected_substring="trades: first difference"),
    NegativeCase(name="trades_swapped", mutate=_edit(_trades_swapped), expected_substring="trades: first difference"),
    NegativeCase(name="last_trade_missing", mutate=_edit(_last_trade_dropped), expected_substring="trades"),
    NegativeCase(name="qty_as_string", mutate=_edit(_qty_as_string), expected_substring="integer price and qty"),
    NegativeCase(name="rejection_missing", mutate=_edit(_rejected_missing), expected_substring="rejected_seqs: 1 missing"),
    NegativeCase(name="rejections_descending", mutate=_edit(_rejected_desc), expected_substring="ascending"),
    NegativeCase(name="rejection_duplicated", mutate=_edit(_rejected_dup), expected_substring="duplicate"),
    NegativeCase(name="bid_level_qty_off", mutate=_edit(_bid_qty_off), expected_substring="book: bids differ"),
    NegativeCase(name="asks_descending", mutate=_edit(_asks_descending), expected_substring="price order"),
    NegativeCase(name="empty_level_listed", mutate=_edit(_empty_level), expected_substring="book: asks differ"),
    NegativeCase(name="levels_not_aggregated", mutate=_edit(_levels_not_aggregated), expected_substring="book: asks"),
    NegativeCase(name="extra_top_level_key", mutate=_edit(_extra_key), expected_substring="keys"),
    NegativeCase(name="self_trade_cancel_missing", mutate=_edit(_cancel_dropped),
                 expected_substring="self_trade_cancels: 1 missing"),
    NegativeCase(name="self_trade_cancels_reversed", mutate=_edit(_cancels_reversed),
                 expected_substring="self_trade_cancels: not in the order"),
] + [NegativeCase(name=name, mutate=_misreading(*edits), expected_substring=EXPECTED[name])
     for name, edits in MISREADINGS.items()]
