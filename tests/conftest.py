import os

from hypothesis import settings

# Deterministic in CI, random locally (as SciPy does).
settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# ``--extension`` (or MULTICOMP_EXTENSION=1): the whole run beside the registry entries of
# tests/extension.py (a new procedure, rank tests, a pairwise and an incomplete-block test).
from extension import pytest_addoption, pytest_configure, pytest_report_header  # noqa: E402

__all__ = ["pytest_addoption", "pytest_configure", "pytest_report_header"]
