"""The SQL side of the constant_query probe, run as a script in a child process of its own (stdlib only).

It reads {"artifact": ..., "reference": ..., "workspace": ...} as JSON on stdin and writes {"text": ...,
"source": ...} (a query returning the workspace's answer as constants, and the files it came from) or
{"why": ...} on stdout. The reference query and the workspace's SQL scripts are task files: they run
under an SQLite authorizer that denies ATTACH, DETACH and PRAGMA (texts naming them, VACUUM or
load_extension are not run at all), with a step budget, in an in-memory database, and the process
caps its own address space and CPU time, so a hostile task costs at most that child.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import sys
import time
from pathlib import Path, PurePosixPath

MAX_ROWS = 5000  # rows of the reference's result written as constants at most
MAX_DB_BYTES = 256 << 20
MAX_STEPS = 50_000_000  # virtual machine steps (a few seconds) for loading the data and the query, then cut off
MAX_SECONDS = 20.0  # wall time for the same (one step may take long: `randomblob(5e7)`)
MAX_VALUE_BYTES = 1 << 20  # SQLITE_LIMIT_LENGTH: the largest string or blob a value may be
MAX_QUERY_CHARS = 200_000
_SQLITE_MAGIC = b"SQLite format 3\x00"
_DENIED = {sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH, sqlite3.SQLITE_PRAGMA}
_FILE_WORDS = re.compile(r"\b(attach|detach|vacuum|load_extension|pragma)\b", re.IGNORECASE)
_VIEW = re.compile(r"(?P<head>create\s+(?:temp(?:orary)?\s+)?view\s+(?:if\s+not\s+exists\s+)?"
                   r"(?P<name>\"[^\"]+\"|\[[^\]]+\]|`[^`]+`|\w+(?:\.\w+)?)\s*(?:\([^()]*\))?\s*as)\s",
                   re.IGNORECASE)


MAX_ENTRIES = 20_000  # workspace entries looked at


def _sources(workspace: Path) -> tuple[list[Path], list[Path]]:
    """(SQLite database files, SQL scripts) of the workspace, each within MAX_DB_BYTES: regular files
    only, no link followed, at most MAX_ENTRIES entries looked at."""
    import os
    import stat

    databases, scripts, seen = [], [], 0
    for root, dirs, files in os.walk(workspace, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            seen += 1
            if seen > MAX_ENTRIES:
                return databases, scripts
            path = Path(root) / name
            try:
                info = os.lstat(path)
                if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_DB_BYTES:
                    continue
                with path.open("rb") as fh:
                    if fh.read(16) == _SQLITE_MAGIC:
                        databases.append(path)
                    elif path.suffix.lower() == ".sql":
                        scripts.append(path)
            except OSError:
                continue
    return sorted(databases), sorted(scripts)


def _single_statement(sql: str) -> str | None:
    """The one statement of `sql`, comments cut, without its `;` (None: none, more than one, or a text
    over MAX_QUERY_CHARS: each `;` is tested with the text before it)."""
    if len(sql) > MAX_QUERY_CHARS or sql.count(";") > 200:
        return None
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
        if math.isnan(value):
            return None
        return repr(value) if math.isfinite(value) else ("9e999" if value > 0 else "-9e999")
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'" if "\x00" not in value else None
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    return None


def _guarded(conn: sqlite3.Connection) -> None:
    """Nothing that reaches a file (ATTACH, DETACH, PRAGMA), values of at most MAX_VALUE_BYTES (one
    `zeroblob(1e9)` is no gigabyte here), and a budget of steps and of wall time, on an in-memory copy."""
    conn.set_authorizer(lambda action, *_: sqlite3.SQLITE_DENY if action in _DENIED else sqlite3.SQLITE_OK)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    steps, deadline = [0], time.monotonic() + MAX_SECONDS

    def tick() -> int:
        steps[0] += 1
        return 1 if steps[0] * 1_000 > MAX_STEPS or time.monotonic() > deadline else 0
    conn.set_progress_handler(tick, 1_000)


def _loaded(databases: list[Path], scripts: list[Path]) -> tuple[sqlite3.Connection, str] | str:
    """An in-memory database holding the workspace's data: its one database file, or else its SQL
    scripts run in turn (a schema first); why not, as a string."""
    conn = sqlite3.connect(":memory:")
    try:
        if len(databases) == 1:
            # (its bytes, never its name: a file name is no URI to open, and no -wal file is made)
            conn.deserialize(databases[0].read_bytes())
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


def constant_query(artifact: str, reference: str, workspace: Path) -> tuple[str, str, str | None] | str:
    """(query text of the workspace's answer as constants, the files it came from, the reference with its
    rows reversed or None), or why there is none."""
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
    return text, source, _reversed(workspace, statement, columns, rows) if not head else None


def _reversed(workspace: Path, statement: str, columns: str, rows: list) -> str | None:
    """The reference query with its rows in reverse order (its own SELECT, wrapped), where that is another
    order of them and runs so on the workspace's data; None otherwise."""
    if len(rows) < 2 or rows == rows[::-1]:
        return None
    inner = statement.strip().rstrip(";").rstrip()
    text = (f"-- the reference query, its rows in reverse order\nSELECT {columns} FROM (SELECT *, ROW_NUMBER() "
            f'OVER () AS "__ab_row" FROM (\n{inner}\n)) ORDER BY "__ab_row" DESC;\n')
    again = _loaded(*_sources(workspace))  # (a fresh database of the same data)
    if isinstance(again, str):
        return None
    conn = again[0]
    try:
        got = conn.execute(text).fetchmany(MAX_ROWS + 1)
    except (sqlite3.Error, sqlite3.Warning, ValueError, OverflowError, MemoryError, RecursionError):
        return None
    finally:
        conn.close()
    return text if got == rows[::-1] else None



MEMORY_BYTES = 2 << 30
CPU_SECONDS = 30


def main() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    except (ImportError, ValueError, OSError):
        pass
    request = json.loads(sys.stdin.read())
    made = constant_query(request["artifact"], request["reference"], Path(request["workspace"]))
    answer = {"why": made} if isinstance(made, str) else {"text": made[0], "source": made[1], "reversed": made[2]}
    sys.stdout.write(json.dumps(answer))


if __name__ == "__main__":
    main()
