"""The ``axsnap`` command: every subcommand."""
