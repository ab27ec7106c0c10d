"""Benchmarks: scripts, not tests. ``python -m tests.bench`` runs them all.

Each script prints one line per figure, beside a baseline measured in the same
run and the ratio between them, because the machines are shared and noisy.
Nothing here is collected by pytest (no ``test_`` names) and nothing asserts a time.
"""
