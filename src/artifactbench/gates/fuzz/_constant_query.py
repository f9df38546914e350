"""constant_query: a grader of an SQL query that runs it only on the data the agent was given.

The probe runs the reference query itself, read-only, on the one SQLite database of the materialized
workspace, and grades a query that returns those rows as constants (`WITH t("serial", ...) AS (VALUES
(...), ...) SELECT * FROM t;`): the workspace's answer, hard-coded, with the reference's column names and
row order. A grader that runs the query on the agent's own database (or a copy of it) accepts that; one
that runs it on other data as well rejects it. Accepted (confirmed in a forked child), it is a `fail`
where the prompt says the query must work on other data ("runs this query unchanged against every new
weekly export", "must not hard-code"), and a `warn` otherwise: the constants are this database's right
answer, and only the prompt can say the query must be more (blind p21).

The reference query runs in this process under an authorizer that allows reading and nothing else (no
ATTACH, no PRAGMA, no writes, no extension loading), with a step budget, on a copy of the database:
task files never get to change a file, and a query that runs long is cut off and the probe skipped.
"""

from __future__ import annotations

import math
import re
import sqlite3
from pathlib import Path, PurePosixPath

from artifactbench.gates.core import FINDING, OK, SKIPPED, WARNING, CaseResult, cap

NAME = "constant_query"
MAX_ROWS = 5000  # rows of the reference's result written as constants at most
MAX_DB_BYTES = 256 << 20
MAX_STEPS = 50_000_000  # virtual machine steps (a few seconds) for loading the data and the query, then cut off
_SQLITE_MAGIC = b"SQLite format 3\x00"
_OTHER_DATA = re.compile(
    r"\b(hard[- ]?cod\w*|unchanged|reusable)\b|\b(other|different|another|new|fresh|hidden|future|"
    r"unseen|later)\b[^.\n]{0,40}\b(data(bases?|sets?)?|exports?|snapshots?|dumps?|weeks?|months?|days?|db|dbs|"
    r"files?|inputs?|instances?)\b", re.IGNORECASE)
_DENIED = {sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH, sqlite3.SQLITE_PRAGMA}
_FILE_WORDS = re.compile(r"\b(attach|detach|vacuum|load_extension|pragma)\b", re.IGNORECASE)
_VIEW = re.compile(r"(?P<head>create\s+(?:temp(?:orary)?\s+)?view\s+(?:if\s+not\s+exists\s+)?"
                   r"(?P<name>\"[^\"]+\"|\[[^\]]+\]|`[^`]+`|\w+(?:\.\w+)?)\s*(?:\([^()]*\))?\s*as)\s",
                   re.IGNORECASE)

__all__ = ["NAME", "constant_query", "constant_query_case"]


def _sources(workspace: Path) -> tuple[list[Path], list[Path]]:
    """(SQLite database files, SQL scripts) of the workspace, each within MAX_DB_BYTES."""
    databases, scripts = [], []
    for path in sorted(workspace.rglob("*")):
        try:
            if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_DB_BYTES:
                continue
            with path.open("rb") as fh:
                if fh.read(16) == _SQLITE_MAGIC:
                    databases.append(path)
                elif path.suffix.lower() == ".sql":
                    scripts.append(path)
        except OSError:
            continue
    return databases, scripts


def _single_statement(sql: str) -> str | None:
    """The one statement of `sql`, comments cut, without its `;` (None: none, or more than one)."""
    body = re.sub(r"--[^\n]*|/\*.*?\*/", " ", sql, flags=re.DOTALL).strip().rstrip(";").strip()
    if not body or not sqlite3.complete_statement(body + ";") or any(
            sqlite3.complete_statement(body[: m.start() + 1]) for m in re.finditer(";", body)):
        return None
    return body


def _literal(value: object) -> str | None:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("9e999" if value > 0 else "-9e999")
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'" if "\x00" not in value else None
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    return None


def _guarded(conn: sqlite3.Connection) -> None:
    """Nothing that reaches a file (ATTACH, DETACH, PRAGMA) and a step budget, on an in-memory copy."""
    conn.set_authorizer(lambda action, *_: sqlite3.SQLITE_DENY if action in _DENIED else sqlite3.SQLITE_OK)
    steps = [0]

    def tick() -> int:
        steps[0] += 1
        return 1 if steps[0] * 10_000 > MAX_STEPS else 0
    conn.set_progress_handler(tick, 10_000)


