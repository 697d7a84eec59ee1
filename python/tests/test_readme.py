"""The README's Python examples and the extension's crate docs run as written."""

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


def readme_blocks() -> list:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Python"):]
    section = section[:section.index("\n## ", 1)]
    return python_blocks(section)


def crate_doc_blocks() -> list:
    text = (ROOT / "crates" / "python" / "src" / "lib.rs").read_text()
    doc = "\n".join(line[4:] if line.startswith("//! ") else line[3:]
                    for line in text.splitlines() if line.startswith("//!"))
    return python_blocks(doc)


def test_the_readme_has_its_examples():
    assert len(readme_blocks()) == 5
    assert len(crate_doc_blocks()) == 1


@pytest.mark.parametrize("i", range(5))
def test_a_readme_example_runs(i, tmp_path):
    code = readme_blocks()[i]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"README example {i + 1}", "exec"), {"__name__": "__readme__"})
    finally:
        os.chdir(cwd)


def test_the_crate_doc_example_runs():
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(crate_doc_blocks()[0], "lib.rs example", "exec"), {"__name__": "__doc__"})
