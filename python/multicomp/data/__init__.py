"""The input layer: what every function that takes scores makes of its input.

``scores`` (:class:`multicomp.Scores`, ``as_scores``, ``read_scores``: arrays, wide and long
tables, CSV files, repeated runs, missing scores), ``orientation`` (the evidence that a table
is transposed), ``examples`` (the papers' data, the CSV files beside this one) and
``decorators`` (the input keywords, their checks and their documentation, written once and
applied to every public function that takes scores). This file imports none of them.
"""
