"""The offline audit hook (spec 3.2: graders are offline), in a grader process.

Loaded at interpreter start through a one-line sitecustomize.py that gates.contract._netaudit writes
on the grader's PYTHONPATH (so subprocesses a grader starts are audited too), or imported by a
forkserver at its start. When ARTIFACTBENCH_NET_AUDIT names a file, every attempt to open a network
connection, resolve a host name or run a known fetcher (curl, git, pip, ...) is appended to it as a
JSON line and then refused with PermissionError, whether or not the grader swallows the error.
Everything it uses is bound at import, before any grader code runs.
"""


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


def rebind():
    """Called by a grader server forked from a forkserver once it has set its session's env (before the
    grader is imported): from then on attempts go to that session's log, whatever the grader does to
    os.environ."""
    global _LOG
    _LOG = _os.environ.get("ARTIFACTBENCH_NET_AUDIT") or _LOG


if _LOG:
    _sys.addaudithook(_hook)
