"""Which marks start a comment in which kind of file: one table for every gate that reads comments.

Fuzz compares a text artifact's lines modulo its whole-line comments, leaks drops the words only a program's
comments hold and skips a config answer's leading comment block; each reads the marks of a file type here, so
a language is known to all of them or to none. How a mark is matched (whole lines, or after a space as well)
stays with each use. A plain text has no mark of its own; its prompt may declare one (`declared_marks`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePosixPath

from artifactbench.gates.core._accuracy import sentences

__all__ = ["ALL_LINE_MARKS", "BLOCK_COMMENTS", "declared_marks", "line_marks"]

_C_LIKE = (".js", ".mjs", ".ts", ".c", ".h", ".cc", ".cpp", ".java", ".go", ".rs", ".kt", ".swift")
_LINE_MARKS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys((".sh", ".bash", ".zsh", ".r", ".rb", ".pl", ".mk", ".tf", ".toml", ".yaml", ".yml",
                     ".properties", ".dockerfile", ".gitignore", ".env"), ("#",)),
    # (INI-style: supervisord's .conf, setup.cfg, configparser files take `;` comments too)
    **dict.fromkeys((".ini", ".cfg", ".conf"), (";", "#")),
    **dict.fromkeys((".sql", ".lua", ".hs"), ("--",)),
    **dict.fromkeys(_C_LIKE, ("//",)),
    **dict.fromkeys((".tex", ".m"), ("%",)),
}
_BY_NAME = {"makefile": ("#",), "gnumakefile": ("#",), "dockerfile": ("#",)}
# the languages whose comments may also be `/* ... */` blocks
BLOCK_COMMENTS = frozenset((".sql", *_C_LIKE))
# every line mark of any file type (a plain text's comment lines, whatever its author's language)
ALL_LINE_MARKS = tuple(sorted({m for marks in _LINE_MARKS.values() for m in marks}, key=lambda m: (-len(m), m)))


def line_marks(artifact: str) -> tuple[str, ...]:
    """The marks that start a line comment in the file `artifact` names (a path, or a bare suffix `.sql`),
    by its name, then its suffix; () for a file type without them (JSON, CSV, Markdown, plain text) or unknown."""
    if artifact.startswith(".") and artifact.lower() in _LINE_MARKS:
        return _LINE_MARKS[artifact.lower()]
    path = PurePosixPath(artifact)
    return _BY_NAME.get(path.name.lower()) or _LINE_MARKS.get(path.suffix.lower(), ())


# "Blank lines and lines starting with `#` are ignored, so a header comment is fine": a plain text's comment
# mark, as its prompt declares it (blind p131)
_DECLARED = re.compile(r"\b(?:lines?|comments?)\b[^.;:]{0,30}?\b(?:start(?:s|ing)?|begin(?:s|ning)?|prefixed|marked|"
                       r"introduced)\s+(?:with|by)\s+(?:an?\s+)?[`'\"]?(#|//|--|;|%)(?![\w#/;%-])", re.IGNORECASE)
_SKIPPED = re.compile(r"\b(?:ignored|skipped|skips?|ignores?|comments?|not\s+(?:graded|read|parsed|checked))\b", re.IGNORECASE)
_REFUSED = re.compile(r"\b(?:no|without)\s+comments?\b|\b(?:must|should)\s+not\b|\bnot\s+(?:allowed|permitted)\b",
                      re.IGNORECASE)
# (a refusal holds in its own clause: "... lines starting with `#` are ignored, but a plan line must not contain spaces")
_CLAUSE = re.compile(r";|,?\s+but\s+|\.\s")


@lru_cache(maxsize=64)
def declared_marks(prompt: str) -> tuple[str, ...]:
    """The comment marks the prompt declares for its answer's lines ("lines starting with `#` are ignored"), in
    a sentence that calls them ignored or comments, from a clause that refuses none; () where it declares none.
    (gates/core/_free_lines.py reads which lines such a sentence frees; this is the mark a plain text then has.)"""
    if not _DECLARED.search(prompt):
        return ()
    found: list[str] = []
    for sentence in sentences(prompt):
        if not _SKIPPED.search(sentence) or not _DECLARED.search(sentence):
            continue
        for clause in _CLAUSE.split(sentence):
            if not _REFUSED.search(clause):
                found += [m.group(1) for m in _DECLARED.finditer(clause) if m.group(1) not in found]
    return tuple(found)
