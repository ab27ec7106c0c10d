"""Redemption lessons (TOML data files; see :mod:`rules.lessons` for the format)."""
