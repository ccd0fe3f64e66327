"""The one-call analysis and its report.

``model`` (the data classes: import nothing else of this package), ``decisions`` (what a
procedure rejects, and the groups: computed once), ``render`` (summary, text, Markdown,
LaTeX, HTML, CSV), ``json`` (the JSON codec), ``report`` (the public :class:`multicomp.Report`:
the data with its renderers and diagram) and ``compare`` (the orchestration of
:func:`multicomp.compare`). This file imports none of them, so importing one imports only
what it needs.
"""
