"""The examples in docs/python.md, run as doctests."""

import doctest
import os

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "docs", "python.md")


def test_docs_python_md_examples():
    result = doctest.testfile(os.path.abspath(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 30, result
    assert result.failed == 0, result
