"""Drawing: the top layer below the entry points, which draws what the layers below decided.

``cd_layout`` (the layout engine of a CD diagram, in steps), ``cd_diagram``
(:func:`multicomp.cd_diagram`: draws the decisions it is given, those of
:mod:`multicomp.report.decisions`, or takes them from one post-hoc it runs through the
post-hoc API), ``posterior`` (:func:`multicomp.plot_posterior`), ``ranking`` (the Bayesian
ranking), ``matrix`` (the multi-comparison matrix's heat map) and ``letters`` (the compact
letter display, for k up to thousands). No module below imports it: the results' ``.plot()``
methods reach it through :mod:`multicomp._internal.plots`, when called. Its ``__init__``
imports nothing.
"""
