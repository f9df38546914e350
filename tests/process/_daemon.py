"""The double-forked daemon the reaping tests plant in task code (imported by plain module name:
tests/process/conftest.py puts this folder on sys.path)."""

# Starts, once (the pid file is made exclusively), a daemon that leaves its parent and its session
# (fork, setsid, fork) with the task's environment and lives 120 s, touching the heartbeat file `beat`
# (when given) every 0.1 s.
DAEMON = '''
import os as _os, time as _time
def _daemon(pidfile, beat=None):
    try:
        fd = _os.open(pidfile, _os.O_CREAT | _os.O_EXCL | _os.O_WRONLY)
    except FileExistsError:
        return
    middle = _os.fork()
    if middle == 0:
        _os.setsid()
        if _os.fork() == 0:
            null = _os.open(_os.devnull, _os.O_RDWR)
            for std in (0, 1, 2):
                _os.dup2(null, std)
            _os.write(fd, str(_os.getpid()).encode())
            _os.close(fd)
            end = _time.time() + 120
            while _time.time() < end:
                if beat is not None:
                    with open(beat, "w") as f:
                        f.write(str(_time.time()))
                _time.sleep(0.1)
            _os._exit(0)
        _os._exit(0)
    _os.close(fd)
    _os.waitpid(middle, 0)
'''
