"""The throwaway server's fixture: where the binaries are missing, a skip with one line at
the end of the run, or a failure when COURIER_REQUIRE_POSTGRES=1 (as in CI)."""

from __future__ import annotations

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
