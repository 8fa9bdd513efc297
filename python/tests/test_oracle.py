"""The package against an independent brute-force oracle written here in Python.

The oracle has its own move definitions (K N B R Q A, amazon = queen + knight, and a few
fairy pieces given to the package in Betza notation through `define=`); line pieces
attack along the whole line, blocking ignored (testdata/TRUTH_README.md). It enumerates
every placement of a small piece multiset on a tiny board by backtracking, so that
`count()`, the set of `solutions()`, `count(unique=True)`, `verify().conflicts` and
`max_pieces()` can be compared with it on seeded random problems, fixed pieces
included, with the argument forms (int / str / tuple boards, str / dict pieces,
str / pair-list / rank-list placements) drawn at random too. The 8-queens "seeds" (92
solutions, the lexicographically first rank list, completing a partial rank list) are
here as well, against a plain permutation search.
"""

from __future__ import annotations

import itertools
import random

import pytest

import queens

ORDER = "KNBRQA"  # the library's kind order; fairy letters come after

# A kind's moves: a set of (dx, dy, rider) with dx along the files and dy along the
# ranks (forward = towards higher ranks); a leaper goes to exactly (dx, dy), a rider to
# any positive multiple of it.


def sym(*atoms):
    """The eight orientations of each (dx, dy, rider) atom."""
    out = set()
    for dx, dy, rider in atoms:
        for a, b in ((dx, dy), (dy, dx)):
            for sa in (1, -1):
                for sb in (1, -1):
                    out.add((a * sa, b * sb, rider))
    return frozenset(out)


MOVES = {
    "K": sym((1, 0, False), (1, 1, False)),
    "N": sym((1, 2, False)),
    "B": sym((1, 1, True)),
    "R": sym((1, 0, True)),
    "Q": sym((1, 0, True), (1, 1, True)),
    "A": sym((1, 0, True), (1, 1, True), (1, 2, False)),
}

# Fairy pieces: (letter, what the package gets in define=, the oracle's moves).
FAIRY = [
    ("C", "RN", sym((1, 0, True), (1, 2, False))),  # chancellor
    ("H", "BN", sym((1, 1, True), (1, 2, False))),  # archbishop
    ("X", "NN", sym((1, 2, True))),  # nightrider: knight steps along a line
    ("M", "C", sym((1, 3, False))),  # camel: the Betza atom C is the (1,3) leaper
    ("Z", "Z", sym((2, 3, False))),  # zebra
    ("W", "WD", sym((1, 0, False), (2, 0, False))),  # wazir + dabbaba
    ("F", "FA", sym((1, 1, False), (2, 2, False))),  # ferz + alfil
    ("L", "(1,4)", sym((1, 4, False))),  # a leap written as coordinates
    ("G", "chancellor", sym((1, 0, True), (1, 2, False))),  # by name
    # Directional pieces: attacks one way only, so conflicts are one-sided and the
    # board's symmetries that turn the piece around no longer count for unique=True.
    ("P", "fW", frozenset({(0, 1, False)})),  # one step forward
    ("S", "fF", frozenset({(1, 1, False), (-1, 1, False)})),  # a pawn's captures
    ("T", "fR", frozenset({(0, 1, True)})),  # a forward-only rook
    ("U", "fsW", frozenset({(0, 1, False), (1, 0, False), (-1, 0, False)})),
]


def reaches(moves, s, t):
    """Whether a piece with `moves` on square s = (file, rank) can move to t."""
    df, dr = t[0] - s[0], t[1] - s[1]
    if (df, dr) == (0, 0):
        return False
    for x, y, rider in moves:
        if not rider:
            if (df, dr) == (x, y):
                return True
            continue
        k, rem = divmod(df, x) if x != 0 else divmod(dr, y)
        if rem == 0 and k >= 1 and (df, dr) == (k * x, k * y):
            return True
    return False


def name(square):
    f, r = square
    return "abcdefghijklmnopqrstuvwxyz"[f] + str(r + 1)


def parse_square(text):
    return ("abcdefghijklmnopqrstuvwxyz".index(text[0]), int(text[1:]) - 1)


