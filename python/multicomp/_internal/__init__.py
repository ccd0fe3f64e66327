"""The package's private helpers, the lowest layer: argument checks in one wording
(validation), every option list once (vocabulary), ranks (ranks), display names and number
formats (names), work limits and progress (work), text tables (tables). They import nothing
else of the package."""
