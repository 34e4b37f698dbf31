"""Benchmarks (`make bench` runs `python -m tests.bench`): scripts that print figures."""