class Oracle:
    """Brute force on a rows x cols board (rows = ranks, cols = files)."""

    def __init__(self, rows, cols, moves=MOVES):
        self.rows, self.cols, self.moves = rows, cols, moves
        self.squares = [(f, r) for f in range(cols) for r in range(rows)]
        self._conf = {}

    def conflict(self, k1, s1, k2, s2):
        key = (k1, s1, k2, s2)
        if key not in self._conf:
            self._conf[key] = (
                s1 == s2 or reaches(self.moves[k1], s1, s2) or reaches(self.moves[k2], s2, s1)
            )
        return self._conf[key]

    def solutions(self, pieces, fixed=()):
        """Every valid placement of `pieces` ({kind: n}) holding the `fixed` pieces
        ((kind, (file, rank)) pairs), as frozensets of (kind, square name)."""
        fixed = list(fixed)
        need = dict(pieces)
        for k, _ in fixed:
            need[k] = need.get(k, 0) - 1
        assert all(n >= 0 for n in need.values()), "the oracle takes fixed pieces from the spec"
        for (k1, s1), (k2, s2) in itertools.combinations(fixed, 2):
            if self.conflict(k1, s1, k2, s2):
                return set()
        taken = {s for _, s in fixed}
        kinds = [k for k in need if need[k] > 0]
        out = set()
        placed = list(fixed)

        def place(ki, left, start):
            if ki == len(kinds):
                out.add(frozenset((k, name(s)) for k, s in placed))
                return
            kind = kinds[ki]
            if left == 0:
                nxt = ki + 1
                place(nxt, need[kinds[nxt]] if nxt < len(kinds) else 0, 0)
                return
            for i in range(start, len(self.squares)):
                s = self.squares[i]
                if s in taken or any(self.conflict(kind, s, k2, s2) for k2, s2 in placed):
                    continue
                placed.append((kind, s))
                taken.add(s)
                place(ki, left - 1, i + 1)
                placed.pop()
                taken.discard(s)

        place(0, need[kinds[0]] if kinds else 0, 0)
        return out

    def symmetries(self):
        R, C = self.rows, self.cols
        maps = [
            lambda f, r: (f, r),
            lambda f, r: (C - 1 - f, r),
            lambda f, r: (f, R - 1 - r),
            lambda f, r: (C - 1 - f, R - 1 - r),
        ]
        if R == C:
            maps += [
                lambda f, r: (r, f),
                lambda f, r: (R - 1 - r, f),
                lambda f, r: (r, C - 1 - f),
                lambda f, r: (R - 1 - r, C - 1 - f),
            ]
        return maps

    def unique(self, solutions, kinds, fixed=()):
        """Orbits of `solutions` under the board symmetries that map the fixed pieces
        onto themselves and the moves of each of `kinds` onto themselves."""
        fixed_set = frozenset((k, s) for k, s in fixed)

        def keeps_moves(g):
            ox, oy = g(0, 0)
            for k in kinds:
                turned = set()
                for x, y, rider in self.moves[k]:
                    gx, gy = g(x, y)
                    turned.add((gx - ox, gy - oy, rider))
                if turned != set(self.moves[k]):
                    return False
            return True

        group = [
            g
            for g in self.symmetries()
            if frozenset((k, g(*s)) for k, s in fixed_set) == fixed_set and keeps_moves(g)
        ]

        def image(g, sol):
            return tuple(sorted((k, g(*parse_square(q))) for k, q in sol))

        return len({min(image(g, sol) for g in group) for sol in solutions})

    def conflicts(self, placement):
        """Every conflicting pair of `placement` ((kind, (file, rank)) list) as
        {frozenset of the two (kind, name): (who attacks whom flags by piece)}."""
        out = {}
        for (k1, s1), (k2, s2) in itertools.combinations(placement, 2):
            if self.conflict(k1, s1, k2, s2):
                a, b = (k1, name(s1)), (k2, name(s2))
                out[frozenset((a, b))] = {
                    a: s1 != s2 and reaches(self.moves[k1], s1, s2),
                    b: s1 != s2 and reaches(self.moves[k2], s2, s1),
                }
        return out


# --- random problems, random argument forms ---


def board_form(rng, rows, cols):
    if rows == cols:
        return rng.choice([rows, f"{rows}x{cols}", (rows, cols)])
    return rng.choice([f"{rows}x{cols}", (rows, cols)])


def pieces_form(rng, pieces):
    kinds = [k for k in ORDER if k in pieces] + [k for k in pieces if k not in ORDER]
    if rng.random() < 0.5:
        return {k: pieces[k] for k in kinds}
    items = [(k if pieces[k] == 1 and rng.random() < 0.5 else f"{pieces[k]}{k}") for k in kinds]
    rng.shuffle(items)
    return ",".join(items)


