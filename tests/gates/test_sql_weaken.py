"""sql_weaken: which clauses of a reference query the probe drops, and how the prompt sets the severity."""

from __future__ import annotations

from artifactbench.gates.fuzz._sql_weaken import _masked, _sentences, _severity, weakenings

QUERY = """-- a LEFT JOIN in a comment is no clause; nor is 'a <= b' in a string
SELECT d.depot_id, COUNT(h.hire_id) AS hires, 'x LEFT JOIN y' AS note
FROM depots AS d
LEFT OUTER JOIN hires h ON h.depot_id = d.depot_id
WHERE d.is_open = 1 AND (h.returned_at IS NULL OR h.returned_at > h.due_at)
  AND (h.due_at < q.now OR h.flag IS NULL)
  AND h.start_at <= q.now
/* (x.y IS NULL OR z) */
GROUP BY d.depot_id;
"""


def test_the_probe_drops_clauses_outside_comments_and_strings():
    masked = _masked(QUERY)
    assert len(masked) == len(QUERY) and masked.count("\n") == QUERY.count("\n")
    assert "LEFT JOIN" not in masked and "'x" not in masked
    found = {what: (text, facts) for what, text, facts in weakenings(QUERY)}
    whats = list(found)
    assert "LEFT JOIN hires made an inner JOIN" in whats
    assert "'h.returned_at IS NULL' dropped from its OR" in whats
    assert "'h.flag IS NULL' dropped from its OR" in whats
    assert "'h.start_at <= q.now' made 'h.start_at < q.now'" in whats
    assert "'h.due_at < q.now' made 'h.due_at <= q.now'" in whats
    assert not any("x.y" in w or "a <=" in w for w in whats)  # inside a comment and a string
    text, facts = found["LEFT JOIN hires made an inner JOIN"]
    assert "\nJOIN hires h ON" in text and "'x LEFT JOIN y'" in text and facts["alias"] == "h"
    text, _ = found["'h.returned_at IS NULL' dropped from its OR"]
    assert "(h.returned_at > h.due_at)" in text
    text, _ = found["'h.flag IS NULL' dropped from its OR"]
    assert "(h.due_at < q.now)" in text


def test_a_comparison_with_a_literal_or_a_keyword_is_left_alone():
    assert weakenings("SELECT a FROM t WHERE n < 5 AND x > 'b' AND y IS NULL;") == []
    assert weakenings("SELECT a FROM t WHERE b <> c;") == []


def _sev(query: str, prompt: str) -> list[str]:
    return [_severity(facts, query, _sentences(prompt))[0] for _, _, facts in weakenings(query)]


def test_a_join_is_a_fail_only_where_the_prompt_wants_rows_with_no_match_and_the_query_reads_them():
    q = "SELECT w.id, COALESCE(f.n, 0) FROM centres w LEFT JOIN inspections f ON f.id = w.id;"
    wanted = "Every active work center is listed,\neven one that has no inspections at all."
    assert _sev(q, wanted) == ["fail"]
    assert _sev(q, "One row per work center, `n` as counted.") == ["warn"]
    assert _sev(q, "Give `n`, its inspections (0 if none), for each centre.") == ["fail"]
    # the reference never reads the joined table's missing rows: a lookup join, a warn at most
    lookup = "SELECT w.id, f.name FROM centres w LEFT JOIN inspections f ON f.id = w.id;"
    assert _sev(lookup, wanted) == ["warn"]


def test_a_null_test_is_a_fail_where_the_prompt_says_what_that_columns_null_means():
    q = "SELECT id FROM n WHERE (n.end_utc IS NULL OR q.at < n.end_utc);"
    assert _sev(q, "A NULL `end_utc` means the notice is\npermanent.")[0] == "fail"
    assert _sev(q, "A NULL `start_utc` is never seen.")[0] == "warn"  # another column's NULL
    assert _sev(q, "Rows ordered by `id`.")[0] == "warn"


def test_a_bound_is_graded_only_where_the_prompt_states_it():
    q = "SELECT id FROM n WHERE n.start_utc <= q.at_utc AND q.at_utc < n.end_utc;"
    stated = "A window runs from `start_utc` (inclusive) to `end_utc` (exclusive)."
    assert _sev(q, stated) == ["warn", "warn"]  # (a flip may change nothing: never a fail)
    assert _sev(q, "Rows ordered by `id`.") == ["info", "info"]  # (not graded at all)
    # the words in a fenced block are an example, not a rule
    assert _sev(q, "```\nstart_utc inclusive\n```\nRows ordered by `id`.") == ["info", "info"]


def test_the_rows_with_no_match_must_be_those_of_the_joined_table():
    # a lookup join beside the one the prompt speaks of: "no readings" says nothing of `names`
    q = ("WITH firsts AS (SELECT st, COUNT(*) AS n FROM readings GROUP BY st)\n"
         "SELECT s.id, COALESCE(f.n, 0), COALESCE(l.label, '?') FROM stations s\n"
         "LEFT JOIN firsts AS f ON f.st = s.id LEFT JOIN names l ON l.id = s.id;")
    prompt = "Every station is listed, including one with no readings."
    assert _sev(q, prompt) == ["fail", "warn"]  # (the CTE `firsts` reads `readings`)


def test_review_repros():
    """An outside review of the probe: a column the prompt says is never NULL, a lookup join beside "no
    `returned_at`", quoted identifiers and other dialects' comments, numbers, schema-qualified tables, and
    a long comment (which once cost a quadratic regex 25 s)."""
    import time

    q = "SELECT h.id FROM hires h WHERE (h.returned_at IS NULL OR h.returned_at > h.due_at);"
    assert _sev(q, "The export only holds hires that have come back, so `returned_at` is never NULL.")[0] == "warn"
    lookup = "SELECT h.id, COALESCE(d.city, '') FROM hires h LEFT JOIN depots d ON d.id = h.depot;"
    assert _sev(lookup, "Every hire is listed with its depot's `city`, even one with no `returned_at` yet.") == ["warn"]
    assert _sev(lookup, "Every hire is listed, even one with no depot.") == ["fail"]
    odd = 'SELECT "depot\'s", "a<=b" FROM t # LEFT JOIN z\nWHERE 1e5 < t.amount AND $$ LEFT JOIN w $$ = x;'
    assert weakenings(odd) == []
    qualified = "SELECT a.x, COALESCE(bb.y, 0) FROM a LEFT JOIN main.b AS bb ON bb.k = a.k;"
    (what, text, facts), = weakenings(qualified)
    assert facts == {"kind": "join", "alias": "bb", "table": "b"} and "JOIN main.b AS bb" in text
    for body in ("x" * 200_000, " " * 200_000):
        started = time.monotonic()
        weakenings("SELECT 1 /*" + body[:190_000] + "*/ FROM t WHERE (a OR b IS NULL);")
        assert time.monotonic() - started < 5
    many = "SELECT 1 FROM t WHERE " + " AND ".join(f"a{i} < b{i}" for i in range(20_000)) + ";"
    assert len(weakenings(many)) <= 200
