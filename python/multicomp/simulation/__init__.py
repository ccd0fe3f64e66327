"""Monte Carlo estimates of the family-wise type I error and the power of the package's procedures.

:func:`simulate` draws many score tables from a model (N data sets x k algorithms with chosen
true locations, noise, data-set scales and rounding), runs the omnibus tests and the 1xN and
all-pairs post-hocs of the package on every table, and counts rejections of true and of false
null hypotheses. Everything is vectorised over the replications: the ranks and statistics of a
whole chunk of tables at once, the p-value adjustments in one call per chunk (Shaffer and
Bergmann-Hommel in one parallel call into the Rust core, :mod:`multicomp._core`).

The chunks have fixed sizes and independent seeds (``numpy.random.SeedSequence.spawn``), so the
result depends on ``random_state`` only: not on whether the chunks run in turn or spread over a
``concurrent.futures.Executor`` (threads, processes, or a Dask ``distributed`` client's
``client.get_executor()``).

References: D06 = Demsar (2006), JMLR 7:1-30; G08 = Garcia & Herrera (2008), JMLR 9:2677-2694;
G10 = Garcia, Fernandez, Luengo & Herrera (2010), Inf. Sci. 180:2044-2064.
"""

from multicomp._internal.vocabulary import COMPARISONS, NOISES
from multicomp.simulation.model import CustomProcedure, NoiseFunction
from multicomp.simulation.result import SimulationResult
from multicomp.simulation.run import simulate

__all__ = [
    "COMPARISONS",
    "NOISES",
    "CustomProcedure",
    "NoiseFunction",
    "SimulationResult",
    "simulate",
]
