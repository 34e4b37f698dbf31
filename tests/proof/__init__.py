"""Proof under load and faults: crash safety, concurrency, hostile input, permissions, secrets."""
