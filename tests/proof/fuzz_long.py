"""The long forms of the proof tests (50 SIGKILLs, 1,000 campaigns at once, thousands of
hostile arguments, whole games checked for secrets): `python -m tests.proof.fuzz_long`.

The same as `pytest -m slow tests/proof`; extra arguments go to pytest (`-x`, `-k crash`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

PROOF = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    return int(pytest.main(["-m", "slow", str(PROOF), *argv]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
