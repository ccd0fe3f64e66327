"""The input layer: what every function that takes scores makes of its input.

``scores`` (:class:`multicomp.Scores`, ``as_scores``: every input form checked into Scores,
with the names, the missing scores and the warnings), ``readers`` (``read_scores``: CSV,
Parquet and Arrow files; arrays, dicts and frames as a Table), ``frames`` (wide frames: layout,
columns, vectorised numeric checks), ``long`` (long frames, read in chunks), ``runs`` (repeated
runs combined: ``aggregate=``), ``arrow`` (Parquet and Arrow in column batches), ``given``
(average ranks as published, paired samples), ``orientation`` (the evidence that a table is
transposed), ``examples`` (the papers' data, the CSV files beside this one) and
``decorators`` (the input keywords, their checks and their documentation, written once and
applied to every public function that takes scores). It imports nothing of the package above
the private helpers; its ``__init__`` imports nothing.
"""
