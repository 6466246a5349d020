"""Outside agents: the local control API (``axsnap serve``) and its link to the native host.

Path of one request: HTTP client → ``app`` (token, Host, Origin, size checks) → ``hub``
(the serve process's end of the link, a Unix socket in a 0700 runtime dir) → ``link``
(a thread in the native host) → the extension over the native port (a ``control`` message
it answers after checking the person's consent) → capture → host pipeline → back the
same way.
"""
