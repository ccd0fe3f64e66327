"""``python -m multicomp``: the command line (see :mod:`multicomp.cli`)."""

from multicomp.cli import main

raise SystemExit(main())
