"""The trust tests use the services' fixtures: a service over a temporary database."""

from __future__ import annotations

from tests.services.conftest import clock, db_path, service

__all__ = ["clock", "db_path", "service"]
