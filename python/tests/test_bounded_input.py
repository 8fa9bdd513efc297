"""Bounded input (issue 37): a text or file far longer than its format allows is refused
with the command line's sentence as soon as its length is known, without being copied,
split or parsed first. Each case runs in a fresh interpreter, which measures its own
peak memory (`ru_maxrss`) around the call: a 64 MB text used to cost several times its
size (copies, a `char` per byte, a vector per line) before it was refused.
"""

from __future__ import annotations

import json
import textwrap

import pytest

# (the call, a part of its sentence); `big` is a 64 MB text, `path` a 64 MB file.
CASES = [
    ("queens.Puzzle(big)", "the puzzle text is longer than 31 KB, the most a 62x62 puzzle can take"),
    ("queens.Puzzle([big[: 1 << 20]] * 64)", "the puzzle text is longer than 31 KB"),
    ("queens.count(regions=big)", "the regions text is longer than 3 MB"),
    ("queens.merge([big])", "is longer than 256 KB, the most a shard result can take"),
    ("queens.decode(big, 8)", "the model is longer than 2 MB"),
    ("queens.count_part(8, part=1, parts=2, checkpoint=path)", ": it is longer than"),
    ("queens.count_part(8, part=1, parts=2, checkpoint='/dev/zero')", ": it is not text: byte 0 is 0x00"),
]


@pytest.mark.parametrize("call,sentence", CASES)
def test_a_huge_text_or_file_is_refused_at_once(run_child, tmp_path, call, sentence):
    path = tmp_path / "huge.txt"
    with open(path, "w") as f:
        for _ in range(64):
            f.write("a" * (1 << 20))
    code = textwrap.dedent(
        f"""
        import json, resource, time
        import queens
        big = ("ab" + chr(10)) * ((64 << 20) // 3)
        path = {str(path)!r}
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        try:
            {call}
            error = None
        except queens.QueensError as e:
            error = str(e)
        took = time.perf_counter() - t
        grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        print(json.dumps({{"error": error, "secs": took, "grew_mb": grew / 1024}}))
        """
    )
    r = run_child(code, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["error"] is not None and sentence in got["error"], got
    # Refused before anything the size of the text is made (a shard result list and
    # a decoded model are copied once on the way in: at most the text's 64 MB again).
    assert got["grew_mb"] < 80, got
    # Seconds apart from the old reading; generous for a busy machine.
    assert got["secs"] < 2.0, got