def placement_form(rng, placement, cols=None):
    files = [s[0] for _, s in placement]
    if cols and all(k == "Q" for k, _ in placement) and len(set(files)) == len(files) and rng.random() < 0.5:
        ranks = [0] * cols
        for _, (f, r) in placement:
            ranks[f] = r + 1
        return ranks
    if rng.random() < 0.5:
        return [(k, name(s)) for k, s in placement]
    return rng.choice([",", " ", ", "]).join(k + name(s) for k, s in placement)


def random_problem(seed):
    rng = random.Random(seed)
    while True:
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        if rows * cols >= 4:
            break
    area = rows * cols
    kinds = rng.sample(ORDER, rng.randint(1, 3))
    total = rng.randint(1, min(5, area))
    pieces = dict.fromkeys(kinds, 0)
    for i in range(total):
        pieces[kinds[i % len(kinds)] if i < len(kinds) else rng.choice(kinds)] += 1
    fixed = []
    if rng.random() < 0.5:
        instances = [k for k in pieces for _ in range(pieces[k])]
        squares = rng.sample([(f, r) for f in range(cols) for r in range(rows)], k=min(2, total))
        for k, s in zip(rng.sample(instances, k=rng.randint(1, len(squares))), squares):
            fixed.append((k, s))
    return rng, rows, cols, pieces, fixed


def label(seed):
    _, rows, cols, pieces, fixed = random_problem(seed)
    spec = ",".join(f"{n}{k}" for k, n in pieces.items())
    fx = "+" + ",".join(k + name(s) for k, s in fixed) if fixed else ""
    return f"{seed}:{rows}x{cols}:{spec}{fx}"


SEEDS = list(range(1000, 1150))


@pytest.mark.parametrize("seed", SEEDS, ids=label)
def test_count_and_solutions_match_oracle(seed):
    rng, rows, cols, pieces, fixed = random_problem(seed)
    board = board_form(rng, rows, cols)
    spec = pieces_form(rng, pieces)
    fx = placement_form(rng, fixed, cols) if fixed else None
    want = Oracle(rows, cols).solutions(pieces, fixed)

    n = queens.count(board, spec, fixed=fx)
    assert type(n) is int
    assert n == len(want)

    got = [frozenset(p) for p in queens.solutions(board, spec, fixed=fx)]
    assert len(got) == len(set(got)), "solutions() repeated a placement"
    assert set(got) == want


@pytest.mark.parametrize("seed", SEEDS[::3], ids=label)
def test_unique_count_matches_oracle(seed):
    rng, rows, cols, pieces, fixed = random_problem(seed)
    oracle = Oracle(rows, cols)
    sols = oracle.solutions(pieces, fixed)
    fx = placement_form(rng, fixed, cols) if fixed else None
    assert queens.count((rows, cols), pieces, fixed=fx, unique=True) == oracle.unique(sols, pieces, fixed)


@pytest.mark.parametrize("seed", SEEDS[::5], ids=label)
def test_problem_object_matches_oracle(seed):
    rng, rows, cols, pieces, fixed = random_problem(seed)
    want = Oracle(rows, cols).solutions(pieces, fixed)
    prob = queens.Problem((rows, cols), pieces, fixed=placement_form(rng, fixed) if fixed else None)
    assert prob.count() == len(want)
    assert {frozenset(p) for p in prob.solutions()} == want
    one = prob.solve()
    if want:
        assert frozenset(one) in want
        assert prob.verify(one)
    else:
        assert one is None


