"""Type stubs of the native module ``queens._queens`` (written by hand; keep in step
with python/src/*.rs). Users call the API in ``queens/__init__.py``."""

from typing import Any, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, overload

from typing_extensions import final

from . import Conflict

# The argument forms the native module reads (python/src/args/forms.rs).
_BoardIn = Union[int, str, Tuple[int, int]]
_PiecesIn = Union[str, Mapping[str, int]]
_PlacementIn = Union[str, "Placement", Sequence[int], Sequence[Tuple[str, str]]]
_DefineIn = Union[Mapping[str, str], Sequence[str], str]
_SquaresIn = Union[str, Iterable[str]]
_RegionsIn = Union[str, Iterable[str], "Puzzle"]
# The problem keywords, passed as one tuple (board, pieces, fixed, define, holes,
# blockers, torus, regions, per_region), read in one place (python/src/keywords.rs).
_ProblemIn = Tuple[
    Optional[_BoardIn],
    Optional[_PiecesIn],
    Optional[_PlacementIn],
    Optional[_DefineIn],
    Optional[_SquaresIn],
    Optional[_SquaresIn],
    bool,
    Optional[_RegionsIn],
    Optional[int],
]

__all__ = [
    "Cover",
    "EngineReport",
    "JobVerdict",
    "NativeProblem",
    "NativeRanged",
    "Placement",
    "PlacementIter",
    "Puzzle",
    "Solutions",
    "Step",
    "Verdict",
    "_active_jobs",
    "_rebuild_puzzle",
    "completion_instance",
    "cover",
    "decode",
    "engine_names",
    "is_range",
    "max_pieces",
    "merge",
]

@final
class Placement:
    """Pieces on squares of a board: a sequence of ``(kind, square)`` pairs in canonical
    order (kind, then file, then rank). Hashable, comparable, drawn by ``str()``."""

    def __new__(
        cls, placement: _PlacementIn, board: Optional[_BoardIn] = None, define: Optional[_DefineIn] = None
    ) -> "Placement": ...
    @property
    def board(self) -> Tuple[int, int]:
        """The board as ``(rows, cols)``."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> Tuple[str, str]: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[Tuple[str, str]]: ...
    def __iter__(self) -> Iterator[Tuple[str, str]]: ...
    def __contains__(self, item: object, /) -> bool: ...
    def count(self, item: object) -> int: ...
    def index(self, item: object) -> int: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: "Placement", /) -> bool: ...
    def __le__(self, other: "Placement", /) -> bool: ...
    def __gt__(self, other: "Placement", /) -> bool: ...
    def __ge__(self, other: "Placement", /) -> bool: ...
    def diagram(self) -> str:
        """The board drawn, whatever its size."""
    def coords(self) -> str:
        """``"Qa1 Qb5 ..."``, the command line's ``--format coords``."""
    def perm(self) -> List[int]:
        """The rank (from 1) of the queen on each file, 0 for none."""
    def to_json(self) -> str:
        """One JSON object, the command line's ``--format json``."""
    def _repr_svg_(self) -> Optional[str]: ...

@final
class PlacementIter(Iterator[Tuple[str, str]]):
    def __iter__(self) -> "PlacementIter": ...
    def __next__(self) -> Tuple[str, str]: ...

