"""The throwaway server's fixture: where the binaries are missing, a skip with one line at
the end of the run, or a failure when COURIER_REQUIRE_POSTGRES=1 (as in CI)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.fixtures import postgres_server
from tests.fixtures.postgres_server import REQUIRE_VARIABLE, missing_server


def test_a_missing_server_skips_with_the_reason_kept_for_the_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(REQUIRE_VARIABLE, raising=False)
    monkeypatch.setattr(postgres_server, "_skipped", [])
    with pytest.raises(pytest.skip.Exception, match="no initdb"):
        missing_server("no initdb")
    with pytest.raises(pytest.skip.Exception):
        missing_server("no initdb")
    assert postgres_server._skipped == ["no initdb"]


def test_a_missing_server_fails_where_it_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_VARIABLE, "1")
    monkeypatch.setattr(postgres_server, "_skipped", [])
    with pytest.raises(pytest.fail.Exception, match=f"{REQUIRE_VARIABLE}=1"):
        missing_server("no initdb")
    assert postgres_server._skipped == []


class _Reporter:
    def __init__(self, skipped: list[object]) -> None:
        self.stats = {"skipped": skipped}
        self.lines: list[str] = []

    def write_line(self, line: str) -> None:
        self.lines.append(line)


def test_the_summary_names_a_missing_server_skipped_in_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Under pytest-xdist the skip happened in a worker: only its report reaches the summary.
    monkeypatch.setattr(postgres_server, "_skipped", [])
    missing = SimpleNamespace(longrepr=("t.py", 3, "Skipped: PostgreSQL tests skipped: no initdb"))
    other = SimpleNamespace(longrepr=("t.py", 9, "Skipped: another reason"))
    reporter = _Reporter([missing, other, missing])
    postgres_server.pytest_terminal_summary(reporter)
    assert reporter.lines == [
        "PostgreSQL tests skipped: no initdb (install PostgreSQL's server to run them)"
    ]
