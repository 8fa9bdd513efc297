"""One command timed, for the benchmark scripts (they run from the repository root and
import it with `sys.path.insert(0, "bench")`)."""
import resource
import subprocess
import time


def timed(cmd, check=True):
    """Runs `cmd`; returns its stdout (stripped), its wall time and its CPU time (user
    plus system, of the process and its children), in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, check=check).stdout.decode().strip()
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return out, wall, cpu
