"""Drawing: critical difference diagrams and the posteriors of the Bayesian tests.

``cd_groups`` (the groups a diagram joins: no matplotlib), ``cd_layout`` (the layout engine),
``cd_diagram`` (:func:`multicomp.cd_diagram`: draws the decisions it is given, or takes them
from one post-hoc it runs through the post-hoc API) and ``posterior``
(:func:`multicomp.plot_posterior`). This file imports none of them.
"""
