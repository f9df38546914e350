"""Secrets out of everything kept, and the per-job JSONL transcript of a built-in agent."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

__all__ = ["REDACTED", "Redactor", "Transcript", "secret_names"]

REDACTED = "[REDACTED]"
# Variable names whose values are treated as secrets wherever they appear.
_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH", re.IGNORECASE)
_MIN_LEN = 6  # shorter values ("1", "true") would redact ordinary text


def secret_names(env: Mapping[str, str], extra: Iterable[str] = ()) -> tuple[str, ...]:
    """Names in `env` that hold secrets: the `extra` names (e.g. api_key_env) and key-like names."""
    wanted = set(extra)
    return tuple(sorted(n for n in env if n in wanted or _SECRET_NAME.search(n)))


@dataclass(frozen=True, slots=True)
class Redactor:
    """Replaces every known secret value in text with [REDACTED] (longest first)."""

    secrets: tuple[str, ...] = ()

    @classmethod
    def from_env(cls, env: Mapping[str, str], extra: Iterable[str] = ()) -> Redactor:
        values = {env[n] for n in secret_names(env, extra) if len(env[n]) >= _MIN_LEN}
        values |= {os.environ[n] for n in extra if len(os.environ.get(n, "")) >= _MIN_LEN}
        return cls(tuple(sorted(values, key=len, reverse=True)))

    def __call__(self, text: str) -> str:
        for value in self.secrets:
            text = text.replace(value, REDACTED)
        return text


class Transcript:
    """Append-only JSONL, one event per line (`t`: seconds since start, `event`: its kind), redacted
    and flushed per line so a killed job keeps what happened. A None path keeps nothing."""

    def __init__(self, path: Path | None, redact: Redactor) -> None:
        self._redact = redact
        self._start = time.monotonic()
        self._fh: IO[str] | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = path.open("a", encoding="utf-8")

    def event(self, kind: str, **data: object) -> None:
        self.raw(json.dumps({"t": round(time.monotonic() - self._start, 3), "event": kind, **data},
                            default=str))

    def raw(self, line: str) -> None:
        """One line as is (a CLI's own JSON event), redacted."""
        if self._fh is not None:
            self._fh.write(self._redact(line.rstrip("\n")) + "\n")
            self._fh.flush()

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
