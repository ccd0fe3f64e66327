"""Smoke test of an installed multicomp: ``python -I wheel_smoke.py`` (exit status 0 when it passes).

Run with the interpreter of a fresh virtual environment that has only the built wheel (and its
dependencies from PyPI) installed, from a directory outside the source tree: by
``tests/test_packaging.py::test_wheel_in_fresh_venv`` (also without cargo on PATH) and by the
release workflow (.github/workflows/release.yml) on every platform. It checks where the package
comes from, its version and stable-ABI native module, the README's example command, and one
Bergmann-Hommel call against García & Herrera (2008), Table 5.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from importlib.metadata import version
from pathlib import Path

import numpy as np

import multicomp as mc
from multicomp import _core

# García & Herrera (2008), JMLR 9:2677-2694, Table 5, column APV_BH (printed to 4 digits);
# 1-NN vs NaiveBayes: the formula's 0.0303 (the printed 0.0319 is a running maximum, see
# tests/reference/expected.json).
G08_BERGMANN_HOMMEL = {
    ("C4.5", "Kernel"): 4.487e-07,
    ("Kernel", "CN2"): 0.0115,
    ("C4.5", "1-NN"): 0.0291,
    ("1-NN", "Kernel"): 0.0319,
    ("1-NN", "NaiveBayes"): 0.0303,
    ("C4.5", "CN2"): 0.0383,
    ("1-NN", "CN2"): 1.0,
}


def main() -> None:
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    package = Path(mc.__file__).resolve().parent
    assert package.parent == site, f"multicomp imported from {package}, not from {site}"
    assert Path(_core.__file__).name.endswith((".abi3.so", ".pyd")), _core.__file__
    assert mc.__version__ == version("multicomp"), (mc.__version__, version("multicomp"))

    # The README's example command, through the installed console script.
    command = Path(sys.executable).with_name(
        "multicomp.exe" if sys.platform == "win32" else "multicomp"
    )
    assert command.is_file(), f"no console script {command}"
    out = subprocess.run(
        [command, "--example", "demsar2006"], check=True, capture_output=True, text=True
    ).stdout
    assert "Average ranks" in out and "Bergmann-Hommel" in out, out
    assert "3.1429" in out, out  # C4.5's average rank 3.143 in Demšar (2006), Table 6

    # One Bergmann-Hommel call: G08's all-pairs comparison.
    matrix = mc.posthoc_all_pairs(mc.load_example("garcia2008")).matrix("bergmann_hommel")
    names, apv = list(matrix.columns), matrix.to_numpy(dtype=float)
    for (a, b), printed in G08_BERGMANN_HOMMEL.items():
        value = apv[names.index(a), names.index(b)]
        assert np.isclose(value, printed, rtol=5e-3, atol=5e-5), (a, b, value, printed)
    print(f"multicomp {mc.__version__} from {package}: smoke tests passed")


if __name__ == "__main__":
    main()
