"""What the comparisons say about the order of the algorithms: the groups of a CD diagram
(cd_groups), the compact letter display (letters), the multi-comparison matrix
(multi_comparison) and the Bayesian Plackett-Luce ranking (plackett_luce). Its ``__init__``
imports nothing."""