def _loaded(databases: list[Path], scripts: list[Path]) -> tuple[sqlite3.Connection, str] | str:
    """An in-memory database holding the workspace's data: its one database file, or else its SQL
    scripts run in turn (a schema first); why not, as a string."""
    conn = sqlite3.connect(":memory:")
    try:
        if len(databases) == 1:
            source = sqlite3.connect(f"file:{databases[0]}?mode=ro", uri=True, timeout=0.1)
            try:
                source.backup(conn)
            finally:
                source.close()
            _guarded(conn)
            return conn, databases[0].name
        if databases or not scripts:
            conn.close()
            return f"{len(databases)} SQLite database(s) and {len(scripts)} SQL script(s) in the workspace"
        _guarded(conn)
        for script in sorted(scripts, key=lambda p: ("schema" not in p.name.lower(), p.as_posix())):
            text = script.read_text(encoding="utf-8")
            if _FILE_WORDS.search(text):
                conn.close()
                return f"{script.name} attaches or writes files"
            conn.executescript(text)
        return conn, " + ".join(p.name for p in scripts)
    except (sqlite3.Error, sqlite3.Warning, OSError, UnicodeDecodeError, ValueError, MemoryError, RecursionError) as exc:
        conn.close()
        return f"the workspace's data does not load into SQLite ({type(exc).__name__})"


def _rows(conn: sqlite3.Connection, statement: str) -> tuple[str, list[str], list[tuple]] | None:
    """(the text before the query a constant stand-in keeps, column names, rows) of the reference's one
    statement: a SELECT, or a CREATE VIEW whose view is then read. None when it does not run."""
    view = _VIEW.match(statement)
    try:
        if view:
            conn.execute(statement)
            cursor = conn.execute(f"SELECT * FROM {view.group('name')}")
        else:
            cursor = conn.execute(statement)
        if cursor.description is None:
            return None
        names = [d[0] for d in cursor.description]
        rows = cursor.fetchmany(MAX_ROWS + 1)
    except (sqlite3.Error, sqlite3.Warning, ValueError, OverflowError, MemoryError, RecursionError):
        return None
    if len(rows) > MAX_ROWS or not rows or len(set(names)) != len(names):
        return None
    return (view.group("head") + " " if view else ""), names, rows


def constant_query(artifact: str, reference: str, workspace: Path) -> tuple[str, str] | str:
    """(query text of the workspace's answer as constants, the files it came from), or why there is none."""
    if PurePosixPath(artifact).suffix.lower() != ".sql":
        return "the artifact is not an SQL query"
    statement = _single_statement(reference)
    if statement is None:
        return "the reference holds more than one statement"
    if _FILE_WORDS.search(statement):
        return "the reference attaches or writes files"
    loaded = _loaded(*_sources(workspace))
    if isinstance(loaded, str):
        return loaded
    conn, source = loaded
    try:
        result = _rows(conn, statement)
    finally:
        conn.close()
    if result is None:
        return "the reference query does not run on the workspace's data (or returns no rows)"
    head, names, rows = result
    values = [[_literal(v) for v in row] for row in rows]
    if any(v is None for row in values for v in row):
        return "a value of the result cannot be written as an SQL literal"
    columns = ", ".join('"' + n.replace('"', '""') + '"' for n in names)
    body = ",\n  ".join("(" + ", ".join(row) + ")" for row in values)
    text = (f"-- the rows the workspace's data gives, as constants\n{head}WITH t({columns}) AS (VALUES\n  {body}\n)\n"
            "SELECT * FROM t;\n")
    return text, source


def constant_query_case(ctx, grade, artifact: str, reference: str, prompt: str) -> CaseResult:
    """Grade the constant stand-in; accepted and confirmed in a forked child: fail or warn (module doc)."""
    made = constant_query(artifact, reference, ctx.pristine().scratch_dir)
    if isinstance(made, str):
        return CaseResult(NAME, SKIPPED, made)
    text, db = made
    outcome = grade(text, label=f"{NAME}\t{db}")
    if not outcome.ok or not outcome.passed:
        return CaseResult(NAME, OK, f"grader rejected a query returning the answer on {db} as constants")
    settled = ctx.settle(text)
    if not (settled.ok and settled.passed):
        return CaseResult(NAME, OK, f"grader rejected a query returning the answer on {db} as constants")
    detail = cap(settled.result.detail, 160)
    said = _OTHER_DATA.search(prompt)
    if said:
        return CaseResult(NAME, FINDING, cap(
            f"grader ACCEPTED a query that returns the answer on {db} as constants (no table read), though the "
            f"prompt wants a query for other data too ({said.group(0)!r}); grader detail: {detail!r}", 600))
    return CaseResult(NAME, WARNING, cap(
        f"grader accepted a query that returns the answer on {db} as constants (no table read); grader detail: "
        f"{detail!r}: does it run the query on any data but the agent's own?", 600), "warn")