@pytest.mark.parametrize("seed", range(2000, 2060))
def test_verify_conflicts_match_oracle(seed):
    """Random (mostly invalid) placements: every attacking pair, with who attacks whom."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    squares = [(f, r) for f in range(cols) for r in range(rows)]
    n = rng.randint(1, min(6, len(squares)))
    placement = [(rng.choice(ORDER), s) for s in rng.sample(squares, n)]
    oracle = Oracle(rows, cols)
    want = oracle.conflicts(placement)

    v = queens.verify((rows, cols), placement_form(rng, placement))
    got = {}
    for c in v.conflicts:
        key = frozenset((c.first, c.second))
        assert key not in got, f"pair reported twice: {c}"
        got[key] = {c.first: c.first_attacks, c.second: c.second_attacks}
        assert isinstance(c.text, str) and c.text and str(c) == c.text
    assert got == want
    assert bool(v) == (not want) == v.valid
    # The same placement as a Placement object (when it is one: distinct squares) agrees.
    if not want:
        p = queens.Placement(",".join(k + name(s) for k, s in placement), f"{rows}x{cols}")
        assert queens.verify((rows, cols), p)


def file_name(f):
    """0 -> a, 25 -> z, 26 -> aa, ... (the command line's file letters)."""
    out = ""
    f += 1
    while f:
        f, r = divmod(f - 1, 26)
        out = chr(97 + r) + out
    return out


def line_pairs(ranks):
    """Every attacking pair of queens given one rank (from 1, 0 for none) per file, as
    frozensets of square names, by grouping the queens by rank and diagonal."""
    lines = {}
    for f, r in enumerate(ranks):
        if r:
            for key in (("rank", r), ("diag", r - f), ("anti", r + f)):
                lines.setdefault(key, []).append(file_name(f) + str(r))
    return {frozenset(pair) for squares in lines.values() for pair in itertools.combinations(squares, 2)}


@pytest.mark.parametrize("n,seed", [(2100, 1), (2100, 2), (3000, 3)])
def test_verify_long_rank_lists_lists_every_pair(n, seed):
    """A long rank list with a handful of conflicts, some three queens on one line:
    `.conflicts` still names every attacking pair (a handful, far from any cap)."""
    rng = random.Random(seed)
    ranks = queens.solve(n).perm()
    f = rng.randrange(n - 10)
    for k in range(3):  # three queens on one diagonal
        ranks[f + k] = min(n, ranks[f] + k) if ranks[f] + 2 <= n else ranks[f] - k
    g = rng.randrange(n)
    ranks[g] = ranks[(g + 7) % n]  # two on one rank
    want = line_pairs(ranks)
    assert 3 <= len(want) < 50
    for placement in (ranks, queens.Placement(",".join(f"Q{file_name(i)}{r}" for i, r in enumerate(ranks)), str(n))):
        v = queens.verify(n, placement)
        got = [frozenset((c.first[1], c.second[1])) for c in v.conflicts]
        assert not v
        assert len(got) == len(set(got))
        assert set(got) == want, f"missing {sorted(map(sorted, want - set(got)))}, extra {sorted(map(sorted, set(got) - want))}"


def test_verify_reports_shared_squares():
    """Two pieces on one square conflict without attacking; the rest as usual."""
    v = queens.verify(4, "Qa1,Na1,Rd4")
    got = {frozenset((c.first, c.second)): {c.first: c.first_attacks, c.second: c.second_attacks} for c in v.conflicts}
    q, n, r = ("Q", "a1"), ("N", "a1"), ("R", "d4")
    assert got == {
        frozenset({q, n}): {q: False, n: False},
        frozenset({q, r}): {q: True, r: False},
    }
    assert not v


@pytest.mark.parametrize("letter,betza,moves", FAIRY, ids=[f"{f[0]}={f[1]}" for f in FAIRY])
@pytest.mark.parametrize("board,n,other", [((4, 4), 3, "N"), ((3, 5), 3, "B"), ((4, 5), 2, "K"), ((4, 4), 4, None)])
def test_fairy_pieces_match_oracle(letter, betza, moves, board, n, other):
    oracle = Oracle(*board, moves={**MOVES, letter: moves})
    pieces = {letter: n, other: 1} if other else {letter: n}
    want = oracle.solutions(pieces)
    spec = f"{n}{letter}" + (f",{other}" if other else "")
    define = {letter: betza}
    assert queens.count(board, spec, define=define) == len(want)
    assert {frozenset(p) for p in queens.solutions(board, spec, define=define)} == want
    assert queens.count(board, spec, define=define, unique=True) == oracle.unique(want, pieces)


VERIFY_FAIRY = [f for f in FAIRY if f[0] in "CXMPST"]


@pytest.mark.parametrize("letter,betza,moves", VERIFY_FAIRY, ids=[f"{f[0]}={f[1]}" for f in VERIFY_FAIRY])
def test_fairy_verify_and_pickle(letter, betza, moves):
    import pickle

    oracle = Oracle(6, 6, moves={**MOVES, letter: moves})
    rng = random.Random(letter)
    for _ in range(30):
        kinds = [letter, letter, rng.choice(ORDER), rng.choice([letter, "Q", "N"])]
        placement = list(zip(kinds, rng.sample(oracle.squares, 4)))
        v = queens.verify(6, placement_form(rng, placement), define={letter: betza})
        got = {frozenset((c.first, c.second)): {c.first: c.first_attacks, c.second: c.second_attacks} for c in v.conflicts}
        assert got == oracle.conflicts(placement)
    p = queens.solve(6, f"3{letter}", define={letter: betza})
    assert p is not None and all(k == letter for k, _ in p)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p)


