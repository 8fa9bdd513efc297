"""The exceptions of ``queens``.

Every error the package raises is a :class:`QueensError`. Bad input (a board, a piece
spec, a square, an engine that does not take the problem) is an :class:`InputError`,
which is also a :class:`ValueError`; a budget that runs out is a :class:`BudgetError`,
which is also a :class:`TimeoutError`. The message is the command line's sentence.
"""

from __future__ import annotations


class QueensError(Exception):
    """The base of every error ``queens`` raises."""

    def add_note(self, note: str, /) -> None:
        # PyO3 adds "while processing 'ARG'" to an error raised while it reads an
        # argument; the package's sentences name the argument already ("bad board
        # '0x8': ..."), so that note would only repeat it under the message.
        if note.startswith("while processing '"):
            return
        super().add_note(note)


class InputError(QueensError, ValueError):
    """An argument that cannot be used: the message names the bad part."""


class BudgetError(QueensError, TimeoutError):
    """The time budget ran out before an answer was found; nothing is proved."""


class GaveUpError(BudgetError):
    """Local search stopped on its own limit without an answer; nothing is proved."""


class InternalError(QueensError):
    """A bug in ``queens`` (a result that cannot be right, or a Rust panic); please report it."""


__all__ = ["QueensError", "InputError", "BudgetError", "GaveUpError", "InternalError"]
