"""An audit hook, installed in a grader process through sitecustomize, that records and blocks every
attempt to open a network connection or resolve a host name (spec 3.2: graders are offline).

The hook writes one JSON line per attempt to the file named by ARTIFACTBENCH_NET_AUDIT (outside the
scratch dir) and then raises PermissionError, so the attempt is caught whether or not it would have
succeeded and whether or not the grader swallows the error.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from artifactbench.grading import harness_path

ENV_VAR = "ARTIFACTBENCH_NET_AUDIT"

_SITECUSTOMIZE = r'''
import json as _json, os as _os, sys as _sys

_LOG = _os.environ.get("ARTIFACTBENCH_NET_AUDIT")
_NET = frozenset({"socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex",
                  "socket.gethostbyaddr", "socket.getnameinfo", "socket.sendto", "socket.sendmsg",
                  "socket.bind", "urllib.Request", "http.client.connect", "ftplib.connect",
                  "smtplib.connect", "poplib.connect", "imaplib.open", "telnetlib.Telnet.open"})
_FETCHERS = frozenset({"curl", "wget", "git", "ssh", "scp", "nc", "ncat", "ftp", "rsync", "pip", "pip3"})
_open, _dumps, _basename, _fspath = open, _json.dumps, _os.path.basename, _os.fspath


def _argv0(args):
    try:
        argv = args[1]
        first = argv if isinstance(argv, (str, bytes)) else list(argv)[0]
        first = _fspath(first)
        first = first.decode() if isinstance(first, bytes) else first
        return _basename(str(first).split()[0]) if first else ""
    except Exception:
        return ""


def _hook(event, args):
    if event in _NET:
        if event in ("socket.connect", "socket.bind", "socket.sendto") and len(args) > 1 \
                and isinstance(args[1], (str, bytes)):
            return  # an AF_UNIX path: local, not network
    elif event != "subprocess.Popen" or _argv0(args) not in _FETCHERS:
        return
    try:
        with _open(_LOG, "a", encoding="utf-8") as fh:
            fh.write(_dumps({"event": event, "args": repr(args)[:300]}) + "\n")
    except Exception:
        pass
    raise PermissionError(f"network access blocked by the artifactbench offline audit: {event}")


def artifactbench_rebind():
    """Called by a grader server forked from a forkserver once it has set its session's env (before the
    grader is imported): from then on attempts go to that session's log, whatever the grader does to
    os.environ."""
    global _LOG
    _LOG = _os.environ.get("ARTIFACTBENCH_NET_AUDIT") or _LOG


if _LOG:
    _sys.addaudithook(_hook)
'''


def install(folder: Path, log: Path) -> dict[str, str]:
    """Write the hook into `folder` and return the extra env that makes a grader process load it.
    The hook is the same for every task, so tasks may share one folder (the write is atomic)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "sitecustomize.py"
    if not (target.is_file() and target.read_text(encoding="utf-8") == _SITECUSTOMIZE):
        fd, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(_SITECUSTOMIZE)
        os.replace(temp, target)
    # The grader's PYTHONPATH must still reach everything the harness can import.
    return {"PYTHONPATH": os.pathsep.join([str(folder), harness_path()]), ENV_VAR: str(log)}


def attempts(log: Path) -> list[dict[str, str]]:
    """The attempts recorded so far (none when the file is absent)."""
    if not log.is_file():
        return []
    out = []
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out
