"""Register the axsnap native host with Chrome, Chromium, Edge and Brave on Linux, macOS and
Windows (see ``layout`` for every place it writes), and remove exactly what it wrote."""

from axsnap_host.install.check import INSTALL_COMMAND, check_manifest, check_registration
from axsnap_host.install.cli import build_parser, main
from axsnap_host.install.layout import BROWSERS, DEFAULT_BROWSERS, MANIFEST_NAME, Environment
from axsnap_host.install.manifest import allowed_origins, host_manifest
from axsnap_host.install.record import RECORD_NAME, InstallRecord
from axsnap_host.install.writer import install_host, uninstall_host, unpack_extension

__all__ = [
    "BROWSERS", "DEFAULT_BROWSERS", "INSTALL_COMMAND", "MANIFEST_NAME", "RECORD_NAME",
    "Environment", "InstallRecord", "allowed_origins", "build_parser", "check_manifest",
    "check_registration", "host_manifest", "install_host", "main", "uninstall_host",
    "unpack_extension",
]
