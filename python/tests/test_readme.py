"""The Python chapter's examples (docs/python.md, in the book) and the extension's crate docs run
as written."""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks(text: str) -> list:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def chapter_blocks() -> list:
    return python_blocks((ROOT / "docs" / "python.md").read_text())


def crate_doc_blocks() -> list:
    text = (ROOT / "crates" / "python" / "src" / "lib.rs").read_text()
    doc = "\n".join(line[4:] if line.startswith("//! ") else line[3:]
                    for line in text.splitlines() if line.startswith("//!"))
    return python_blocks(doc)


def test_the_python_chapter_has_its_examples():
    assert len(chapter_blocks()) == 5
    assert len(crate_doc_blocks()) == 1


@pytest.mark.parametrize("i", range(5))
def test_a_python_chapter_example_runs(i, tmp_path):
    code = chapter_blocks()[i]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"the Python chapter's example {i + 1}", "exec"),
                 {"__name__": "__chapter__"})
    finally:
        os.chdir(cwd)


def test_the_crate_doc_example_runs():
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(crate_doc_blocks()[0], "lib.rs example", "exec"), {"__name__": "__doc__"})
