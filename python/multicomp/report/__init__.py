"""The report of a comparison: its data, its decisions, its renderers.

``model`` (the data classes: they import nothing of this package but the tests' names and
``extra_data``, the data classes of the extras), ``names`` (the registered tests' names, the
default procedure), ``decisions`` (what a procedure rejects, and the groups: computed once),
``render`` (summary, text, Markdown, HTML, CSV), ``latex`` (LaTeX), ``large`` (beyond 30
algorithms: the summarised ranking, verdicts, letters), ``json`` (the JSON codec), ``extras``
(effect sizes, the matrix, the Bayesian ranking, when asked), ``files`` (every output at
once) and ``report`` (the public :class:`multicomp.Report`: the data with its renderers and
diagram). :func:`multicomp.compare`, which builds a report, is in :mod:`multicomp.analysis`,
above this package. Its ``__init__`` imports nothing, so importing one module imports only
what it needs.
"""
