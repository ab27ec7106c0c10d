"""The program's version, in one place: ``pyproject.toml`` reads it from here (``[tool.setuptools.dynamic]``),
and ``redemption --version`` and each save's ``app_version`` say it without reading the installed package's
metadata (which costs a start-up a third again)."""

VERSION = "0.1.0"
