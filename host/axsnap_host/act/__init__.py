"""Acting on a page: parse a target, resolve it on the tab's last capture, write the result.

The extension executes the action on the live node (``extension/lib/act/``); this package
decides *which* node (:mod:`.resolver`) and reports what the action changed
(:mod:`.report`). :mod:`.service` answers the host's ``act_*`` wire messages.
"""
