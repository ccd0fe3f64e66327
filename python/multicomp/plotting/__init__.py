"""Drawing: critical difference diagrams, the posteriors of the Bayesian tests and of the
Bayesian ranking.

``cd_groups`` (the groups a diagram joins: no matplotlib), ``cd_layout`` (the layout engine),
``cd_diagram`` (:func:`multicomp.cd_diagram`: draws the decisions it is given, or takes them
from one post-hoc it runs through the post-hoc API) ``posterior``
(:func:`multicomp.plot_posterior`) and ``ranking`` (``BayesianRankingResult.plot``). This file imports none of them.
"""
