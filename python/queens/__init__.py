"""Non-attacking chess pieces on boards: the eight-queens puzzle and everything that
grows out of it, from the Rust core of the ``queens`` command line.

>>> import queens
>>> queens.count(8)
92
>>> queens.count("5x5", "N,B,R,Q,A")
96
>>> print(queens.solve(6))
. . . . Q .
. . Q . . .
Q . . . . .
. . . . . Q
. . . Q . .
. Q . . . .
<BLANKLINE>
>>> queens.verify(8, [1, 5, 8, 6, 3, 7, 2, 4])
Verdict(valid=True)
>>> queens.count("0x8")
Traceback (most recent call last):
...
queens.InputError: bad board '0x8': a side must be at least 1

Boards are ``8``, ``"5x7"`` or ``(5, 7)`` (rows x files). Pieces are a spec such as
``"2N,2B,R,Q"`` or ``{"N": 2, "B": 2, "R": 1, "Q": 1}``; leaving them out means as many
queens as the board's shorter side. Fixed pieces and placements are ``"Qa1,Nc3"``, a
list of ``(kind, square)`` pairs, or for queens a rank list ``[1, 5, 8, 6, 3, 7, 2, 4]``
(the rank of the queen on each file from ``a``, 0 for none). ``define={"C": "RN"}``
adds fairy pieces in Betza's notation (or by name: ``{"C": "chancellor"}``).

Counts are exact Python ints. Long calls release the GIL and stop on Ctrl-C.
Errors are :class:`QueensError`; bad input is an :class:`InputError` (also a
``ValueError``), a budget that runs out a :class:`BudgetError` (also a ``TimeoutError``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from collections.abc import Sequence as _SequenceABC
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _queens
from ._errors import BudgetError, GaveUpError, InputError, InternalError, QueensError
from ._queens import Cover, EngineReport, JobVerdict, Placement, Puzzle, Solutions, Step, Verdict

__all__ = [
    "count",
    "solve",
    "solutions",
    "verify",
    "max_pieces",
    "export",
    "engines",
    "cover",
    "engine_report",
    "completion_instance",
    "decode",
    "count_part",
    "merge",
    "Problem",
    "Placement",
    "Puzzle",
    "Step",
    "Solutions",
    "Verdict",
    "Conflict",
    "Cover",
    "EngineReport",
    "JobVerdict",
    "QueensError",
    "InputError",
    "BudgetError",
    "GaveUpError",
    "InternalError",
]

# A Placement is a read-only sequence of (kind, square) pairs.
_SequenceABC.register(Placement)

for _cls in (QueensError, InputError, BudgetError, GaveUpError, InternalError):
    _cls.__module__ = "queens"
del _cls

try:
    from importlib.metadata import version as _version

    __version__ = _version("queens-rs")
except Exception:  # pragma: no cover - running from a source tree
    __version__ = "0"

BoardLike = Union[int, str, Tuple[int, int]]
PiecesLike = Union[str, Mapping[str, int]]
PlacementLike = Union[str, Placement, Sequence[int], Sequence[Tuple[str, str]]]
DefineLike = Union[Mapping[str, str], Sequence[str]]
SquaresLike = Union[str, Iterable[str]]
RegionsLike = Union[str, Sequence[str], Puzzle]
# The problem keywords reach the native module as one tuple, built by `_problem` and
# read in one place there (python/src/keywords.rs).


def _problem(
    board: Any = None,
    pieces: Any = None,
    fixed: Any = None,
    define: Any = None,
    holes: Any = None,
    blockers: Any = None,
    torus: Any = False,
    regions: Any = None,
    per_region: Any = None,
) -> Tuple[Any, ...]:
    """The problem keywords as the one tuple every native function that takes a
    problem reads (checked there, each refused by its keyword)."""
    return (board, pieces, fixed, define, holes, blockers, torus, regions, per_region)


# --- settings checked here for queens.dask (the native module reads every argument) ---


def _whole(value: Any, name: str, example: str, below: int = 2**64) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"bad {name} {value!r}: give a whole number such as {example}")
    if value >= below:
        raise InputError(f"bad {name} {value}: it must be below {below}")
    return value


def _threads(threads: Any) -> int:
    return _whole(threads, "threads", "4 (0 uses every core)", 2**63)


def _native(problem: Tuple[Any, ...]) -> Any:
    """The native problem of ``count``, ``solve`` and ``solutions``: a ranged spec
    (``"1..3N,Q"``, ``"0..8Q"``, ``"*K"``: counts as ranges, read by the library's
    parser as the command line's ``--pieces``) expands into exact problems; anything
    else is one problem."""
    pieces = problem[1]
    if isinstance(pieces, str) and _queens.is_range(pieces):
        return _queens.NativeRanged(problem)
    return _queens.NativeProblem(problem)


# --- answers ---


class Conflict(NamedTuple):
    """Two pieces that may not stand together: each as ``(kind, square)``, who attacks
    whom (both false when they share a square), and the sentence saying so."""

    first: Tuple[str, str]
    second: Tuple[str, str]
    first_attacks: bool
    second_attacks: bool
    text: str

    def __str__(self) -> str:
        return self.text


class Problem:
    """A board, the pieces to place on it and the pieces fixed in advance, checked once
    and solved as often as you like.

    >>> p = Problem("6x6", "2N,2B,R,Q", fixed="Qa1")
    >>> p.count()
    2676
    >>> p.solve() in set(p.solutions())
    True
    """

    __slots__ = ("_native",)

    def __init__(
        self,
        board: Optional[BoardLike] = None,
        pieces: Optional[PiecesLike] = None,
        *,
        fixed: Optional[PlacementLike] = None,
        define: Optional[DefineLike] = None,
        holes: Optional[SquaresLike] = None,
        blockers: Optional[SquaresLike] = None,
        torus: bool = False,
        regions: Optional[RegionsLike] = None,
        per_region: Optional[int] = None,
    ) -> None:
        # A ranged spec is refused by the library's request (exact counts only).
        self._native = _queens.NativeProblem(
            _problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region)
        )

    @property
    def board(self) -> Tuple[int, int]:
        """The board as ``(rows, cols)``."""
        return self._native.board

    @property
    def pieces(self) -> str:
        """The pieces to place, as a spec (``"2N,2B,R,Q"``)."""
        return self._native.pieces

    @property
    def fixed(self) -> str:
        """The fixed pieces as coordinates (``"Qa1 Nc3"``; empty for none)."""
        return self._native.fixed

    @property
    def holes(self) -> List[str]:
        """The holes (squares that hold no piece; lines pass over them)."""
        return self._native.holes

    @property
    def blockers(self) -> List[str]:
        """The blockers (squares that hold no piece and stop sliding lines)."""
        return self._native.blockers

    @property
    def torus(self) -> bool:
        """Whether lines wrap around the board's edges."""
        return self._native.torus

    @property
    def regions(self) -> Optional[List[str]]:
        """The regions as rows, top row first (``#`` a hole), or ``None``."""
        return self._native.regions

    @property
    def per_region(self) -> Optional[int]:
        """Pieces in each region (``None`` without regions)."""
        return self._native.per_region

    def __repr__(self) -> str:
        rows, cols = self.board
        extra = ""
        if self.fixed:
            extra += f", fixed={self.fixed!r}"
        if self.holes:
            extra += f", holes={','.join(self.holes)!r}"
        if self.blockers:
            extra += f", blockers={','.join(self.blockers)!r}"
        if self.torus:
            extra += ", torus=True"
        if self.regions is not None:
            extra += f", regions={self.regions!r}"
            if self.per_region != 1:
                extra += f", per_region={self.per_region}"
        return f"Problem('{rows}x{cols}', {self.pieces!r}{extra})"

    def _repr_svg_(self) -> Optional[str]:
        """The board drawn with its holes, blockers, regions and fixed pieces."""
        return self._native._repr_svg_()

    def count(
        self,
        *,
        unique: bool = False,
        engine: str = "auto",
        threads: int = 0,
        budget: Optional[float] = None,
    ) -> int:
        """The exact number of solutions; ``unique=True`` counts them up to the board's
        rotations and reflections. ``threads=0`` uses every core; ``budget`` is a time
        limit in seconds (:class:`BudgetError` when it runs out)."""
        return self._native.count(unique, engine, threads, budget)

    def solve(
        self,
        *,
        engine: str = "auto",
        random: bool = False,
        seed: Optional[int] = None,
        budget: Optional[float] = None,
        threads: int = 0,
    ) -> Optional[Placement]:
        """One solution, or ``None`` when there is none. ``random=True`` draws a random
        one by local search (queens only), reproducible with ``seed``."""
        return self._native.solve(engine, random, seed, budget, threads)

    def solutions(
        self, *, limit: Optional[int] = None, engine: str = "auto", threads: int = 0, unique: bool = False
    ) -> Solutions:
        """Every solution (at most ``limit``), computed as the loop asks for them;
        leaving the loop stops the search. ``unique=True`` gives one placement per
        class of solutions that the board's rotations and reflections map onto each
        other (the command line's ``all --unique``)."""
        return self._native.solutions(limit, engine, threads, unique)

    def verify(self, placement: PlacementLike, *, partial: bool = False) -> Verdict:
        """Whether ``placement`` is a solution of this problem's board and pieces (fixed
        pieces are not required)."""
        return self._native.verify(placement, True, partial)

    def export(self, to: str = "dimacs") -> str:
        """This problem as a model for another solver: ``"dimacs"`` (CNF),
        ``"minizinc"`` or ``"xcsp3"``."""
        if not isinstance(to, str):
            raise InputError(f"bad format {to!r}: the formats are dimacs, minizinc, xcsp3")
        return self._native.export(to)


def count(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    fixed: Optional[PlacementLike] = None,
    unique: bool = False,
    engine: str = "auto",
    threads: int = 0,
    define: Optional[DefineLike] = None,
    budget: Optional[float] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> int:
    """The exact number of ways to place the pieces with none attacking another.

    >>> count(8), count(8, unique=True)
    (92, 12)
    >>> count((5, 5), {"N": 1, "B": 1, "R": 1, "Q": 1, "A": 1})
    96
    >>> count(8, "8Q", fixed=[1, 5, 0, 0, 0, 0, 0, 0])
    1
    >>> count(8, "8C", define={"C": "RN"})  # eight chancellors
    2766
    >>> count(8, holes="d4,e5"), count(5, torus=True)
    (76, 10)
    >>> count(regions=["aabb", "aabb", "ccdd", "ccdd"])  # one queen per region too
    2
    >>> count(4, "1..3N,Q"), count(3, "*K")  # ranges, as the command line's --pieces
    (88, 35)
    """
    return _native(_problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region)).count(
        unique, engine, threads, budget
    )


def solve(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    fixed: Optional[PlacementLike] = None,
    engine: str = "auto",
    random: bool = False,
    seed: Optional[int] = None,
    budget: Optional[float] = None,
    define: Optional[DefineLike] = None,
    threads: int = 0,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> Optional[Placement]:
    """One solution, or ``None`` when there is none.

    >>> p = solve(8)
    >>> len(p), verify(8, p).valid
    (8, True)
    >>> solve(3) is None
    True
    >>> solve(8, fixed=[1, 5, 8, 0, 0, 0, 0, 0]).perm()
    [1, 5, 8, 6, 3, 7, 2, 4]
    >>> len(solve(1_000_000).perm())
    1000000
    """
    return _native(_problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region)).solve(
        engine, random, seed, budget, threads
    )


def solutions(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    fixed: Optional[PlacementLike] = None,
    limit: Optional[int] = None,
    engine: str = "auto",
    define: Optional[DefineLike] = None,
    threads: int = 0,
    unique: bool = False,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> Solutions:
    """Every solution, lazily: each is computed when the loop asks for it, and leaving
    the loop stops the search.

    >>> sum(1 for _ in solutions(8))
    92
    >>> sorted(p.perm() for p in solutions(6))
    [[2, 4, 6, 1, 3, 5], [3, 6, 2, 5, 1, 4], [4, 1, 5, 2, 6, 3], [5, 3, 1, 6, 4, 2]]
    >>> for p in solutions(24):
    ...     break  # the search stops here
    >>> len(list(solutions(8, unique=True)))  # one per class under the board's symmetries
    12
    """
    return _native(_problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region)).solutions(
        limit, engine, threads, unique
    )


def verify(
    board: Optional[BoardLike],
    placement: PlacementLike,
    *,
    pieces: Optional[PiecesLike] = None,
    define: Optional[DefineLike] = None,
    partial: bool = False,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> Verdict:
    """Whether ``placement`` stands on ``board`` with no piece attacking another (and,
    with ``pieces``, has exactly those pieces). A rank list must hold a queen on every
    file that can have one, unless ``partial=True``.

    >>> verify(8, [1, 5, 8, 6, 3, 7, 2, 4])
    Verdict(valid=True)
    >>> v = verify(8, "Qd1,Nf2")
    >>> v.valid, [str(c) for c in v.conflicts]
    (False, ['Nf2 attacks Qd1 by a (2,1) leap'])
    >>> v = verify(8, "Qa1,Qb3,Qc2")
    >>> bool(v), len(v.conflicts), v.conflicts[0].first
    (False, 1, ('Q', 'b3'))
    >>> print(v)  # the command line's text
    invalid: 1 problem
      Qb3 and Qc2 attack each other along the diagonal
    >>> print(verify(6, "Qa1,Qc2", holes="a1"))
    invalid: 1 problem
      Qa1 stands on a hole
    """
    # Without pieces= the problem's spec is not checked: any pieces that fit.
    native = _queens.NativeProblem(_problem(board, pieces, None, define, holes, blockers, torus, regions, per_region))
    return native.verify(placement, pieces is not None, partial)


def max_pieces(
    board: BoardLike,
    kind: str,
    *,
    pieces: Optional[PiecesLike] = None,
    fixed: Optional[PlacementLike] = None,
    define: Optional[DefineLike] = None,
    engine: str = "auto",
    threads: int = 0,
    budget: Optional[float] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> Tuple[int, int]:
    """The most pieces of ``kind`` that fit on ``board`` beside ``pieces`` (and the
    fixed ones) with none attacking another, and the number of such placements;
    ``(0, 0)`` when ``pieces`` alone cannot be placed.

    >>> max_pieces(8, "K")
    (16, 281571)
    >>> max_pieces(4, "N", pieces="Q")  # knights beside one queen
    (3, 8)
    >>> max_pieces(4, "Q", blockers="b2,c3")  # blockers part the lines
    (4, 2)
    """
    return _queens.max_pieces(
        _problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region), kind, engine, threads, budget
    )


def export(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    fixed: Optional[PlacementLike] = None,
    to: str = "dimacs",
    define: Optional[DefineLike] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> str:
    """The problem as a model for another solver: ``"dimacs"`` (CNF with a comment per
    variable), ``"minizinc"`` or ``"xcsp3"``.

    >>> export(4).splitlines()[0]
    'c queens: non-attacking pieces as CNF'
    """
    return Problem(
        board, pieces, fixed=fixed, define=define, holes=holes, blockers=blockers, torus=torus, regions=regions, per_region=per_region
    ).export(to)


def engines() -> List[str]:
    """The engine names ``engine=`` takes, ``"auto"`` first."""
    return ["auto"] + [e for e in _queens.engine_names() if e != "auto"]


def count_part(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    part: int,
    parts: int,
    fixed: Optional[PlacementLike] = None,
    define: Optional[DefineLike] = None,
    engine: str = "auto",
    threads: int = 0,
    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> str:
    """Counts part ``part`` of ``parts`` (from 1) of a count split for several machines,
    and returns its result as one line of JSON for :func:`merge` (the command line's
    ``count --shard I/K --json``). The split is deterministic, so each machine counts
    its part alone; ``checkpoint`` names a file that keeps finished work across a kill.
    Engines that plan their work in parts take it: nqueens, amazons, exact (any mix of
    pieces, fixed ones too) and fewlines.

    >>> results = [count_part(10, part=i, parts=3) for i in (1, 2, 3)]
    >>> merge(results)
    724
    >>> merge([count_part(8, holes="a1", part=i, parts=2) for i in (1, 2)]) == count(8, holes="a1")
    True
    """
    native = _queens.NativeProblem(_problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region))
    return native.count_part(part, parts, engine, threads, None if checkpoint is None else _path(checkpoint))


def _path(path: Any) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise InputError(f"bad checkpoint {path!r}: give a file name")
    return os.fspath(path)


def merge(results: Sequence[str], *, unique: bool = False, names: Optional[Sequence[str]] = None) -> int:
    """Adds up a complete set of :func:`count_part` results (every part once, all of
    one count), refusing a missing, repeated, foreign or edited part with an
    :class:`InputError` that names it. ``unique=True`` gives the count up to symmetry.

    >>> results = [count_part(8, part=i, parts=2) for i in (1, 2)]
    >>> merge(results), merge(results, unique=True)
    (92, 12)
    >>> merge(results[:1])
    Traceback (most recent call last):
    ...
    queens.InputError: shard 2/2 is missing
    """
    if isinstance(results, str) or not all(isinstance(r, str) for r in results):
        raise InputError("bad results: give a list of count_part() results (JSON strings)")
    if names is not None and (isinstance(names, str) or not all(isinstance(n, str) for n in names)):
        raise InputError("bad names: give one string per result")
    total, up_to_symmetry = _queens.merge(list(results), None if names is None else list(names))
    if not unique:
        return total
    if up_to_symmetry is None:
        raise InputError(
            "these parts do not give the count up to symmetry: the board is too large to "
            "search for symmetric placements"
        )
    return up_to_symmetry


def cover(
    board: BoardLike,
    kind: str,
    *,
    independent: bool = False,
    total: bool = False,
    pieces: Optional[PiecesLike] = None,
    fixed: Optional[PlacementLike] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    define: Optional[DefineLike] = None,
    budget: Optional[float] = None,
    engine: str = "auto",
    threads: int = 0,
) -> Cover:
    """The fewest pieces of ``kind`` that occupy or attack every square (domination),
    beside ``pieces`` placed freely and the ``fixed`` ones, and the number of such
    placements: a :class:`Cover` with ``size``, ``count`` and one ``example``. When
    no covering exists (the given pieces cannot stand, or attack each other under
    ``independent=True``) an :class:`InputError` says why. ``independent=True``: the covering pieces attack
    neither each other nor the given pieces; ``total=True``: occupied squares must be
    attacked too. The command line's ``queens cover``. ``holes`` and ``blockers`` hold
    no piece and need no covering (lines pass over holes and stop at blockers);
    ``torus=True`` wraps the lines.

    >>> c = cover(8, "Q")
    >>> c.size, c.count, len(c.example)
    (5, 4860, 5)
    >>> cover(8, "Q", independent=True)
    Cover(size=5, count=728)
    >>> print(cover(8, "K", total=True))
    12 ...
    >>> cover(8, "Q", holes="d4,e5").count
    4788
    """
    return _queens.cover(
        _problem(board, pieces, fixed, define, holes, blockers, torus), kind, independent, total, budget, engine, threads
    )


def engine_report(
    board: Optional[BoardLike] = None,
    pieces: Optional[PiecesLike] = None,
    *,
    fixed: Optional[PlacementLike] = None,
    define: Optional[DefineLike] = None,
    holes: Optional[SquaresLike] = None,
    blockers: Optional[SquaresLike] = None,
    torus: bool = False,
    regions: Optional[RegionsLike] = None,
    per_region: Optional[int] = None,
) -> List[EngineReport]:
    """Every engine, in the order ``engine="auto"`` tries them, with its verdict on this
    problem for each job it runs (whether it takes it, whether auto would, or why not):
    the command line's ``queens engines``, as records. ``str()`` of a record is the
    command line's paragraph. For one kind alone on the open board a last record,
    ``queens max``, says what the closed form of ``max_pieces`` gives (its job's
    ``how``) or why it refuses by size (``why``).

    >>> nq = next(e for e in engine_report(8) if e.name == "nqueens")
    >>> [(j.job, j.accepted) for j in nq.jobs][:3]
    [('all', True), ('count', True), ('count --unique', True)]
    >>> ex = next(e for e in engine_report(8, holes="a1") if e.name == "nqueens")
    >>> ex.jobs[0].accepted, ex.jobs[0].why is not None
    (False, True)
    """
    native = _queens.NativeProblem(_problem(board, pieces, fixed, define, holes, blockers, torus, regions, per_region))
    return native.engine_report()


def completion_instance(n: int, *, seed: int = 0) -> Placement:
    """A random completion instance (Gent, Jefferson and Nightingale): queens on some
    files of an ``n x n`` board and the others free, for ``solve(n, fixed=...)``;
    ``seed`` picks it. The command line's ``gen-completion N --seed S``.

    >>> inst = completion_instance(20, seed=1)
    >>> inst.board, 0 < len(inst) < 20
    ((20, 20), True)
    >>> len(solve(20, fixed=inst) or []) in (0, 20)
    True
    """
    return _queens.completion_instance(n, seed)


def decode(
    model: str,
    board: Optional[BoardLike] = None,
    *,
    pieces: Optional[PiecesLike] = None,
    fixed: Optional[PlacementLike] = None,
    define: Optional[DefineLike] = None,
    cnf: Optional[str] = None,
) -> Optional[Placement]:
    """A SAT solver's answer to an :func:`export` ``to="dimacs"`` model (``model``: its
    ``s SATISFIABLE`` and ``v`` lines) read back as a placement; ``None`` when it
    answered UNSATISFIABLE. The problem is the one exported: ``cnf``, the DIMACS text
    itself, or the same board, pieces, fixed pieces and definitions. An answer that
    is not a solution is an :class:`InputError` naming the first conflict. The
    command line's ``queens decode``.

    >>> decode("s SATISFIABLE\\nv 2 8 9 15 0\\n", 4).coords()
    'Qa3 Qb1 Qc4 Qd2'
    """
    if not isinstance(model, str):
        raise InputError(f"bad model {model!r}: give the solver's output as text")
    if cnf is not None and not isinstance(cnf, str):
        raise InputError(f"bad cnf {cnf!r}: give the DIMACS text that export wrote")
    return _queens.decode(model, _problem(board, pieces, fixed, define), cnf)
