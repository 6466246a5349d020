"""``axsnap mcp``: an MCP server (the official ``mcp`` SDK) over the user's own browser
(through ``axsnap serve``, the default) or a headless Chromium it launches (``--launch``)."""
