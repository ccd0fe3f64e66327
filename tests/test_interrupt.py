"""Ctrl-C stops a long computation of the Rust core promptly (issue 9, item 5).

Each case runs in a subprocess that prints "ready" just before a call taking far longer
than the bound below (tens of seconds to minutes), is sent SIGINT, and must exit with
KeyboardInterrupt well before the call could have finished. The bound is generous: it
checks that the call stops at all, not how fast.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

STOPS_WITHIN = 20.0  # seconds after SIGINT; the uninterrupted calls take minutes

CALLS = {
    # 400 families of Bergmann-Hommel's general route at k = 20 with p-values spread over 12
    # decades, its slowest case (about 0.4 s each, minutes in all): the check between
    # families and between the deferred updates of one family. (One family no longer takes
    # long enough to be interrupted: most take milliseconds.)
    "batch": "multicomp.adjust_all_pairs(10.0 ** (-12 * np.random.default_rng(0).random((400, 190))), 'bergmann_hommel')",
    # The Plackett-Luce Gibbs sampler: 1.5e5 draws at k = 50, N = 1000 (about 40 s of one
    # core): the check at every sweep of every chain.
    "plackett_luce": "multicomp.bayesian_ranking(np.random.default_rng(0).random((1000, 50)), n_draws=150_000)",
    # The hierarchical model's sampler: 10 million draws of 100 data sets (minutes): the
    # check every 256 sweeps of every chain.
    "hierarchical": "multicomp.bayesian_hierarchical_test(np.random.default_rng(0).random((100, 10)), np.random.default_rng(1).random((100, 10)), n_draws=10_000_000, max_work=1e10)",
    # Monte Carlo permutations: 10 million resamples of 16 x 200 Friedman ranks (minutes):
    # the check at every resample of every block.
    "permutation": "multicomp.friedman(np.random.default_rng(0).random((16, 200)), method='permutation', n_resamples=10_000_000)",
    # Effect sizes with a million resamples at N = 500, k = 40 (minutes, the limit raised):
    # numpy steps and core calls of bounded size, the core checking before each block of
    # resamples (issue 36 item 1: one product of a million resamples ignored Ctrl-C for 105 s).
    "effect_sizes": "multicomp.effect_sizes(np.random.default_rng(0).random((500, 40)), n_resamples=10**6, max_work=1e13)",
}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is POSIX")
@pytest.mark.parametrize("call", sorted(CALLS))
def test_sigint_stops_a_long_core_call(call: str) -> None:
    # Python's own Ctrl-C handler, even where the test runs with SIGINT ignored (a shell's
    # background job ignores it, and children inherit that): the user's case is a terminal.
    # The function's modules are imported before "ready" (multicomp imports them lazily): a
    # library's broad except around an import could swallow a SIGINT arriving there.
    function = re.match(r"multicomp\.(\w+)\(", CALLS[call])
    assert function is not None
    code = (
        "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
        f"import numpy as np, multicomp\nmulticomp.{function[1]}\n"
        f"print('ready', flush=True)\n{CALLS[call]}\nprint('finished')"
    )
    with subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "RAYON_NUM_THREADS": "2"},
    ) as proc:  # closes the pipes whatever happens
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
            time.sleep(0.5)  # inside the core call by now
            proc.send_signal(signal.SIGINT)
            try:
                out, err = proc.communicate(timeout=STOPS_WITHIN)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still running {STOPS_WITHIN} s after SIGINT")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert "finished" not in out
    assert proc.returncode != 0
    assert "KeyboardInterrupt" in err


def test_a_notebook_without_ipywidgets_gets_the_text_bar_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """tqdm.auto warns "IProgress not found" in a notebook without ipywidgets before falling
    back to its text bar; the package picks the text bar itself there."""
    import importlib.util

    import tqdm.auto
    import tqdm.std

    from multicomp._internal import work

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ipywidgets" else real(name)
    )
    assert work.bar_class() is tqdm.std.tqdm
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object())
    assert work.bar_class() is tqdm.auto.tqdm