@final
class Solutions(Iterator[Placement]):
    """Solutions computed as the loop asks for them."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Placement: ...
    def close(self) -> None:
        """Stops the search; the iterator then ends."""

def is_range(spec: str) -> bool: ...

@final
class NativeRanged:
    def __new__(cls, problem: _ProblemIn) -> "NativeRanged": ...
    def count(
        self, unique: bool = ..., engine: str = ..., threads: int = ..., budget: Optional[float] = None
    ) -> int: ...
    def solve(
        self,
        engine: str = ...,
        random: bool = ...,
        seed: Optional[int] = None,
        budget: Optional[float] = None,
        threads: int = ...,
    ) -> Optional[Placement]: ...
    def solutions(
        self, limit: Optional[int] = None, engine: str = ..., threads: int = ..., unique: bool = ...
    ) -> Solutions: ...

@final
class NativeProblem:
    def __new__(cls, problem: _ProblemIn) -> "NativeProblem": ...
    @property
    def board(self) -> Tuple[int, int]: ...
    @property
    def pieces(self) -> str: ...
    @property
    def fixed(self) -> str: ...
    @property
    def holes(self) -> List[str]: ...
    @property
    def blockers(self) -> List[str]: ...
    @property
    def torus(self) -> bool: ...
    @property
    def regions(self) -> Optional[List[str]]: ...
    @property
    def per_region(self) -> Optional[int]: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def count(
        self, unique: bool = ..., engine: str = ..., threads: int = ..., budget: Optional[float] = None
    ) -> int: ...
    def solve(
        self,
        engine: str = ...,
        random: bool = ...,
        seed: Optional[int] = None,
        budget: Optional[float] = None,
        threads: int = ...,
    ) -> Optional[Placement]: ...
    def solutions(
        self, limit: Optional[int] = None, engine: str = ..., threads: int = ..., unique: bool = ...
    ) -> Solutions: ...
    def export(self, to: str) -> str: ...
    def count_check(self, engine: str, parts: int) -> None: ...
    def count_part(
        self, index: int, count: int, engine: str = ..., threads: int = ..., checkpoint: Optional[str] = None
    ) -> str: ...
    def engine_report(self) -> List[EngineReport]: ...
    def verify(self, placement: _PlacementIn, check_spec: bool = True, partial: bool = ...) -> Verdict: ...

@final
class Verdict:
    """The verdict on a placement (the library's ``queens::verdict::Verdict``): truthy
    when it is valid; ``str()`` is the command line's ``verify`` text."""

    @property
    def valid(self) -> bool: ...
    def __bool__(self) -> bool: ...
    @property
    def problems(self) -> List[str]: ...
    @property
    def conflicts(self) -> List[Conflict]: ...
    @property
    def attacking_pairs(self) -> int: ...
    @property
    def pieces(self) -> int: ...
    @property
    def board(self) -> Tuple[int, int]: ...

@final
class Cover:
    """The fewest pieces of a kind that cover the board (``size``), in how many ways
    (``count``), and one such placement (``example``)."""

    @property
    def size(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def example(self) -> Placement: ...

@final
class JobVerdict:
    """One engine's verdict on one job."""

    @property
    def job(self) -> str: ...
    @property
    def accepted(self) -> bool: ...
    @property
    def auto(self) -> bool: ...
    @property
    def why(self) -> Optional[str]: ...
    @property
    def how(self) -> Optional[str]: ...

@final
class EngineReport:
    """One engine, what it does, the settings it takes and its verdict per job."""

    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def takes(self) -> List[str]: ...
    @property
    def jobs(self) -> List[JobVerdict]: ...

def cover(
    problem: _ProblemIn,
    kind: str,
    independent: bool = ...,
    total: bool = ...,
    budget: Optional[float] = None,
    engine: str = ...,
    threads: int = ...,
) -> Cover: ...
def completion_instance(n: _BoardIn, seed: Optional[int] = None) -> Placement: ...
def decode(
    model: str,
    problem: _ProblemIn,
    cnf: Optional[str] = None,
) -> Optional[Placement]: ...
def max_pieces(
    problem: _ProblemIn,
    kind: str,
    engine: str = ...,
    threads: int = ...,
    budget: Optional[float] = None,
) -> Tuple[int, int]: ...
def engine_names() -> List[str]: ...
def _active_jobs() -> int: ...
def merge(results: List[str], names: Optional[List[str]] = None) -> Tuple[int, Optional[int]]: ...

@final
class Step:
    """One deduction in a region puzzle: the rule, the squares it places a star on and
    crosses out (algebraic), and why. A hint or explanation that ends has the rule
    ``solved``, ``contradiction`` or ``stuck``, no level and no squares."""

    @property
    def rule(self) -> str: ...
    @property
    def level(self) -> Optional[str]: ...
    @property
    def place(self) -> List[str]: ...
    @property
    def cross(self) -> List[str]: ...
    @property
    def why(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Squares = Union[str, Iterable[str], None]

@final
class Puzzle:
    """A region puzzle (LinkedIn's "Queens", Star Battle): an ``n x n`` board cut into
    ``n`` regions; a solution has ``stars`` stars in every row, column and region, no
    two touching."""

    def __new__(cls, text_or_rows: Union[str, Iterable[str]], *, stars: Optional[int] = None) -> "Puzzle": ...
    @property
    def size(self) -> int: ...
    @property
    def stars(self) -> int: ...
    @property
    def rows(self) -> List[str]: ...
    def solve(self, *, budget: Optional[float] = None) -> Optional[Placement]: ...
    def count(self, *, budget: Optional[float] = None) -> int: ...
    def is_unique(self, *, budget: Optional[float] = None) -> bool: ...
    def hint(self, placed: _Squares = None, crossed: _Squares = None, *, budget: Optional[float] = None) -> Step: ...
    def explain(self) -> List[Step]: ...
    @property
    def rating(self) -> str: ...
    @property
    def rating_details(self) -> str: ...
    @classmethod
    def from_image(cls, source: Any, *, size: Optional[int] = None, stars: Optional[int] = None) -> "Puzzle":
        """A puzzle read from a screenshot: a path, the bytes of a PNG, JPEG, WebP, GIF
        or BMP file, a PIL image or a NumPy ``uint8`` array (height x width x 3 or 4).
        The queens and crosses drawn on it are ``placed`` and ``crossed``, the position
        ``hint()`` starts from. Unsure readings raise ``InputError``."""
    @property
    def placed(self) -> List[str]: ...
    @property
    def crossed(self) -> List[str]: ...
    @classmethod
    def generate(
        cls,
        n: int,
        *,
        stars: Optional[int] = None,
        difficulty: Optional[str] = None,
        seed: Optional[int] = None,
        budget: Optional[float] = None,
        style: Optional[str] = None,
    ) -> "Puzzle":
        """A new puzzle of side ``n`` with exactly one solution. The defaults are the
        library's, those of ``queens puzzle gen``: one star, any grade
        (``difficulty=None``; or ``"easy"``, ``"medium"``, ``"hard"``, ``"expert"``,
        ``"any"``), seed 0, ``"even"`` regions (``style=None``: compact regions of
        similar sizes; or ``"official"``: a few large regions and several small ones,
        like LinkedIn's levels; ``--style`` on the command line); the same arguments
        give the same puzzle as the command line."""
    def svg(self, placement: Optional[Placement] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str, int]]: ...

def _rebuild_puzzle(text: str, stars: int) -> Puzzle: ...
