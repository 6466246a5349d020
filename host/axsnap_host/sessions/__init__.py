"""Named sessions: one background browser kept between ``axsnap`` commands (``axsnap open URL
-s work``, ``snapshot -s work``, ``act -s work``, ``close -s work``, ``sessions``)."""
