"""The examples in the package's docstrings and in python/README.md run and print what
they show (the seed tools' examples among them)."""

import doctest
from pathlib import Path

import queens

README = Path(__file__).resolve().parent.parent / "README.md"


def test_docstring_examples_run():
    result = doctest.testmod(queens, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted >= 20, "the docstrings lost their examples"
    assert result.failed == 0


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10, "python/README.md lost its examples"
    assert result.failed == 0


def test_project_readme_python_example_runs():
    result = doctest.testfile(
        str(README.parent.parent / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted >= 3, "README.md lost its Python example"
    assert result.failed == 0
