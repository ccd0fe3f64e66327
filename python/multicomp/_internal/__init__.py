"""The private helpers: the lowest layer, which imports no other.

``validation`` (argument checks in one wording), ``vocabulary`` (every option list, once),
``ranks`` (ranks, aligned ranks, Quade's weights), ``names`` (display names, number formats),
``tables`` (text, Markdown, LaTeX and HTML tables), ``work`` (work limits, progress bars),
``seeds`` (``random_state``: the default seed, a Generator), ``diagram`` (the style keywords of
a CD diagram), ``keywords`` (unknown keywords refused, one message) and ``plots``: the one way
up, through which the ``.plot()`` methods of the results reach the plotting layer, importing
it only when called. Its ``__init__`` imports nothing.
"""
