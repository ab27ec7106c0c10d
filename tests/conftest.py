"""Shared test settings."""

import os

from hypothesis import settings

# CI runs the same examples every time, so a red run can be reproduced; locally Hypothesis explores.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