MAX_CASES = [
    ((4, 4), "N", None, None),
    ((4, 4), "N", {"Q": 1}, None),
    ((3, 3), "K", None, None),
    ((4, 4), "B", None, None),
    ((3, 4), "R", {"N": 1}, None),
    ((4, 4), "Q", None, [("Q", (1, 0))]),
    ((4, 4), "Q", {"Q": 1}, [("Q", (0, 0))]),
    ((4, 4), "K", {"Q": 1}, [("Q", (1, 1))]),
    ((3, 4), "A", None, None),
    ((4, 3), "N", {"B": 2}, None),
    ((3, 3), "Q", {"Q": 3}, None),  # the base cannot stand: (0, 0)
    ((2, 2), "Q", {"Q": 1}, None),  # the base stands, nothing more fits: (0, 4)
]


@pytest.mark.parametrize("board,kind,base,fixed", MAX_CASES)
def test_max_pieces_matches_oracle(board, kind, base, fixed):
    oracle = Oracle(*board)
    base = base or {}
    fixed = fixed or []
    least = max(0, sum(1 for k, _ in fixed if k == kind) - base.get(kind, 0))
    best = (0, 0)
    k = least
    while True:
        spec = dict(base)
        spec[kind] = spec.get(kind, 0) + k
        n = len(oracle.solutions(spec, fixed))
        if n == 0:
            break
        best = (k, n)
        k += 1
    got = queens.max_pieces(
        board,
        kind,
        pieces=base or None,
        fixed=[(k, name(s)) for k, s in fixed] or None,
    )
    assert got == best
    assert all(type(x) is int for x in got)


# --- the 8-queens seeds, against a permutation search ---


def queens_perms(n):
    out = []

    def go(prefix):
        if len(prefix) == n:
            out.append([r + 1 for r in prefix])
            return
        f = len(prefix)
        for r in range(n):
            if all(r != r2 and abs(r - r2) != f - f2 for f2, r2 in enumerate(prefix)):
                go(prefix + [r])

    go([])
    return out


EIGHT = queens_perms(8)


def test_eight_queens_has_92_solutions():
    assert len(EIGHT) == 92  # the oracle itself
    assert queens.count(8) == 92
    assert queens.count() == 92
    sols = list(queens.solutions(8))
    assert len(sols) == 92
    assert sorted(p.perm() for p in sols) == sorted(EIGHT)
    assert all(queens.verify(8, p) for p in sols)


def test_clpfd_first_solution():
    """CLP(FD)'s n_queens(8, Qs), labeling: [1,5,8,6,3,7,2,4] comes first."""
    assert min(EIGHT) == [1, 5, 8, 6, 3, 7, 2, 4]
    assert min(p.perm() for p in queens.solutions(8)) == [1, 5, 8, 6, 3, 7, 2, 4]


@pytest.mark.parametrize(
    "partial",
    [
        [1, 5, 8, 0, 0, 0, 0, 0],
        [1, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 4],
        [2, 0, 0, 0, 0, 0, 0, 5],
        [0, 0, 3, 0, 0, 0, 0, 0],
        [1, 2, 0, 0, 0, 0, 0, 0],  # attacking: no completion
        [1, 5, 8, 6, 3, 7, 2, 4],  # already complete
    ],
)
def test_completing_a_partial_rank_list(partial):
    want = [p for p in EIGHT if all(x == 0 or x == y for x, y in zip(partial, p))]
    assert queens.count(8, fixed=partial) == len(want)
    assert sorted(p.perm() for p in queens.solutions(8, fixed=partial)) == sorted(want)
    got = queens.solve(8, fixed=partial)
    if want:
        assert got is not None and got.perm() in want
    else:
        assert got is None
    # The same fixed queens as coordinates and as pairs.
    coords = ",".join(f"Q{'abcdefgh'[f]}{r}" for f, r in enumerate(partial) if r)
    pairs = [("Q", f"{'abcdefgh'[f]}{r}") for f, r in enumerate(partial) if r]
    assert queens.count(8, fixed=coords) == queens.count(8, fixed=pairs) == len(want)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 9])
def test_queens_solutions_match_permutation_search(n):
    want = sorted(queens_perms(n))
    assert sorted(p.perm() for p in queens.solutions(n)) == want
    assert queens.count(n) == len(want)
