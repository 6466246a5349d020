"""axsnap host: turns a raw browser-tab capture into context for a web agent."""

__version__ = "0.1.0"

PROTOCOL_VERSION = 1
HOST_NAME = "com.axsnap.host"
EXTENSION_ID = "egmnfpicaiccfgkfoddjahjnpdmhbkgf"
