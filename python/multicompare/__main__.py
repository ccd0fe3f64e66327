"""``python -m multicompare``: the command line (see :mod:`multicompare.cli`)."""

from multicompare.cli import main

raise SystemExit(main())
